import Drawing
import PackReader
import Rerouting
import TrailpackCore

/// What a node of the trail network (`routing.json`) is, by the number of edge ends it holds.
public enum NetworkNodeKind: Sendable, Equatable, CaseIterable {
    /// Three or more edge ends: trails meet.
    case junction
    /// One edge end (or none): a trail ends.
    case deadEnd
    /// Two edge ends: a route's start, end or via point on a trail, two trail lines joined end
    /// to end, or the split of a closed loop.
    case through

    /// The legend's words for the kind.
    public var legendText: String {
        switch self {
        case .junction: "junction"
        case .deadEnd: "dead end"
        case .through: "through node: via, trail joint, loop split"
        }
    }
}

/// One node of the trail network as the overview marks it.
public struct NetworkNodeMark: Sendable, Equatable {
    public var location: LonLat
    public var kind: NetworkNodeKind
}

/// The trail network's nodes on maps: small magenta (`RoutePalette.networkNode`) symbols with a
/// white outline, drawn above trails and below POIs, routes and labels. Junction: filled
/// circle, radius `junctionRadiusPx`; dead end: filled square `deadEndSidePx` wide; through
/// node: a magenta ring around a white centre.
public enum NetworkNodeLayer {
    public static let junctionRadiusPx = 4.5
    public static let deadEndSidePx = 8.0
    public static let throughRadiusPx = 4.0

    /// Every node of `network`, in `routing.json` order, with its kind.
    public static func marks(_ network: RoutingNetwork) -> [NetworkNodeMark] {
        var ends = [Int](repeating: 0, count: network.nodes.count)
        for e in network.edges {
            ends[e.a] += 1
            ends[e.b] += 1
        }
        return network.nodes.enumerated().map { k, node in
            NetworkNodeMark(location: node.location, kind: ends[k] >= 3 ? .junction : ends[k] <= 1 ? .deadEnd : .through)
        }
    }

    /// Draws every mark of `network` (nothing for nil) projected through `frame`.
    static func draw(_ network: RoutingNetwork?, frame: MercatorFrame, on canvas: Canvas) {
        guard let network else { return }
        for mark in marks(network) { drawSymbol(mark.kind, at: frame.point(mark.location), on: canvas) }
    }

    /// Draws the symbol of `kind` centred at `p`.
    static func drawSymbol(_ kind: NetworkNodeKind, at p: PixelPoint, on canvas: Canvas) {
        canvas.setDash(lengthsPx: [])
        canvas.newPath()
        switch kind {
        case .junction: canvas.addCircle(center: p, radiusPx: junctionRadiusPx)
        case .deadEnd:
            canvas.addRectangle(PixelRect(xPx: p.xPx - deadEndSidePx / 2, yPx: p.yPx - deadEndSidePx / 2,
                                          widthPx: deadEndSidePx, heightPx: deadEndSidePx))
        case .through: canvas.addCircle(center: p, radiusPx: throughRadiusPx)
        }
        canvas.setColor(kind == .through ? .white : RoutePalette.networkNode)
        canvas.fill(preserve: true)
        canvas.setColor(kind == .through ? RoutePalette.networkNode : .white)
        canvas.setLineWidth(px: kind == .through ? 2.5 : 1.5)
        canvas.stroke()
    }
}

extension NetworkNodeLayer {
    /// Writes the legend row "Trail network nodes (n): ● junction (n) ■ dead end (n) ○ through
    /// node: via, trail joint, loop split (n)", 18 px text, baseline at `baseline`; kinds with no
    /// node are left out.
    static func drawLegend(_ network: RoutingNetwork, baseline: PixelPoint, on canvas: Canvas) {
        let all = marks(network)
        canvas.setFont(sizePx: 18)
        canvas.setColor(MapDecorations.labelColor)
        let title = "Trail network nodes (\(all.count)):"
        canvas.showText(title, at: baseline)
        var x = baseline.xPx + canvas.textExtents(title).advanceXPx + 16
        for kind in NetworkNodeKind.allCases {
            let n = all.count { $0.kind == kind }
            guard n > 0 else { continue }
            drawSymbol(kind, at: PixelPoint(xPx: x + 6, yPx: baseline.yPx - 6), on: canvas)
            let text = "\(kind.legendText) (\(n))"
            canvas.setFont(sizePx: 18)
            canvas.setColor(MapDecorations.labelColor)
            canvas.showText(text, at: PixelPoint(xPx: x + 18, yPx: baseline.yPx))
            x += 18 + canvas.textExtents(text).advanceXPx + 22
        }
    }
}
