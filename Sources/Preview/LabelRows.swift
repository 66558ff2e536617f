import Drawing
import Foundation

/// Labels for points along a horizontal axis (waypoints over a profile, landmarks over a
/// panorama), set in rows of a band: no two overlap, each lies inside the image, a label with
/// no room in any row is left out. Pixels throughout.
public struct LabelRows: Sendable, Equatable {
    public var rowCount: Int
    /// Top edge of the first row and the step down to the next.
    public var firstRowTopPx: Double
    public var rowStepPx: Double
    public var rowHeightPx: Double
    /// Clear space kept left and right of each text.
    public var paddingPx: Double
    /// Labels stay within 0...imageWidthPx.
    public var imageWidthPx: Double

    /// The profile's waypoint names: five rows between the title and the plot.
    public static let profile = LabelRows(rowCount: 5, firstRowTopPx: 50, rowStepPx: 28, rowHeightPx: 22, paddingPx: 6,
                                          imageWidthPx: Double(ProfileLayout.widthPx))

    /// The box of each label (text `widthsPx[k]` wide, for a point at x `anchorsXPx[k]`), in
    /// order: the first row, top to bottom, where a box starting at its point (else centred on
    /// it, else ending at it) lies inside the image and is free (`isFree`: no overlap with an
    /// earlier label, no leader line through a label); nil when no
    /// row has room. Boxes include `paddingPx` on each side; the text starts at
    /// `box.xPx + paddingPx`.
    public func boxes(widthsPx: [Double], anchorsXPx: [Double]) -> [PixelRect?] {
        var placed: [(box: PixelRect, anchorXPx: Double)] = []
        var out: [PixelRect?] = []
        for (textWidthPx, x) in zip(widthsPx, anchorsXPx) {
            let found = firstFree(widthPx: textWidthPx + 2 * paddingPx, anchorXPx: x, placed: placed)
            if let found { placed.append((found, x)) }
            out.append(found)
        }
        return out
    }

    /// True when `box` (for a point at `x`) overlaps no placed label, no placed label's leader
    /// (a vertical from its box down to its point) crosses it, and its own leader crosses no
    /// placed label below it. Leaders of points within `sharedLeaderPx` of each other are one
    /// line (two waypoints at one spot: an out-and-back's turn).
    static func isFree(_ box: PixelRect, anchorXPx x: Double, placed: [(box: PixelRect, anchorXPx: Double)]) -> Bool {
        let sharedLeaderPx = 6.0
        return !placed.contains { p in
            p.box.intersects(box)
                || (p.box.yPx < box.yPx && abs(p.anchorXPx - x) > sharedLeaderPx && p.anchorXPx >= box.xPx && p.anchorXPx <= box.maxXPx)
                || (p.box.yPx > box.yPx && x >= p.box.xPx && x <= p.box.maxXPx)
        }
    }

    private func firstFree(widthPx w: Double, anchorXPx x: Double, placed: [(box: PixelRect, anchorXPx: Double)]) -> PixelRect? {
        guard w <= imageWidthPx else { return nil }
        let lefts = [x - paddingPx, x - w / 2, x - w + paddingPx].map { min(max($0, 0), imageWidthPx - w) }
        for row in 0..<rowCount {
            for left in lefts {
                let box = PixelRect(xPx: left, yPx: firstRowTopPx + Double(row) * rowStepPx, widthPx: w, heightPx: rowHeightPx)
                if Self.isFree(box, anchorXPx: x, placed: placed) { return box }
            }
        }
        return nil
    }
}
