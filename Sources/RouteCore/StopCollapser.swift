import TrackGeometry
import TrailpackCore

/// `RouteCleaner.collapseStops` over one line: scans it for runs of fixes within
/// `stopRadiusM` of their running centre, and collapses the part of each where the device
/// stood to one point at its centre.
struct StopCollapser {
    /// A stop being collapsed: its fixes `start..<end`, the track through them, its centre, its
    /// radius and how many of its fixes were the device standing.
    struct Stop {
        var start: Int
        var end: Int
        var pathM: Double
        var centre: LonLat
        var radiusM: Double
        var standingFixes: Int
    }

    let pts: [LonLat]
    /// The sine and cosine of each fix's latitude (`GnomonicFrame.latitudeTrig`): a fix is
    /// projected into the frame of every start before it within a stop's reach.
    let latTrig: [(sin: Double, cos: Double)]
    let src: [Int]
    let o: RouteCleaner.Options
    var outP: [LonLat] = []
    var outS: [Int] = []
    /// The last core found walking (its track too seldom crosses itself, or it walks out and
    /// back): cores within it are too.
    var walked = 0..<0
    /// Points from this index on were copied to the output one for one.
    var plainFrom = 0
    /// The last stop, with the output's length once its centre was added.
    var lastStop: (stop: Stop, outCount: Int)?

    init(pts: [LonLat], src: [Int], o: RouteCleaner.Options) {
        self.pts = pts
        latTrig = pts.map(GnomonicFrame.latitudeTrig)
        self.src = src
        self.o = o
        outP.reserveCapacity(pts.count)
        outS.reserveCapacity(pts.count)
    }

    /// Scans the line from its start: at each fix, the stop that begins there if any
    /// (`stop(from:)`), else the fix as it is.
    mutating func run(_ edits: inout [CleaningEdit]) {
        var i = 0
        while i < pts.count {
            let frame = GnomonicFrame(center: pts[i])
            if let (run, pathM, standing) = stop(from: i, frame) {
                i = collapse(run: run, pathM: pathM, standing: standing, frame, &edits)
                continue
            }
            outP.append(pts[i])
            outS.append(src[i])
            i += 1
        }
    }

    /// The run of fixes from `i` within `stopRadiusM` of their running centre, when it is a stop:
    /// at least `stopMinPoints` fixes whose track (`pathM`, in `frame`) is at least
    /// `stopMinPathM` and `stopPathFactor` times the cloud's radius, with the part of it where
    /// the device stood (`standingPart`).
    mutating func stop(from i: Int, _ frame: GnomonicFrame) -> (run: Range<Int>, pathM: Double, standing: Range<Int>)? {
        let (j, last, pathM) = cloud(from: i, frame)
        guard j - i >= o.stopMinPoints else { return nil }
        // The cloud's radius is at least half the distance between its first and last fix
        // (`last`): a track too short for that radius is no stop, without measuring it.
        let endsM = (last.x * last.x + last.y * last.y).squareRoot()
        guard pathM >= o.stopMinPathM, pathM >= o.stopPathFactor * endsM / 2 * (1 - RouteCleaner.stopPathSlack) else { return nil }
        // The run can begin on the walk in and end on the walk out: the stop is only the part
        // where the device stood (`standingPart`); the fixes before and after stay track.
        guard pathM >= o.stopPathFactor * centreAndRadius(i..<j, frame).radiusM,
              let (s, e) = standingPart(of: i..<j, frame) else { return nil }
        return (i..<j, pathM, s..<e)
    }

    /// The end of the run of fixes from `i` that keep within `stopRadiusM` of their running
    /// centre, the run's last fix in `frame`, and the track through the run in `frame`, metres.
    func cloud(from i: Int, _ frame: GnomonicFrame) -> (end: Int, last: (x: Double, y: Double), pathM: Double) {
        var sx = 0.0, sy = 0.0, count = 0.0, pathM = 0.0
        var j = i
        var last = (x: 0.0, y: 0.0)
        while j < pts.count {
            let q = project(j, frame)
            if count > 0 {
                let dx = q.x - sx / count, dy = q.y - sy / count
                if dx * dx + dy * dy > o.stopRadiusM * o.stopRadiusM { break }
                pathM += ((q.x - last.x) * (q.x - last.x) + (q.y - last.y) * (q.y - last.y)).squareRoot()
            }
            last = q
            sx += q.x
            sy += q.y
            count += 1
            j += 1
        }
        return (j, last, pathM)
    }

    /// Fix `k` in `frame`.
    @inline(__always)
    func project(_ k: Int, _ frame: GnomonicFrame) -> (x: Double, y: Double) {
        frame.project(pts[k], sinLat: latTrig[k].sin, cosLat: latTrig[k].cos)
    }

    /// The track through the fixes `range`, metres.
    func trackM(_ range: Range<Int>) -> Double {
        var m = 0.0
        for t in range.dropFirst() { m += shortDistanceM(pts[t - 1], pts[t]) }
        return m
    }

    /// The mean of the fixes `range` in `frame`, and the farthest of them from it.
    func centreAndRadius(_ range: Range<Int>, _ frame: GnomonicFrame) -> (x: Double, y: Double, radiusM: Double) {
        var cx = 0.0, cy = 0.0
        for t in range {
            let q = project(t, frame)
            cx += q.x
            cy += q.y
        }
        cx /= Double(range.count)
        cy /= Double(range.count)
        var radiusM = 0.0
        for t in range {
            let q = project(t, frame)
            radiusM = max(radiusM, ((q.x - cx) * (q.x - cx) + (q.y - cy) * (q.y - cy)).squareRoot())
        }
        return (cx, cy, radiusM)
    }

    /// True when the fixes `range` keep within `stopLoopExtentM` of `centre` on at most
    /// `stopLoopMaxPathM` of track (from the fix before them to the fix after).
    func wandersAround(_ centre: LonLat, _ range: Range<Int>) -> Bool {
        range.allSatisfy { shortDistanceM(pts[$0], centre) <= o.stopLoopExtentM }
            && trackM(max(range.lowerBound - 1, 0)..<min(range.upperBound + 1, pts.count)) <= o.stopLoopMaxPathM
    }
}
