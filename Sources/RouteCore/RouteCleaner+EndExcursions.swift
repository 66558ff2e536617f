import Foundation
import TrailpackCore

extension RouteCleaner {
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
        var startPathM = 0.0
        while startPathM < 2 * o.endExcursionMaxPathM, let j = excursionEnd(pts, o) {
            startPathM += Geodesic.lengthM(GroundLine.thinned(Array(pts[0...(j + 1)])))
            edits.append(edit(pts, src, first: 1, last: j, anchor: 0))
            pts.removeSubrange(1...j)
            src.removeSubrange(1...j)
            removed += j
        }
        var endPathM = 0.0
        while endPathM < 2 * o.endExcursionMaxPathM, let j = excursionEnd(pts.reversed(), o) {
            let n = pts.count
            endPathM += Geodesic.lengthM(GroundLine.thinned(Array(pts[(n - 2 - j)...])))
            edits.append(edit(pts, src, first: n - 1 - j, last: n - 2, anchor: n - 1))
            pts.removeSubrange((n - 1 - j)...(n - 2))
            src.removeSubrange((n - 1 - j)...(n - 2))
            removed += j
        }
        return removed
    }

    /// The last index of an excursion from `pts[0]` that returns to it, when there is one.
    /// Lengths are measured on the ground (`GroundLine`), so that jitter between fixes a second
    /// apart does not make an excursion or the walk after it look longer than walked.
    static func excursionEnd<Line: RandomAccessCollection<LonLat>>(_ line: Line, _ o: Options) -> Int? {
        let pts = Array(line)
        guard pts.count >= 4 else { return nil }
        var metric = NearMetric()
        var ground = GroundMeter(pts[0])
        var extentM = 0.0
        var end: Int?
        for k in 1..<pts.count {
            guard ground.walk(to: pts[k], &metric) <= o.endExcursionMaxPathM else { break }
            let d = metric.distanceM(pts[0], pts[k])
            extentM = max(extentM, d)
            if d <= o.endReturnM, extentM >= o.endExcursionMinExtentM { end = k }
        }
        guard let end, end < pts.count - 2 else { return nil }
        var rest = GroundMeter(pts[end])
        for k in (end + 1)..<pts.count where rest.walk(to: pts[k], &metric) >= o.endExcursionMinRestM { return end }
        return nil
    }

    /// Length walked on the ground: steps of at least `GroundLine.stepM` between counted fixes.
    struct GroundMeter {
        var last: LonLat
        var lengthM = 0.0

        init(_ start: LonLat) { last = start }

        /// The length so far, after walking to `p`.
        mutating func walk(to p: LonLat, _ metric: inout NearMetric) -> Double {
            let d = metric.distanceM(last, p)
            if d >= GroundLine.stepM {
                lengthM += d
                last = p
            }
            return lengthM
        }
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
