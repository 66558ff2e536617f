import Drawing
import Foundation

/// Where one label went: its box and, when the box sits away from its anchor, the anchor a
/// leader line is drawn from (nil when the label sits beside its anchor). Pixels.
public struct PlacedLabel: Sendable, Equatable {
    public var box: PixelRect
    public var leaderFrom: PixelPoint?
}

/// Map label placement as values: labels never overlap each other, reserved boxes (markers) or
/// the lines to keep clear (routes), and always lie inside `bounds`; a label with no free
/// candidate spot is left out (`place` returns nil).
///
/// Candidates per label, in order: beside the anchor `gapPx` away (right, left, above, below,
/// above/below aligned to either side, right/left one and two lines up or down), then on rings
/// `ringStepPx`, 2x and 3x farther out in eight directions with a leader line from the anchor.
/// A candidate crossing the edge is shifted inside `bounds` (a leader is drawn when that moves
/// it more than 4 px from its spot).
public struct LabelLayout: Sendable {
    public let bounds: PixelRect
    /// Label boxes placed so far, in placing order.
    public private(set) var placed: [PixelRect] = []
    /// Boxes (markers, symbols) labels must not cover.
    public private(set) var reserved: [PixelRect] = []
    private var lines: [LineObstacle] = []

    public init(bounds: PixelRect) { self.bounds = bounds }

    /// Records a box that later labels must avoid.
    public mutating func reserve(_ box: PixelRect) { reserved.append(box) }

    /// Records a polyline (a route, `halfWidthPx` either side of it) that labels must not cover.
    public mutating func avoid(line points: [PixelPoint], halfWidthPx: Double) {
        for (a, b) in zip(points, points.dropFirst()) { lines.append(LineObstacle(a: a, b: b, halfWidthPx: halfWidthPx)) }
    }

    /// True when `box` lies inside `bounds` and touches no placed label, reserved box or line.
    public func isFree(_ box: PixelRect) -> Bool {
        guard box.xPx >= bounds.xPx, box.yPx >= bounds.yPx, box.maxXPx <= bounds.maxXPx, box.maxYPx <= bounds.maxYPx else { return false }
        if placed.contains(where: { $0.intersects(box) }) || reserved.contains(where: { $0.intersects(box) }) { return false }
        return !lines.contains { $0.touches(box) }
    }

    /// Places a `widthPx` x `heightPx` label for `anchor` at its first free candidate and
    /// records it; nil when none is free (the label is left out).
    public mutating func place(widthPx: Double, heightPx: Double, anchor: PixelPoint, gapPx: Double) -> PlacedLabel? {
        for spot in Self.candidates(widthPx: widthPx, heightPx: heightPx, anchor: anchor, gapPx: gapPx) {
            guard let box = shiftedInside(spot.box) else { continue }
            guard isFree(box) else { continue }
            placed.append(box)
            let moved = abs(box.xPx - spot.box.xPx) + abs(box.yPx - spot.box.yPx) > 4
            return PlacedLabel(box: box, leaderFrom: spot.leader || moved ? anchor : nil)
        }
        return nil
    }

    /// Records `box` as a placed label exactly where it is (a contour's elevation along its
    /// line) when it is free; false (nothing recorded) when it is not.
    public mutating func claim(_ box: PixelRect) -> Bool {
        guard isFree(box) else { return false }
        placed.append(box)
        return true
    }

    /// `box` moved inside `bounds`; nil when it is larger than `bounds`.
    func shiftedInside(_ box: PixelRect) -> PixelRect? {
        guard box.widthPx <= bounds.widthPx, box.heightPx <= bounds.heightPx else { return nil }
        var out = box
        out.xPx = min(max(box.xPx, bounds.xPx), bounds.maxXPx - box.widthPx)
        out.yPx = min(max(box.yPx, bounds.yPx), bounds.maxYPx - box.heightPx)
        return out
    }

    /// The candidate boxes for a label, in the order they are tried (see the type's doc).
    static func candidates(widthPx w: Double, heightPx h: Double, anchor: PixelPoint, gapPx: Double) -> [(box: PixelRect, leader: Bool)] {
        let ax = anchor.xPx, ay = anchor.yPx
        var near: [(Double, Double)] = [
            (ax + gapPx, ay - h / 2), (ax - gapPx - w, ay - h / 2), (ax - w / 2, ay - gapPx - h), (ax - w / 2, ay + gapPx),
            (ax - w, ay - gapPx - h), (ax, ay - gapPx - h), (ax - w, ay + gapPx), (ax, ay + gapPx),
        ]
        for lines in [1.0, -1.0, 2.0, -2.0] {
            near.append((ax + gapPx, ay - h / 2 - lines * h))
            near.append((ax - gapPx - w, ay - h / 2 - lines * h))
        }
        var out = near.map { (box: PixelRect(xPx: $0.0, yPx: $0.1, widthPx: w, heightPx: h), leader: false) }
        let ringStepPx = 2 * h + gapPx
        for ring in 1...3 {
            let d = gapPx + Double(ring) * ringStepPx
            for k in 0..<8 {
                let angle = Double(k) * Double.pi / 4
                let cx = ax + cos(angle) * d, cy = ay - sin(angle) * d
                // The box's near side faces the anchor: left edge on the right, right edge on the left.
                let x = cos(angle) > 0.3 ? cx : cos(angle) < -0.3 ? cx - w : cx - w / 2
                let y = sin(angle) > 0.3 ? cy - h : sin(angle) < -0.3 ? cy : cy - h / 2
                out.append((PixelRect(xPx: x, yPx: y, widthPx: w, heightPx: h), true))
            }
        }
        return out
    }
}

/// One segment of a line labels keep clear of, with the half width of its stroke, pixels.
struct LineObstacle: Sendable {
    var a: PixelPoint
    var b: PixelPoint
    var halfWidthPx: Double

    /// True when the stroke touches `box` (the box grown by the half width, against the segment).
    func touches(_ box: PixelRect) -> Bool {
        let r = box.insetBy(marginPx: halfWidthPx)
        if max(a.xPx, b.xPx) < r.xPx || min(a.xPx, b.xPx) > r.maxXPx || max(a.yPx, b.yPx) < r.yPx || min(a.yPx, b.yPx) > r.maxYPx { return false }
        return Self.clips(a, b, r)
    }

    /// Liang–Barsky: does segment `a`-`b` have a part inside `r`?
    static func clips(_ a: PixelPoint, _ b: PixelPoint, _ r: PixelRect) -> Bool {
        let dx = b.xPx - a.xPx, dy = b.yPx - a.yPx
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.xPx - r.xPx), (dx, r.maxXPx - a.xPx), (-dy, a.yPx - r.yPx), (dy, r.maxYPx - a.yPx)] {
            if p == 0 {
                if q < 0 { return false }
                continue
            }
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            if t0 > t1 { return false }
        }
        return true
    }
}
