import TrailpackCore

/// The nearest point of a route to a fix within a window of distances along it.
public struct RouteSnap: Equatable, Sendable {
    /// Distance along the route of the nearest point, metres.
    public var alongM: Double
    /// Distance from the fix to it, metres (tangent plane at the fix).
    public var distanceM: Double
    /// The nearest point itself.
    public var point: LonLat

    /// The nearest point of the segments of `route` that overlap `[fromM, toM]` along it (a
    /// segment counts whole once any of it lies in the window). Segments are scanned in route
    /// order; a later one replaces the best when nearer by more than `tieM`, or, within `tieM`
    /// of it, when its `alongCost` from `progressM` is smaller. So of two passes of the same
    /// ground the one the walker is on wins: the way out on the way out, the way back once past
    /// the turn. Nil for a route of fewer than two vertices.
    public static func nearest(to p: LonLat, on route: NavRoute, fromM: Double, toM: Double, progressM: Double, tieM: Double,
                               behindCostFactor: Double) -> RouteSnap? {
        guard route.coords.count >= 2 else { return nil }
        let first = route.segment(at: fromM).k
        var best: RouteSnap?
        var k = first
        while k < route.coords.count - 1, route.cumM[k] <= toM {
            let q = projectOntoSegment(p, route.coords[k], route.coords[k + 1])
            let along = route.cumM[k] + q.t * (route.cumM[k + 1] - route.cumM[k])
            if let b = best, q.planarM >= b.distanceM - tieM {
                let cost = { (s: Double) in s >= progressM ? s - progressM : behindCostFactor * (progressM - s) }
                let ranksFirst = abs(q.planarM - b.distanceM) <= tieM && cost(along) < cost(b.alongM)
                if !ranksFirst { k += 1; continue }
            }
            best = RouteSnap(alongM: along, distanceM: q.planarM, point: q.point)
            k += 1
        }
        return best
    }
}
