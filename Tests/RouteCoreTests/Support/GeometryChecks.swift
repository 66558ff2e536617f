import TrailpackCore

/// A position in a test's planar frame, metres.
struct XY {
    var x: Double
    var y: Double
}

/// Independent geometry measurements for the tests: a plate carrée frame scaled by PROJ at
/// the lines' centre, dense sampling and a bucket grid for nearest-segment queries.
struct PlanarFrame {
    let lon0: Double
    let lat0: Double
    let metresPerDegLon: Double
    let metresPerDegLat: Double

    init(around points: [LonLat]) {
        let ref = points[points.count / 2]
        lon0 = ref.lon
        lat0 = ref.lat
        let d = 1e-4
        metresPerDegLon = Geodesic.distanceM(LonLat(ref.lon - d / 2, ref.lat), LonLat(ref.lon + d / 2, ref.lat)) / d
        metresPerDegLat = Geodesic.distanceM(LonLat(ref.lon, ref.lat - d / 2), LonLat(ref.lon, ref.lat + d / 2)) / d
    }

    func xy(_ p: LonLat) -> XY {
        var dLon = p.lon - lon0
        if dLon > 180 { dLon -= 360 }
        if dLon < -180 { dLon += 360 }
        return XY(x: dLon * metresPerDegLon, y: (p.lat - lat0) * metresPerDegLat)
    }
}

enum GeometryChecks {
    static func distanceToSegment(_ p: XY, _ a: XY, _ b: XY) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        let t = len2 > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0), 1) : 0
        let ex = p.x - (a.x + t * dx), ey = p.y - (a.y + t * dy)
        return (ex * ex + ey * ey).squareRoot()
    }

    /// Directed Hausdorff distance in metres from polyline `a` (sampled every `sampleM`) to
    /// polyline `b`; distances beyond `capM` are reported as `capM`.
    static func directedHausdorffM(from a: [LonLat], to b: [LonLat], frame: PlanarFrame, sampleM: Double = 0.25, capM: Double = 25) -> Double {
        let pa = a.map(frame.xy), pb = b.map(frame.xy)
        let cell = capM
        func key(_ cx: Int, _ cy: Int) -> Int { cx &* 1_000_003 &+ cy }
        var buckets: [Int: [Int]] = [:]
        for k in 0..<(pb.count - 1) {
            let p = pb[k], q = pb[k + 1]
            for cx in Int((min(p.x, q.x) / cell).rounded(.down))...Int((max(p.x, q.x) / cell).rounded(.down)) {
                for cy in Int((min(p.y, q.y) / cell).rounded(.down))...Int((max(p.y, q.y) / cell).rounded(.down)) {
                    buckets[key(cx, cy), default: []].append(k)
                }
            }
        }
        func nearestM(_ p: XY) -> Double {
            let cx = Int((p.x / cell).rounded(.down)), cy = Int((p.y / cell).rounded(.down))
            var best = capM
            for dx in -1...1 {
                for dy in -1...1 {
                    guard let segments = buckets[key(cx + dx, cy + dy)] else { continue }
                    for k in segments {
                        best = min(best, distanceToSegment(p, pb[k], pb[k + 1]))
                    }
                }
            }
            return best
        }
        var worst = nearestM(pa[0])
        for k in 0..<(pa.count - 1) {
            let p = pa[k], q = pa[k + 1]
            let lengthM = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            let parts = max(1, Int((lengthM / sampleM).rounded(.up)))
            for s in 1...parts {
                let t = Double(s) / Double(parts)
                worst = max(worst, nearestM(XY(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y))))
            }
        }
        return worst
    }

    /// Symmetric Hausdorff distance in metres between two polylines whose segments are WGS84
    /// geodesics (segments longer than 20 m are first split along their geodesic).
    static func hausdorffM(_ a: [LonLat], _ b: [LonLat]) -> Double {
        let da = densifiedAlongGeodesics(a), db = densifiedAlongGeodesics(b)
        let frame = PlanarFrame(around: da)
        return max(directedHausdorffM(from: da, to: db, frame: frame), directedHausdorffM(from: db, to: da, frame: frame))
    }

    /// `coords` with every segment longer than `maxM` split into equal geodesic pieces (PROJ).
    static func densifiedAlongGeodesics(_ coords: [LonLat], maxM: Double = 20) -> [LonLat] {
        var out = [coords[0]]
        for (a, b) in zip(coords, coords.dropFirst()) {
            let inv = Geodesic.inverse(a, b)
            let parts = Int((inv.distanceM / maxM).rounded(.up))
            if parts > 1 {
                for k in 1..<parts {
                    out.append(Geodesic.destination(from: a, bearingDeg: inv.bearingDeg, distanceM: inv.distanceM * Double(k) / Double(parts)))
                }
            }
            out.append(b)
        }
        return out
    }

    /// Geodesic step lengths in metres between consecutive vertices (PROJ).
    static func stepsM(_ coords: [LonLat]) -> [Double] {
        zip(coords, coords.dropFirst()).map { Geodesic.distanceM($0, $1) }
    }

    /// Coordinates rounded to 7 decimals, as the pack writer stores them.
    static func rounded7(_ coords: [LonLat]) -> [LonLat] {
        coords.map { LonLat(($0.lon * 1e7).rounded() / 1e7, ($0.lat * 1e7).rounded() / 1e7) }
    }
}
