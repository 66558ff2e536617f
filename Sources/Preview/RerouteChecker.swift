import Foundation
import Rerouting
import RouteCore
import TrailpackCore

/// Computes reroute checks from a region folder alone, as a phone with the pack would.
///
/// Per route: the middle vertex (distance along the route nearest half its length; ties the
/// smaller index); the route's direction there (bearing from the vertex `directionSpanM`
/// before it to the one `directionSpanM` after it); the hiker `offsetM` from the middle
/// vertex square to that direction, left first. A side is tried only when its point lies in
/// the region's bbox and within `RegionNetwork.maxJoinDistanceM` of a trail; then
/// `RegionNetwork.rejoin(routeId:at:from:)` with `at` the middle index (the hiker's progress).
/// When the left side fails the right is tried; when both fail the outcome says why.
public enum RerouteChecker {
    /// How far the hiker stands from the middle vertex, metres.
    public static let offsetM = 300.0
    /// Half the stretch the route's direction at its middle is taken over, metres.
    public static let directionSpanM = 20.0

    /// One outcome per route of `pack`, in manifest order.
    public static func checks(_ pack: RegionPack) -> [RerouteOutcome] {
        guard pack.manifest.files.routing != nil else {
            return pack.routes.map { _ in .unavailable(reason: "the region has no routing.json (it was built without trails)") }
        }
        let region: RegionNetwork
        do { region = try RegionNetwork(folder: pack.folderPath) } catch {
            return pack.routes.map { _ in .unavailable(reason: "routing.json cannot be used: \(error.description)") }
        }
        return pack.routes.map { check($0, region: region) }
    }

    /// The check of `route` over `region`'s network.
    public static func check(_ route: PackRoute, region: RegionNetwork) -> RerouteOutcome {
        guard region.network.routes.contains(where: { $0.id == route.id }) else {
            return .unavailable(reason: "the route has no routing.json entry (a recording, not routed over the trail network)")
        }
        guard route.coords.count >= 2, route.cumulativeM.count == route.coords.count else {
            return .unavailable(reason: "the route has fewer than two vertices")
        }
        let mid = middleIndex(route.cumulativeM)
        let bearingDeg = directionDeg(route, at: mid)
        var reasons: [String] = []
        for side in [RouteSide.left, .right] {
            let turnDeg = side == .left ? -90.0 : 90.0
            let hiker = Geodesic.destination(from: route.coords[mid], bearingDeg: bearingDeg + turnDeg, distanceM: offsetM).rounded7
            if let why = placeProblem(hiker, region: region) {
                reasons.append("\(side.rawValue): \(why)")
                continue
            }
            do { return .checked(try measure(route, middle: mid, side: side, hiker: hiker, region: region)) } catch {
                reasons.append("\(side.rawValue): \(error)")
            }
        }
        return .unavailable(reason: "no point \(Int(offsetM)) m off the middle (vertex \(mid)) has a way back ("
            + reasons.joined(separator: "; ") + ")")
    }

    /// Index of the vertex whose `cumM` is nearest half the last (ties: the smaller index).
    static func middleIndex(_ cumM: [Double]) -> Int {
        let halfM = cumM[cumM.count - 1] / 2
        return cumM.indices.min { abs(cumM[$0] - halfM) < abs(cumM[$1] - halfM) } ?? 0
    }

    /// The route's bearing at vertex `i`, degrees: from the last vertex at least
    /// `directionSpanM` before it (else the first) to the first at least that far after it (else the last).
    static func directionDeg(_ route: PackRoute, at i: Int) -> Double {
        let cum = route.cumulativeM
        let before = cum.indices.last { $0 < i && cum[$0] <= cum[i] - directionSpanM } ?? 0
        let after = cum.indices.first { $0 > i && cum[$0] >= cum[i] + directionSpanM } ?? cum.count - 1
        let a = before == after ? max(0, i - 1) : before, b = before == after ? min(cum.count - 1, i + 1) : after
        return Geodesic.bearingDeg(route.coords[a], route.coords[b])
    }

    /// Why the hiker cannot stand at `p` for a check (outside the region, too far from every
    /// trail), or nil.
    static func placeProblem(_ p: LonLat, region: RegionNetwork) -> String? {
        guard region.bbox.contains(p) else { return "\(p.lon),\(p.lat) lies outside the region" }
        guard let hit = region.router.locate(p) else { return "the network has no edge" }
        guard hit.distanceM <= RegionNetwork.maxJoinDistanceM else {
            return "\(p.lon),\(p.lat) is \(Int(hit.distanceM.rounded())) m from every trail (more than \(Int(RegionNetwork.maxJoinDistanceM)) m)"
        }
        return nil
    }

    /// The way back from `hiker` to `route` at or after vertex `middle`, measured.
    /// - Throws: `RerouteError` when there is none; `RouteStatisticsError` for a broken profile.
    static func measure(_ route: PackRoute, middle: Int, side: RouteSide, hiker: LonLat, region: RegionNetwork) throws -> RerouteCheck {
        let (walk, choice) = try region.rejoin(routeId: route.id, at: middle, from: hiker)
        let k = rejoinPosition(in: walk.coords, route: route, rejoinIndex: choice.index)
        let stats = try RouteStatistics.compute(elevationsM: Array(walk.elevationsM[...k]), cumM: Array(walk.cumM[...k]),
                                                model: region.network.rates)
        return RerouteCheck(routeId: route.id, middleIndex: middle, side: side, offRoute: hiker, wayBack: Array(walk.coords[...k]),
                            wayBackM: walk.cumM[k], wayBackAscentM: stats.ascentM, wayBackDescentM: stats.descentM, wayBackTimeS: stats.durationS,
                            rejoinIndex: choice.index, alongRouteM: route.cumulativeM[choice.index] - route.cumulativeM[middle],
                            firstInstruction: walk.waypoints.first?.instruction ?? "")
    }

    /// Index in `walk` of the route's vertex `rejoinIndex`: the walk ends with the route from that
    /// vertex on, so it sits as many vertices from the walk's end; should it not lie there
    /// (within 1 m), the walk's vertex nearest it.
    static func rejoinPosition(in walk: [LonLat], route: PackRoute, rejoinIndex: Int) -> Int {
        let target = route.coords[rejoinIndex]
        let expected = walk.count - (route.coords.count - rejoinIndex)
        if walk.indices.contains(expected), Geodesic.distanceM(walk[expected], target) < 1 { return expected }
        return walk.indices.min { Geodesic.distanceM(walk[$0], target) < Geodesic.distanceM(walk[$1], target) } ?? 0
    }
}
