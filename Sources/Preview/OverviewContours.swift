import Drawing
import Foundation
import TrailpackCore

/// The overview's contour layer at its scale: the levels `ContourScale` keeps, minor lines cut
/// where the ground is too steep for them to stay apart, index lines whole and labelled along
/// the line ("1,250 m", `MetresFormat`) where the label's box is free in the map's `LabelLayout`.
struct OverviewContours: Sendable {
    /// Nil when the pack has no contours or no terrain to measure slopes on: the pack's own
    /// levels and index flags are drawn as they are.
    var scale: ContourScale?
    /// Minor lines as drawn (runs of vertices on ground gentle enough), with their elevation.
    var minor: [(eleM: Double, parts: [[LonLat]])]
    /// Index lines with their elevation, one entry per level in rising order.
    var index: [(eleM: Double, parts: [[LonLat]])]

    /// The layer of `contours` (the pack's lines `packIntervalM` apart) on a map drawn through
    /// `frame`, slopes measured on `terrain`.
    init(_ contours: [ContourFeature], packIntervalM: Double?, terrain: TerrainGrid?, frame: MercatorFrame) {
        guard let packIntervalM, packIntervalM > 0, let terrain, !contours.isEmpty else {
            scale = nil
            minor = contours.filter { !$0.isIndex }.map { ($0.eleM, $0.parts) }
            index = contours.filter(\.isIndex).map { ($0.eleM, $0.parts) }
            return
        }
        let metresPerPx = 1 / frame.pixelsPerGroundMetre
        let slope = TerrainSlope(terrain: terrain, stepM: max(terrain.resolutionM, ContourScale.minimumSpacingPx * metresPerPx / 2))
        let scale = ContourScale(packIntervalM: packIntervalM, metresPerPx: metresPerPx,
                                 designSlope: slope.quantile(ContourScale.designPercentile))
        self.scale = scale
        var minor: [(Double, [[LonLat]])] = []
        // Index lines gathered per level (a tile archive gives one feature per piece).
        var index: [Double: [[LonLat]]] = [:]
        for c in contours where scale.isDrawn(c.eleM) {
            if scale.isIndex(c.eleM) {
                index[c.eleM, default: []] += c.parts
            } else {
                minor.append((c.eleM, c.parts.flatMap { Self.gentleRuns($0) { scale.isMinorDrawn(slope: slope.slope(at: $0) ?? 0) } }))
            }
        }
        self.minor = minor
        self.index = index.keys.sorted().map { ($0, index[$0]!) }
    }

    /// The runs of `part` whose vertices all pass `keep` (runs of one vertex dropped).
    static func gentleRuns(_ part: [LonLat], keep: (LonLat) -> Bool) -> [[LonLat]] {
        var runs: [[LonLat]] = [], run: [LonLat] = []
        for p in part {
            if keep(p) {
                run.append(p)
            } else {
                if run.count > 1 { runs.append(run) }
                run = []
            }
        }
        if run.count > 1 { runs.append(run) }
        return runs
    }

    /// Strokes the minor lines (1 px) and the index lines (2.2 px) in the contour colours.
    func draw(frame: MercatorFrame, on canvas: Canvas) {
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.setDash(lengthsPx: [])
        canvas.setColor(RoutePalette.contour)
        canvas.setLineWidth(px: 1)
        MapDecorations.strokeLines(minor.flatMap(\.parts), frame: frame, on: canvas)
        canvas.setColor(RoutePalette.indexContour)
        canvas.setLineWidth(px: 2.2)
        MapDecorations.strokeLines(index.flatMap(\.parts), frame: frame, on: canvas)
    }

    /// One elevation label along an index line: its text, centre, angle (upright) and the box
    /// it covers (the rotated text with its halo), pixels.
    struct LineLabel {
        var text: String
        var center: PixelPoint
        var angleRad: Double
        var box: PixelRect
    }

    /// The labels of the index lines whose boxes `labels` can still take (claimed in order),
    /// pieces of a level joined end to start first (`LineChains`); at mid-length on lines 250...1200 px long, every 800 px (from 400 px) on longer ones.
    func placeLabels(frame: MercatorFrame, labels: inout MapDecorations.LabelPlacer, on canvas: Canvas) -> [LineLabel] {
        canvas.setFont(sizePx: Self.labelSizePx)
        var out: [LineLabel] = []
        for (eleM, parts) in index {
            let text = eleM == eleM.rounded() ? MetresFormat.wholeMetres(eleM) : formatNumber(eleM, maxDecimals: 1) + " m"
            let e = canvas.textExtents(text)
            for line in LineChains.join(parts.map { $0.map(frame.point) }, tolerancePx: Self.joinTolerancePx) {
                for spot in Self.spots(line) {
                    let label = LineLabel(text: text, center: spot.center, angleRad: spot.angleRad,
                                          box: Self.rotatedBox(widthPx: e.advanceXPx + 8, heightPx: Self.labelSizePx + 6, center: spot.center, angleRad: spot.angleRad))
                    if labels.claim(label.box) { out.append(label) }
                }
            }
        }
        return out
    }

    static let labelSizePx = 14.0
    /// Pieces of one level whose end and start lie this close are one line for labelling (a
    /// tile archive's pieces, cut at tile edges with a buffer), pixels.
    static let joinTolerancePx = 3.0

    /// Draws `lineLabels` upright along their lines with a white halo.
    static func draw(_ lineLabels: [LineLabel], on canvas: Canvas) {
        canvas.setFont(sizePx: labelSizePx)
        for l in lineLabels {
            let e = canvas.textExtents(l.text)
            canvas.withSavedState {
                canvas.translate(dxPx: l.center.xPx, dyPx: l.center.yPx)
                canvas.rotate(radians: l.angleRad)
                canvas.showText(l.text, at: PixelPoint(xPx: -e.advanceXPx / 2, yPx: -(e.bearingYPx + e.heightPx / 2)),
                                color: RoutePalette.indexContour, halo: .white, haloWidthPx: 4)
            }
        }
    }

    /// Label spots along a line in pixels: centre and the upright angle of the line there.
    static func spots(_ points: [PixelPoint]) -> [(center: PixelPoint, angleRad: Double)] {
        guard points.count > 1 else { return [] }
        var cum = [0.0]
        for k in 1..<points.count { cum.append(cum[k - 1] + points[k].distancePx(to: points[k - 1])) }
        let total = cum.last!
        guard total >= 250 else { return [] }
        func at(_ d: Double) -> PixelPoint {
            let d = min(max(d, 0), total)
            var k = 1
            while k < cum.count - 1 && cum[k] < d { k += 1 }
            let seg = max(cum[k] - cum[k - 1], 1e-9), t = (d - cum[k - 1]) / seg
            return PixelPoint(xPx: points[k - 1].xPx + (points[k].xPx - points[k - 1].xPx) * t,
                              yPx: points[k - 1].yPx + (points[k].yPx - points[k - 1].yPx) * t)
        }
        let distances = total < 1200 ? [total / 2] : Array(stride(from: 400.0, to: total - 200, by: 800))
        return distances.map { s in
            let a = at(s - 15), b = at(s + 15)
            var angle = atan2(b.yPx - a.yPx, b.xPx - a.xPx)
            if angle > Double.pi / 2 { angle -= Double.pi } else if angle < -Double.pi / 2 { angle += Double.pi }
            return (at(s), angle)
        }
    }

    /// The axis-aligned box of a `widthPx` x `heightPx` rectangle centred on `center`, turned by `angleRad`.
    static func rotatedBox(widthPx w: Double, heightPx h: Double, center: PixelPoint, angleRad: Double) -> PixelRect {
        let c = abs(cos(angleRad)), s = abs(sin(angleRad))
        let bw = w * c + h * s, bh = w * s + h * c
        return PixelRect(xPx: center.xPx - bw / 2, yPx: center.yPx - bh / 2, widthPx: bw, heightPx: bh)
    }
}
