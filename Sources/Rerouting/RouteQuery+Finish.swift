import Guidance
import RouteCore
import RouteFinish
import TrailpackCore

/// The rest of a route after the point where a way back rejoins it.
struct RouteTail {
    /// From the rejoin vertex to the route's end.
    var coords: [LonLat]
    var guidance: (path: RoutePath, indexInCoords: [Int])
    var timeS: Int
}

extension RegionNetwork {
    typealias GuidancePath = (path: RoutePath, indexInCoords: [Int])

    /// `guidance` after a straight lead-in `lead` (its vertices before the path's first).
    static func prefixing(_ guidance: GuidancePath, with lead: [LonLat]) -> GuidancePath {
        guard !lead.isEmpty else { return guidance }
        let n = lead.count
        var path = guidance.path
        path.segmentOffTrail = lead.map { _ in true } + path.offTrailFlags
        path.coords = lead + path.coords
        path.segmentTrailNames = lead.map { _ in nil } + path.segmentTrailNames
        path.junctions = path.junctions.map { RouteJunction(index: $0.index + n, branches: $0.branches) }
        return (path, Array(0..<n) + guidance.indexInCoords.map { $0 + n })
    }

    /// `head` followed by `tail`, whose first vertex is `head`'s last, at index `offset` of the
    /// walk's coords; the node where they meet is one junction (`seamJunction`).
    static func appending(_ tail: GuidancePath, to head: GuidancePath, at offset: Int) -> GuidancePath {
        var path = head.path
        let base = path.coords.count - 1
        let seam = seamJunction(head: head.path.junctions.first { $0.index == base }, tail: tail.path)
        path.segmentOffTrail = path.offTrailFlags + tail.path.offTrailFlags
        path.coords += tail.path.coords.dropFirst()
        path.segmentTrailNames += tail.path.segmentTrailNames
        path.junctions.removeAll { $0.index == base }
        if let seam { path.junctions.append(RouteJunction(index: base, branches: seam.branches)) }
        for j in tail.path.junctions where j.index > 0 {
            path.junctions.append(RouteJunction(index: j.index + base, branches: j.branches))
        }
        path.junctions.sort { $0.index < $1.index }
        return (path, head.indexInCoords + tail.indexInCoords.dropFirst().map { $0 + offset })
    }

    /// Two branches are the same way when their bearings (both measured 25 m out from the same
    /// node) differ by less than this, degrees, and their names match.
    static let sameBranchDeg = 5.0

    /// The junction where `tail` joins the end of the head path: the head's end lists every way
    /// but the way in, the tail's start every way but the way out, so the node's branches are
    /// the ways both list; nil when none is left (a way back rejoining a route mid-trail is no
    /// junction: one cue per turn). A tail that leaves the trails has no way out on the network:
    /// the head's list is the node's.
    static func seamJunction(head: RouteJunction?, tail: RoutePath) -> RouteJunction? {
        guard let head else { return nil }
        if tail.isOffTrail(segment: 0) { return head }
        guard let start = tail.junctions.first(where: { $0.index == 0 }) else { return nil }
        let both = head.branches.filter { a in
            start.branches.contains { b in b.trailName == a.trailName && abs(Deviation.signedDeg(from: a.bearingDeg, to: b.bearingDeg)) < sameBranchDeg }
        }
        return both.isEmpty ? nil : RouteJunction(index: head.index, branches: both)
    }

    /// Elevations, stats, waypoints and landmarks of a walk; a lead-in leg gets a start that says which way
    /// and how far to the trail.
    /// - Throws: `RerouteError.argument` when the walk cannot be finished (`RouteFinisher`).
    func finish(coords: [LonLat], guidance: GuidancePath, lead: (from: LonLat, to: LonLat, count: Int)?,
                timeS: Int) throws(RerouteError) -> ComputedRoute {
        let done: FinishedRoute
        do {
            done = try RouteFinisher.finish(GroundRoute(path: guidance.path, coords: coords, indexOfPathVertex: guidance.indexInCoords, isDrawn: true),
                                            terrain: finestTerrain(covering: coords), pois: pois, model: network.rates, landmarks: landmarks)
        } catch { throw .argument(name: "route", message: error.description) }
        var waypoints = done.waypoints
        if let lead, let k = waypoints.firstIndex(where: { $0.kind == .start }) {
            // The first trail the walk follows after the straight leg.
            let names = guidance.path.segmentTrailNames.dropFirst(lead.count)
            let trail = (names.first ?? nil) ?? "the trail"
            // No distance: the SPEC's instructions are imperatives a client prefixes or suffixes with one.
            waypoints[k].instruction = "Head \(Compass.point8(bearingDeg: Geodesic.bearingDeg(lead.from, lead.to))) to \(trail)"
        }
        return ComputedRoute(coords: coords, elevationsM: done.elevationsM, cumM: done.cumM, waypoints: waypoints, stats: done.stats,
                             landmarks: done.landmarks.map(\.packEntry), networkTimeS: timeS)
    }
}
