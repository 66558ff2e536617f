import Guidance
import PackReader
import RouteCore
import TrailGraph
import TrailpackCore

/// A point given on the command line, with the argument that named it (for messages).
public struct QueryPoint: Sendable {
    public var argument: String
    public var location: LonLat

    public init(argument: String, location: LonLat) {
        self.argument = argument
        self.location = location
    }
}

extension RegionNetwork {
    /// A point farther than this (metres) from every trail is an error: no reroute there.
    public static let maxJoinDistanceM = 500.0
    /// A point farther than this (metres) from the trails reaches them by a straight leg, told
    /// in the first instruction; a nearer one (a few GPS errors) starts or ends on the trail.
    public static let approachMinM = 10.0

    /// The least-time route through `points` in order, from the pack alone. A point off the
    /// trails joins them at the nearest edge point by a straight leg (of the one part of the
    /// network every point lies near, when their nearest trails are not joined: `NetworkRouter.joins`).
    /// - Throws: `RerouteError` naming the argument of a point outside the region or more than
    ///   `maxJoinDistanceM` from every trail, or the two points no walkable path joins.
    public func route(through points: [QueryPoint]) throws(RerouteError) -> ComputedRoute {
        let nearest = try points.map { q throws(RerouteError) in try join(q) }
        let hits = router.joins(points.map(\.location), withinM: Self.maxJoinDistanceM) ?? nearest
        let (split, nodes) = network.splitting(at: hits, elevationM: terrainElevationM)
        let path: NetworkPath
        do { path = try NetworkRouter(searching: split).walk(through: nodes) } catch {
            let (a, b) = (points[error.leg - 1], points[error.leg])
            throw .unreachable(from: "\(a.argument) \(RerouteError.format(a.location))", to: "\(b.argument) \(RerouteError.format(b.location))")
        }
        return try walk(path, in: split, from: points[0].location, to: points[points.count - 1].location)
    }

    /// Where `q` meets the network, on the edges `accept` takes (all by default).
    /// - Throws: `RerouteError` when it lies outside the region or too far from every such trail.
    func join(_ q: QueryPoint, accept: ((Int) -> Bool)? = nil) throws(RerouteError) -> EdgeLocation {
        guard bbox.contains(q.location) else {
            throw .argument(name: q.argument, message: "\(RerouteError.format(q.location)) lies outside the region \(bbox.array)" + Self.swapHint(q.location, bbox))
        }
        guard let hit = router.locate(q.location, accept: accept) else { throw .noNetwork(region: folder) }
        if hit.distanceM > Self.maxJoinDistanceM {
            throw .offNetwork(argument: q.argument, location: q.location, nearestM: hit.distanceM,
                              bearing: Compass.point8(bearingDeg: Geodesic.bearingDeg(q.location, hit.point)),
                              nearest: hit.point, trail: network.edges[hit.edge].name, limitM: Self.maxJoinDistanceM)
        }
        return hit
    }

    /// For a point outside `bbox` whose swapped coordinates (latitude given first) lie inside
    /// it, a hint naming the point as it was probably meant (`lon,lat`); else empty.
    static func swapHint(_ p: LonLat, _ bbox: BBox) -> String {
        let swapped = LonLat(p.lat, p.lon)
        guard abs(p.lon) <= 90, bbox.contains(swapped) else { return "" }
        return "; swapped, \(RerouteError.format(swapped)) lies inside it: points are written lon,lat (longitude first)"
    }

    /// Region terrain at a point, metres (clamped into the grid).
    func terrainElevationM(_ p: LonLat) -> Double { terrain.elevationM(at: terrain.bounds.clamping(p)) ?? 0 }

    /// The walk: a straight leg from `start` onto the path, the path, a straight leg to `end`;
    /// elevations, stats and waypoints as a built route has them.
    /// - Throws: `RerouteError.argument` when the walk has a single point.
    func walk(_ path: NetworkPath, in split: RoutingNetwork, from start: LonLat, to end: LonLat,
              tail: RouteTail? = nil) throws(RerouteError) -> ComputedRoute {
        let offStart = Geodesic.distanceM(start, path.coords[0]) > Self.approachMinM
        let offEnd = Geodesic.distanceM(end, path.coords[path.coords.count - 1]) > Self.approachMinM
        let lead = offStart ? ApproachLeg(from: start.rounded7, to: path.coords[0]) : ApproachLeg(from: start, to: start)
        let leadCoords = lead.coords.isEmpty ? [] : [start.rounded7] + lead.coords.dropLast()
        var coords = leadCoords + path.coords
        var guidance = path.guidancePath(in: split)
        guidance = Self.prefixing(guidance, with: leadCoords)
        if let tail {
            guidance = Self.appending(tail.guidance, to: guidance, at: coords.count - 1)
            coords += tail.coords.dropFirst()
        } else if offEnd {
            let trail = ApproachLeg(from: path.coords[path.coords.count - 1], to: end.rounded7)
            if !trail.coords.isEmpty {
                let leg = RoutePath(coords: [path.coords[path.coords.count - 1]] + trail.coords, segmentTrailNames: trail.coords.map { _ in nil },
                                    onNetwork: true, segmentOffTrail: trail.coords.map { _ in true })
                guidance = Self.appending((leg,
                                           Array(0...trail.coords.count)), to: guidance, at: coords.count - 1)
                coords += trail.coords
            }
        }
        guard coords.count >= 2 else { throw .argument(name: "--to", message: "is the same place as the start") }
        return try finish(coords: coords, guidance: guidance, lead: leadCoords.isEmpty ? nil : (start, path.coords[0], leadCoords.count),
                          timeS: (split.timeS(of: path.steps) ?? 0) + (tail?.timeS ?? 0))
    }
}
