import Foundation
import TrackGeometry
import TrailpackCore

/// A box in degrees (`RouteCleaner.cutLoops`' search passes segments whose boxes lie clear of
/// each other); `wraps` when it touches the antimeridian's neighbourhood, where it says nothing.
struct DegreeBox {
    var lonLo: Double, lonHi: Double, latLo: Double, latHi: Double
    var wraps = false

    /// A great-circle arc between two points of a box strays from the box's latitudes by at most
    /// (its span of longitude in radians) squared over this (16 on the sphere; 8 for slack).
    static let arcBulgeDivisor = 8.0

    /// The box widened in latitude by the most a great-circle arc between two points in it can
    /// stray beyond their latitudes (an arc keeps within their longitudes), degrees.
    func coveringArcs() -> DegreeBox {
        let spanRad = (lonHi - lonLo) * WGS84.radPerDeg
        let bulgeDeg = spanRad * spanRad / Self.arcBulgeDivisor / WGS84.radPerDeg
        var box = self
        box.latLo -= bulgeDeg
        box.latHi += bulgeDeg
        return box
    }

    /// True when `self` and `other` do not overlap.
    func isClear(of other: DegreeBox) -> Bool {
        lonLo > other.lonHi || lonHi < other.lonLo || latLo > other.latHi || latHi < other.latLo
    }
}

/// `RouteCleaner.cutLoops` over one line: walks the line segment by segment, and from each looks
/// ahead for a later segment it crosses that closes a loop to cut.
struct LoopCutter {
    /// Segments are searched in blocks of this many, each with its box in degrees, so the search
    /// can pass a whole block clear of the segment it tries at once (speed only: the same cuts).
    static let blockSize = 8
    /// Longitudes beyond this many degrees either way are near the antimeridian, where boxes in
    /// degrees say nothing.
    static let nearAntimeridianLonDeg = 179.0
    /// A segment's box is widened by this many degrees (far above rounding, far below a
    /// centimetre) before a box clear of it is taken to rule out a crossing.
    static let boxMarginDeg = 1e-9

    let pts: [LonLat]
    let src: [Int]
    let o: RouteCleaner.Options
    /// `steps[k]` metres and `headings[k]` radians (clockwise from north) of segment k -> k+1.
    var steps: [Double]
    var headings: [Double]
    /// `windingPrefix[k]`: total turning from segment 0 to segment k, radians.
    var windingPrefix: [Double]
    let minWindingRad: Double
    var blockBoxes: [DegreeBox]
    var metric = NearMetric()
    /// The line on the one planar frame, with its self-overlap map (`isSpur`); built the first
    /// time a loop reaches that test.
    lazy var geometry = TrackGeometry(coords: pts)
    var outP: [LonLat]
    var outS: [Int]

    init(pts: [LonLat], src: [Int], o: RouteCleaner.Options) {
        let n = pts.count
        self.pts = pts
        self.src = src
        self.o = o
        steps = [Double](repeating: 0, count: n - 1)
        headings = [Double](repeating: 0, count: n - 1)
        for k in 0..<(n - 1) {
            steps[k] = metric.distanceM(pts[k], pts[k + 1])
            headings[k] = metric.headingRad(pts[k], pts[k + 1])
        }
        windingPrefix = [Double](repeating: 0, count: n - 1)
        for k in 1..<(n - 1) { windingPrefix[k] = windingPrefix[k - 1] + Self.turn(headings[k - 1], headings[k]) }
        minWindingRad = o.loopMinWindingDeg * .pi / RouteCleaner.halfTurnDeg
        blockBoxes = Self.blockBoxes(pts)
        outP = [pts[0]]
        outS = [src[0]]
        outP.reserveCapacity(n)
        outS.reserveCapacity(n)
    }

    /// Signed change of direction from heading `a` to heading `b`, in (-pi, pi].
    static func turn(_ a: Double, _ b: Double) -> Double {
        var t = b - a
        if t > .pi { t -= 2 * .pi }
        if t <= -.pi { t += 2 * .pi }
        return t
    }

    static func isNearAntimeridian(_ lonDeg: Double) -> Bool { abs(lonDeg) >= nearAntimeridianLonDeg }

    /// The boxes of the blocks of segments (points g * blockSize ... g * blockSize + blockSize).
    static func blockBoxes(_ pts: [LonLat]) -> [DegreeBox] {
        let n = pts.count
        var boxes: [DegreeBox] = []
        boxes.reserveCapacity((n - 1) / blockSize + 1)
        var first = 0
        while first < n - 1 {
            let p = pts[first]
            var box = DegreeBox(lonLo: p.lon, lonHi: p.lon, latLo: p.lat, latHi: p.lat, wraps: isNearAntimeridian(p.lon))
            for t in (first + 1)...min(first + blockSize, n - 1) {
                let r = pts[t]
                box.lonLo = min(box.lonLo, r.lon); box.lonHi = max(box.lonHi, r.lon)
                box.latLo = min(box.latLo, r.lat); box.latHi = max(box.latHi, r.lat)
                if isNearAntimeridian(r.lon) { box.wraps = true }
            }
            boxes.append(box.coveringArcs())
            first += blockSize
        }
        return boxes
    }

    /// Walks the line: each loop found (`loop(from:afterCut:)`) is cut at its crossing, which
    /// goes to the output in its place; every other point goes to the output as it is.
    mutating func run(_ edits: inout [CleaningEdit]) {
        let n = pts.count
        var a = 0  // outP.last lies on segment a (at pts[a] or at a crossing on it)
        var afterCut = false  // outP.last is a crossing, not pts[a]
        while a < n - 1 {
            if let (b, x) = loop(from: a, afterCut: afterCut) {
                edits.append(cutEdit(from: a, to: b, at: x))
                outP.append(x)
                outS.append(src[a + 1])
                a = b
                afterCut = true
            } else {
                outP.append(pts[a + 1])
                outS.append(src[a + 1])
                a += 1
                afterCut = false
            }
        }
    }

    /// The edit of the loop from the output's last point `p` (on segment `a`) through
    /// `pts[a + 1...b]` to the crossing `x` on segment `b`.
    func cutEdit(from a: Int, to b: Int, at x: LonLat) -> CleaningEdit {
        let p = outP[outP.count - 1], q = pts[a + 1]
        var removedM = shortDistanceM(p, q) + shortDistanceM(pts[b], x)
        for s in (a + 1)..<b { removedM += steps[s] }
        removedM -= shortDistanceM(p, x)
        var extentM = 0.0
        for s in (a + 1)...b { extentM = max(extentM, shortDistanceM(x, pts[s])) }
        return CleaningEdit(kind: .loop, firstIndex: src[a + 1], lastIndex: src[b], location: x,
                            sizeM: extentM, lengthRemovedM: removedM)
    }
}
