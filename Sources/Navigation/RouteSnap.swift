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
    /// order; a later one replaces the best only when nearer by more than `tieM`, so of two
    /// passes of the same ground the earlier wins. Nil for a route of fewer than two vertices.
    public static func nearest(to p: LonLat, on route: NavRoute, fromM: Double, toM: Double, tieM: Double) -> RouteSnap? {
        guard route.coords.count >= 2 else { return nil }
        let first = route.segment(at: fromM).k
        var best: RouteSnap?
        var k = first
        while k < route.coords.count - 1, route.cumM[k] <= toM {
            let q = projectOntoSegment(p, route.coords[k], route.coords[k + 1])
            if best == nil || q.planarM < best!.distanceM - tieM {
                let along = route.cumM[k] + q.t * (route.cumM[k + 1] - route.cumM[k])
                best = RouteSnap(alongM: along, distanceM: q.planarM, point: q.point)
            }
            k += 1
        }
        return best
    }
}
