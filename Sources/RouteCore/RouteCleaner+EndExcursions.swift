import Foundation
import TrailpackCore

extension RouteCleaner {
    /// An excursion leaves the end fix, gets away and comes back: a line of fewer points has none.
    private static let minExcursionPoints = 4

    // MARK: - Excursions at the ends

    /// Trims the wandering a recording draws at its ends before the walk starts or after it ends
    /// (to the car, a signboard and back, a few steps while the device finds its fix): at the
    /// start, the fixes up to the last one within `endReturnM` of the first fix whose track from
    /// the first fix is at most `endExcursionMaxPathM` long and reached `endExcursionMinExtentM`
    /// or more from it; at the end the same, walking back from the last fix. The first and last
    /// fixes stay; at least `endExcursionMinRestM` of track must remain. An excursion trimmed
    /// can uncover another (a walk back and forth at the car): each end is trimmed again until
    /// none is left or twice `endExcursionMaxPathM` of track has gone. Returns the number of
    /// points removed.
    static func trimEndExcursions(_ pts: inout [LonLat], _ src: inout [Int], _ o: Options, _ edits: inout [CleaningEdit]) -> Int {
        var removed = 0
        var startM = 0.0
        while startM < 2 * o.endExcursionMaxPathM, let (j, groundM) = excursionEnd(pts.count, { pts[$0] }, o) {
            startM += groundM
            edits.append(edit(pts, src, first: 1, last: j, anchor: 0))
            pts.removeSubrange(1...j)
            src.removeSubrange(1...j)
            removed += j
        }
        var endM = 0.0
        while endM < 2 * o.endExcursionMaxPathM, let (j, groundM) = excursionEnd(pts.count, { [n = pts.count] in pts[n - 1 - $0] }, o) {
            let n = pts.count
            endM += groundM
            edits.append(edit(pts, src, first: n - 1 - j, last: n - 2, anchor: n - 1))
            pts.removeSubrange((n - 1 - j)...(n - 2))
            src.removeSubrange((n - 1 - j)...(n - 2))
            removed += j
        }
        return removed
    }

    /// The last index `end` of an excursion from `point(0)` that returns to it, when there is
    /// one, and its track's length on the ground; `point(k)` is the k-th of the line's `count`
    /// points (walked from either end, so nothing is copied). Lengths are measured on the ground
    /// (`GroundLine.Meter`), so that jitter between fixes a second apart does not make an
    /// excursion or the walk after it look longer than walked.
    static func excursionEnd(_ count: Int, _ point: (Int) -> LonLat, _ o: Options) -> (end: Int, groundM: Double)? {
        guard count >= minExcursionPoints else { return nil }
        let origin = point(0)
        var metric = NearMetric()
        var ground = GroundLine.Meter(from: origin)
        var extentM = 0.0
        var found: (end: Int, groundM: Double)?
        for k in 1..<count {
            let walkedM = ground.walk(to: point(k), &metric)
            guard walkedM <= o.endExcursionMaxPathM else { break }
            let d = metric.distanceM(origin, point(k))
            extentM = max(extentM, d)
            if d <= o.endReturnM, extentM >= o.endExcursionMinExtentM { found = (k, walkedM) }
        }
        guard let found, found.end < count - 2 else { return nil }
        var rest = GroundLine.Meter(from: point(found.end))
        for k in (found.end + 1)..<count where rest.walk(to: point(k), &metric) >= o.endExcursionMinRestM { return found }
        return nil
    }

    /// The edit removing `pts[first...last]` beside the kept end `pts[anchor]`.
    private static func edit(_ pts: [LonLat], _ src: [Int], first: Int, last: Int, anchor: Int) -> CleaningEdit {
        let lo = min(first, anchor), hi = max(last, anchor)
        var beforeM = 0.0, extentM = 0.0
        var far = pts[anchor]
        for k in lo..<(hi + 1) {
            if k > lo { beforeM += shortDistanceM(pts[k - 1], pts[k]) }
            let d = shortDistanceM(pts[anchor], pts[k])
            if d > extentM { extentM = d; far = pts[k] }
        }
        // The kept end joins the fix beyond the excursion directly.
        let beyond = anchor == 0 ? last + 1 : first - 1
        beforeM += shortDistanceM(pts[anchor == 0 ? last : first], pts[beyond])
        let afterM = shortDistanceM(pts[anchor], pts[beyond])
        return CleaningEdit(kind: anchor == 0 ? .startExcursion : .endExcursion, firstIndex: src[first], lastIndex: src[last], location: far,
                            sizeM: extentM, lengthRemovedM: beforeM - afterM)
    }
}
