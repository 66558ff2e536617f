import Foundation
import Rerouting
import TestSupport
import Testing
import TrailGraph
import TrailpackCore

/// Routing over a network with loops, one-ways and closures (the synthetic grid region).
@Suite struct RouteChoiceTests {
    func reference() throws -> ReferenceGraph {
        try ReferenceGraph(file: try GridRegion.built.get().folder.appendingPathComponent("routing.json"))
    }

    /// 200 seeded node pairs: the router's least time equals a plain Dijkstra's over the file
    /// (within 1 s), and where the shortest way by length is slower, the router takes the quicker one.
    @Test func leastTimePathsMatchAPlainDijkstraAndBeatTheShortestByLength() throws {
        let region = try GridRegion.region(), ref = try reference()
        var random = SeededRandom(seed: 0x2025)
        var pairs = 0, differ = 0
        for _ in 0..<20 {
            let source = Int.random(in: 0..<ref.nodes.count, using: &random)
            let times = ref.times(from: source), lengths = ref.lengths(from: source)
            let byLength = ref.dijkstra(from: source) { e, f in e.timeS[f ? 0 : 1] == nil ? nil : e.lengthM }
            for _ in 0..<10 {
                let target = Int.random(in: 0..<ref.nodes.count, using: &random)
                pairs += 1
                guard let steps = region.router.shortestPath(from: source, to: target) else {
                    #expect(!times[target].isFinite, "router finds no path \(source) -> \(target), the reference does")
                    continue
                }
                let t = Double(region.network.timeS(of: steps) ?? -1)
                #expect(abs(t - times[target]) <= 1, "\(source) -> \(target): \(t) s against \(times[target]) s")
                let lengthM = steps.reduce(0) { $0 + region.network.edges[$1.edge].profile.lengthM }
                #expect(lengthM >= lengths[target] - 0.5)
                if lengthM > byLength[target] + 20 { differ += 1 }
            }
        }
        #expect(pairs == 200)
        // The grid's hills make the quickest way longer than the shortest for some pairs.
        #expect(differ > 0, "no pair where time and length choose differently")
    }

    /// Every `oneway:foot` edge: walking from its end to its start never walks it backwards, and
    /// the way found is slower than the edge forwards (or there is none).
    @Test func onewayFootIsWalkedOnlyItsWay() throws {
        let region = try GridRegion.region()
        let oneways = region.network.edges.indices.filter { region.network.edges[$0].oneway }
        #expect(!oneways.isEmpty)
        for k in oneways {
            let e = region.network.edges[k]
            #expect(e.profile.timeS[1] == nil)
            guard let back = region.router.shortestPath(from: e.b, to: e.a) else { continue }
            #expect(!back.contains { region.network.edges[$0.edge].oneway && !$0.forward })
            #expect(back.count > 1 || back[0].edge != k)
        }
    }

    /// A plain `oneway` binds cyclists only: those edges can be walked both ways.
    @Test func aPlainOnewayDoesNotBindHikers() throws {
        let region = try GridRegion.region(), net = GridRegion.network
        let features = Set(net.onewayCyclistOnlyWayIndices)
        let edges = region.network.edges.filter { features.contains($0.trail) }
        #expect(!edges.isEmpty)
        for e in edges {
            #expect(!e.oneway && e.profile.timeS[1] != nil)
            let back = try #require(region.router.shortestPath(from: e.b, to: e.a))
            #expect(Double(region.network.timeS(of: back)!) <= Double(e.profile.timeS[1]!))
        }
    }

    /// Trails closed to hikers are drawn but never routed over, and the build says so.
    @Test func closedTrailsAreLeftOutAndNamedInTheNotes() throws {
        let region = try GridRegion.region(), net = GridRegion.network
        let closed = Set(net.closedWayIndices)
        #expect(!closed.isEmpty)
        #expect(!region.network.edges.contains { closed.contains($0.trail) })
        let open = Set(net.privateFootYesWayIndices)
        #expect(region.network.edges.contains { open.contains($0.trail) }, "access=private with foot=yes is open to hikers")
        let notes = try GridRegion.built.get().summary.diagnostics.map(\.message)
        #expect(notes.contains { $0.contains("\(closed.count) trail lines closed to hikers") })
    }

    /// A point 600 m from every trail gets an error naming the distance and the direction.
    @Test func aPointFarFromEveryTrailIsAnErrorWithDistanceAndDirection() throws {
        let region = try GridRegion.region()
        let b = GridRegion.network.bbox
        let far = Geodesic.destination(from: LonLat(b.west, b.south), bearingDeg: 225, distanceM: 600)
        let nearestM = region.network.edges.flatMap(\.coords).map { Geodesic.distanceM(far, $0) }.min()!
        #expect(nearestM > 500)
        #expect(throws: RerouteError.self) { try region.route(through: [QueryPoint(argument: "--from", location: far),
                                                                       QueryPoint(argument: "--to", location: GridRegion.viaEnds.1)]) }
        do {
            _ = try region.route(through: [QueryPoint(argument: "--from", location: far), QueryPoint(argument: "--to", location: GridRegion.viaEnds.1)])
        } catch {
            let text = error.description
            #expect(text.hasPrefix("--from"))
            #expect(text.contains("is \(Int(nearestM.rounded())) m from the nearest trail") || text.contains("is \(Int(nearestM.rounded()) - 1) m from"), "\(text)")
            #expect(text.contains("northeast"), "\(text)")
        }
    }

    /// The way back never rejoins behind the hiker's progress, and a hiker standing on the route
    /// rejoins where they stand.
    @Test func theWayBackNeverRejoinsBehindTheHikersProgress() throws {
        let region = try GridRegion.region()
        let entry = try #require(region.network.routes.first)
        let coords = try #require(try routeCoords(region))
        var random = SeededRandom(seed: 0xBAC4)
        for _ in 0..<12 {
            let at = Int.random(in: 0..<(coords.count - 10), using: &random)
            let side = random.unit() < 0.5 ? 90.0 : -90.0
            let bearing = Geodesic.bearingDeg(coords[at], coords[at + 1]) + side
            let from = Geodesic.destination(from: coords[at], bearingDeg: bearing, distanceM: 50 + 250 * random.unit())
            let (back, choice) = try region.rejoin(routeId: entry.id, at: at, from: from)
            #expect(choice.index >= at)
            #expect(back.coords.last == coords.last)
            // A hiker within a few GPS errors of a trail starts on it; farther, a straight leg leads there.
            #expect(Geodesic.distanceM(back.coords[0], from) < 0.02 || Geodesic.distanceM(back.coords[0], from) <= RegionNetwork.approachMinM)
        }
        for at in [0, coords.count / 3, coords.count - 2] {
            let (_, choice) = try region.rejoin(routeId: entry.id, at: at, from: coords[at])
            #expect(choice.index == at && choice.timeS == 0)
        }
    }

    /// A hiker nearer a way joined to none of the route's trails (an unconnected stub of the
    /// demo's OSM ways, 72 m off) than to the route's own network (104 m) is brought back over the
    /// route's network by a straight leg to it, not told there is no path.
    @Test func theWayBackJoinsTheNetworkTheRouteLiesOn() throws {
        let region = try RegionNetwork(folder: try BuiltNetworkTests.demo.get().path)
        let from = LonLat(-71.3659491, 44.5003101)
        let entry = try #require(region.network.routes.first { $0.id == "unknown-pond" })
        let parts = region.network.parts(), routePart = parts[region.network.from(entry.path[0])]
        let nearest = try #require(region.router.locate(from))
        let joined = try #require(region.router.locate(from) { parts[region.network.edges[$0].a] == routePart })
        #expect(parts[region.network.edges[nearest.edge].a] != routePart)
        #expect(joined.distanceM > nearest.distanceM + 20 && joined.distanceM < 150)
        let (back, _) = try region.rejoin(routeId: "unknown-pond", at: 0, from: from)
        let file = URL(fileURLWithPath: region.folder).appendingPathComponent("routes/unknown-pond.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let route = try #require((root["coords"] as? [[Double]])?.map { LonLat($0[0], $0[1]) })
        #expect(back.coords.last == route.last)
        #expect(back.coords.contains { Geodesic.distanceM($0, joined.point) < 0.5 })
        #expect(back.waypoints.first?.instruction.hasPrefix("Head ") == true, "\(back.waypoints.first?.instruction ?? "none")")
    }

    /// A route from beside the same stub to Unknown Pond: its nearest trail is joined to nothing
    /// the pond's is, so it starts on the pond's network instead; a route between two stubs joins
    /// the trails near both; where both points lie near one part, the nearest trails are kept.
    @Test func aRouteStartsOnTheNetworkItsEndLiesOn() throws {
        let region = try RegionNetwork(folder: try BuiltNetworkTests.demo.get().path)
        let stubSide = LonLat(-71.3659491, 44.5003101), pond = LonLat(-71.3905, 44.5290)
        let nearest = try #require(region.router.locate(stubSide))
        let joins = try #require(region.router.joins([stubSide, pond], withinM: RegionNetwork.maxJoinDistanceM))
        let parts = region.network.parts()
        #expect(parts[region.network.edges[joins[0].edge].a] == parts[region.network.edges[joins[1].edge].a])
        #expect(parts[region.network.edges[nearest.edge].a] != parts[region.network.edges[joins[0].edge].a])
        let route = try region.route(through: [QueryPoint(argument: "--from", location: stubSide), QueryPoint(argument: "--to", location: pond)])
        #expect(route.coords.contains { Geodesic.distanceM($0, joins[0].point) < 0.5 })
        #expect(route.stats.distanceM > 3000)
        // Both ends on stubs of their own, 12 km apart, the trails 215 m and 93 m off: both join the trails.
        let onStubs = [LonLat(-71.3566455, 44.4994976), LonLat(-71.361145, 44.611844)]
        #expect(onStubs.map { region.router.locate($0)!.distanceM }.allSatisfy { $0 < 0.01 })
        let across = try region.route(through: onStubs.map { QueryPoint(argument: "point", location: $0) })
        #expect(across.stats.distanceM > 12_000)
        #expect(Geodesic.distanceM(across.coords[0], onStubs[0]) < 0.01 && Geodesic.distanceM(across.coords[1], onStubs[0]) < 12)
        let same = try #require(region.router.joins([joins[0].point, pond], withinM: RegionNetwork.maxJoinDistanceM))
        #expect(same.map(\.edge) == [region.router.locate(joins[0].point)!.edge, region.router.locate(pond)!.edge])
    }

    /// The rejoin vertex is the quickest to reach: no vertex in the 150 after `at` is quicker by
    /// more than the whole-second rounding of the pieces, each measured by its own least-time
    /// path over the network split at the hiker and at it.
    @Test func theRejoinVertexIsTheQuickestToWalkTo() throws {
        let region = try GridRegion.region()
        let entry = try #require(region.network.routes.first)
        let coords = try #require(try routeCoords(region))
        for (at, offsetM) in [(200, 180.0), (520, 260.0)] {
            let bearing = Geodesic.bearingDeg(coords[at], coords[at + 1]) + 90
            let from = Geodesic.destination(from: coords[at], bearingDeg: bearing, distanceM: offsetM)
            let (_, choice) = try region.rejoin(routeId: entry.id, at: at, from: from)
            let hiker = try #require(region.router.locate(from))
            var quickest = Double.infinity
            for k in at...min(at + 150, coords.count - 1) {
                let target = try #require(region.router.locate(coords[k]))
                let (split, nodes) = region.network.splitting(at: [hiker, target]) { region.terrain.elevationM(at: $0) ?? 0 }
                guard let steps = NetworkRouter(searching: split).shortestPath(from: nodes[0], to: nodes[1]) else { continue }
                quickest = min(quickest, Double(split.timeS(of: steps) ?? Int.max))
            }
            #expect(choice.timeS <= quickest + 3, "rejoin at \(choice.index) takes \(choice.timeS) s, a vertex after \(at) is \(quickest) s away")
        }
    }

    func routeCoords(_ region: RegionNetwork) throws -> [LonLat]? {
        let file = try GridRegion.built.get().folder.appendingPathComponent("routes/across.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return (root?["coords"] as? [[Double]])?.map { LonLat($0[0], $0[1]) }
    }
}
