import Foundation
import TrackGeometry
import TrailpackCore

/// The segment `RouteCleaner.cutLoops` seeks a loop from: from `p` (the output's last point, on
/// segment `a`) to `q` (the point after it), in a gnomonic frame at `p` (segments are great-circle
/// arcs, straight in it).
struct LoopStart {
    let a: Int
    let p: LonLat
    let q: LonLat
    let frame: GnomonicFrame
    /// `q` in the plane.
    let qq: (x: Double, y: Double)
    /// The segment's box in degrees, widened by `LoopCutter.boxMarginDeg`.
    let box: DegreeBox
    /// False near the antimeridian, where boxes in degrees say nothing.
    let boxes: Bool

    init(a: Int, p: LonLat, q: LonLat) {
        self.a = a
        self.p = p
        self.q = q
        frame = GnomonicFrame(center: p)
        qq = frame.project(q)
        let m = LoopCutter.boxMarginDeg
        box = DegreeBox(lonLo: min(p.lon, q.lon) - m, lonHi: max(p.lon, q.lon) + m,
                        latLo: min(p.lat, q.lat) - m, latHi: max(p.lat, q.lat) + m).coveringArcs()
        boxes = !LoopCutter.isNearAntimeridian(p.lon) && !LoopCutter.isNearAntimeridian(q.lon)
    }

    /// True when the segment `r0`-`r1` cannot cross this one: its box, widened to hold its arc
    /// (`coveringArcs`), lies clear of `box`. Away from the antimeridian only.
    func isClear(_ r0: LonLat, _ r1: LonLat) -> Bool {
        guard boxes, !LoopCutter.isNearAntimeridian(r0.lon), !LoopCutter.isNearAntimeridian(r1.lon) else { return false }
        let segment = DegreeBox(lonLo: min(r0.lon, r1.lon), lonHi: max(r0.lon, r1.lon), latLo: min(r0.lat, r1.lat), latHi: max(r0.lat, r1.lat)).coveringArcs()
        return segment.isClear(of: box)
    }
}

extension LoopCutter {
    /// The loop from segment `a` (from the output's last point, a crossing when `afterCut`): the
    /// first later segment `b` within `loopMaxLengthM` of track, after the track has wound
    /// `loopMinWindingDeg`, that crosses it at a point `x` closing a loop to cut (`closesLoop`).
    mutating func loop(from a: Int, afterCut: Bool) -> (b: Int, x: LonLat)? {
        let n = pts.count
        let p = outP[outP.count - 1], q = pts[a + 1]
        let start = LoopStart(a: a, p: p, q: q)
        // Turning from the first segment (p may be a crossing on segment a) to segment b:
        // into segment a + 1, then the segments' own turns.
        let firstHeading = afterCut ? atan2(start.qq.x, start.qq.y) : headings[a]
        let firstTurn = a + 1 < n - 1 ? Self.turn(firstHeading, headings[a + 1]) : 0
        let windingFrom = a + 1 < n - 1 ? windingPrefix[a + 1] : 0
        var lengthM = afterCut ? shortDistanceM(p, q) : steps[a]
        var b = a + 1
        // The plane position of the previous segment's end, for the segment b..b+1.
        var cache = (index: -1, xy: (x: 0.0, y: 0.0))
        while b < n - 1, lengthM <= o.loopMaxLengthM {
            if b % Self.blockSize == 0, start.boxes {
                let g = blockBoxes[b / Self.blockSize]
                if !g.wraps, g.isClear(of: start.box) {
                    // No segment of the block can cross: only the length is kept, step by step.
                    let end = min(b + Self.blockSize, n - 1)
                    while b < end, lengthM <= o.loopMaxLengthM {
                        lengthM += steps[b]
                        b += 1
                    }
                    continue
                }
            }
            let windingRad = firstTurn + windingPrefix[b] - windingFrom
            if b >= a + 2, abs(windingRad) >= minWindingRad, !start.isClear(pts[b], pts[b + 1]),
               let x = closesLoop(start, at: b, &cache) {
                return (b, x)
            }
            lengthM += steps[b]
            b += 1
        }
        return nil
    }

    /// The point where segment `b` crosses the start segment, when the loop it closes stays within
    /// `loopMaxExtentM` of it, the track goes on the way it came in (`continuesForward`: a loop
    /// the walker leaves the way they came into it is a turnaround, perhaps with a loop at its
    /// tip, not a loop to cut) and it is no spur walked out and back (`isSpur`).
    mutating func closesLoop(_ s: LoopStart, at b: Int, _ cache: inout (index: Int, xy: (x: Double, y: Double))) -> LonLat? {
        let lb = cache.index == b ? cache.xy : s.frame.project(pts[b])
        let lb1 = s.frame.project(pts[b + 1])
        cache = (b + 1, lb1)
        guard let t = RouteCleaner.crossing((0, 0), s.qq, lb, lb1) else { return nil }
        let x = s.frame.lonLat(x: s.qq.x * t, y: s.qq.y * t)
        guard RouteCleaner.withinExtent(x, pts, (s.a + 1)...b, o.loopMaxExtentM, &metric),
              RouteCleaner.continuesForward(from: x, before: outP, after: b + 1, pts, o),
              !RouteCleaner.isSpur(x, geometry, (s.a + 1)...b, o) else { return nil }
        return x
    }
}
