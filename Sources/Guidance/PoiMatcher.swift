import Foundation
import TrailpackCore

/// Where a point of interest lies relative to a route line.
public struct PoiMatch: Equatable, Sendable {
    /// Index into `pois` of the matched POI.
    public var poiIndex: Int
    /// Index of the route vertex closest to the POI.
    public var vertexIndex: Int
    /// Shortest geodesic distance from the POI to the route line (segments, not only vertices), metres.
    public var distanceM: Double
}

/// Distances between points of interest and a route.
public enum PoiMatcher {
    /// Distance in metres from `p` to the nearest point of `line` (treating each short segment
    /// as straight in a local tangent plane around `p`), and the closest vertex of the line.
    /// `line` must not be empty.
    public static func nearest(to p: LonLat, on line: [LonLat]) -> (vertexIndex: Int, distanceM: Double) {
        // Cheap equirectangular search for the closest vertex, then geodesic refinement.
        let cosLat = cos(p.lat * Double.pi / Compass.halfTurnDeg)
        var best = 0, bestSq = Double.infinity
        for (k, q) in line.enumerated() {
            let dx = (q.lon - p.lon) * cosLat, dy = q.lat - p.lat
            let sq = dx * dx + dy * dy
            if sq < bestSq { bestSq = sq; best = k }
        }
        // Refine the vertex among neighbours with exact geodesics, and measure to the adjacent segments.
        var vertex = best, vertexM = shortDistanceM(p, line[best])
        for k in [best - 1, best + 1] where line.indices.contains(k) {
            let d = shortDistanceM(p, line[k])
            if d < vertexM { vertex = k; vertexM = d }
        }
        var lineM = vertexM
        for s in [vertex - 1, vertex] where s >= 0 && s + 1 < line.count {
            lineM = min(lineM, segmentDistanceM(p, line[s], line[s + 1]))
        }
        return (vertex, lineM)
    }

    /// POIs within `maxDistanceM` of `line`, in the order of `pois`.
    public static func matches(_ pois: [PointOfInterest], on line: [LonLat], maxDistanceM: Double) -> [PoiMatch] {
        guard !line.isEmpty else { return [] }
        var out: [PoiMatch] = []
        for (k, poi) in pois.enumerated() {
            let (v, d) = nearest(to: poi.location, on: line)
            if d <= maxDistanceM { out.append(PoiMatch(poiIndex: k, vertexIndex: v, distanceM: d)) }
        }
        return out
    }

    /// Index of the POI nearest to `p` within `maxDistanceM` metres (ties: the earlier), or nil.
    public static func nearestPoi(to p: LonLat, in pois: [PointOfInterest], maxDistanceM: Double) -> Int? {
        var best: Int?, bestM = Double.infinity
        for (k, poi) in pois.enumerated() {
            let d = shortDistanceM(p, poi.location)
            if d <= maxDistanceM, d < bestM { best = k; bestM = d }
        }
        return best
    }

    /// Distance from `p` to segment `a`–`b` in a tangent plane centred on `p` (exact geodesic
    /// distance and bearing to each end), metres.
    static func segmentDistanceM(_ p: LonLat, _ a: LonLat, _ b: LonLat) -> Double {
        func local(_ q: LonLat) -> (x: Double, y: Double) {
            let inv = Geodesic.inverse(p, q)
            let t = inv.bearingDeg * Double.pi / Compass.halfTurnDeg
            return (inv.distanceM * sin(t), inv.distanceM * cos(t))
        }
        let pa = local(a), pb = local(b)
        let ex = pb.x - pa.x, ey = pb.y - pa.y
        let len2 = ex * ex + ey * ey
        var t = len2 > 0 ? -(pa.x * ex + pa.y * ey) / len2 : 0
        t = min(max(t, 0), 1)
        let cx = pa.x + t * ex, cy = pa.y + t * ey
        return (cx * cx + cy * cy).squareRoot()
    }
}
