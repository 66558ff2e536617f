import Foundation
import Testing
import TestSupport
import TrailpackCore
import TrailGraph

/// The synthetic trail network generator (TestSupport) keeps the promises its users rely on.
@Suite struct SyntheticTrailGraphTests {
    static let network = SyntheticTrailNetwork.make(seed: 42)

    @Test func defaultNetworkHasAtLeast500KilometresOfTrail() {
        let km = Self.network.totalLengthM / 1000
        print("synthetic network seed 42: \(String(format: "%.1f", km)) km, \(Self.network.ways.count) ways, "
              + "\(Self.network.ways.reduce(0) { $0 + $1.coords.count }) vertices, "
              + "\(Self.network.junctions().count) junctions, \(Self.network.deadEnds().count) dead ends, "
              + "\(Self.network.bridges.count) bridges")
        #expect(km >= 500)
    }

    @Test func sameSeedGivesTheSameBytesAndAnotherSeedDoesNot() {
        let again = SyntheticTrailNetwork.make(seed: 42)
        #expect(again.geoJSON() == Self.network.geoJSON())
        #expect(again.osmXML() == Self.network.osmXML())
        #expect(SyntheticTrailNetwork.make(seed: 43).geoJSON() != Self.network.geoJSON())
    }

    @Test func everyVertexLiesInsideTheTileAwayFromItsEdges() {
        let box = Self.network.bbox
        #expect(box.west > -71.98 && box.east < -71.02 && box.south > 44.02 && box.north < 44.98)
        let centre = LonLat((box.west + box.east) / 2, (box.south + box.north) / 2)
        #expect(Geodesic.distanceM(centre, LonLat(-71.45, 44.55)) < 500)
    }

    @Test func vertexStepsAreFifteenToFortyMetres() {
        let steps = Self.network.ways.flatMap { way in
            zip(way.coords, way.coords.dropFirst()).map { Geodesic.distanceM($0, $1) }
        }
        #expect(steps.min()! >= 15)
        #expect(steps.max()! <= 40)
    }

    @Test func gridLinesMeetAtSharedVertices() {
        let n = Self.network.options.linesPerAxis
        let junctions = Self.network.junctions()
        // Every crossing but the bridges, give or take nothing: gaps keep their crossings.
        #expect(junctions.count == n * n - Self.network.bridges.count)
        let byVertex = Self.network.waysByVertex()
        for p in junctions.prefix(50) {
            let lines = Set(byVertex[p]!.map { Self.network.ways[$0].lineIndex })
            #expect(lines.contains { $0 < n } && lines.contains { $0 >= n })
        }
    }

    @Test func waysAreSplitAtSomeCrossingsButNotAll() {
        let byVertex = Self.network.waysByVertex()
        let crossingsPerWay = Self.network.ways.map { way in
            way.coords.dropFirst().dropLast().filter { byVertex[$0]!.count > 1 }.count
        }
        #expect(crossingsPerWay.contains(0))
        #expect(crossingsPerWay.contains { $0 >= 3 })
    }

    @Test func bridgesShareNoVertexWithTheWayBelowButCrossIt() {
        let bridges = Self.network.bridges
        #expect(bridges.count > 0)
        for b in bridges {
            let upper = Self.network.ways[b.upperWay], lower = Self.network.ways[b.lowerWay]
            #expect(upper.properties["bridge"] == "yes" && upper.properties["layer"] == "1")
            #expect(Set(upper.coords).isDisjoint(with: lower.coords))
            #expect(lower.coords.contains(b.crossing))
            #expect(upper.coords.allSatisfy { Geodesic.distanceM($0, b.crossing) > 8 })
            #expect(Self.properCrossings(upper.coords, lower.coords) == 1)
        }
        #expect(Set(bridges.map(\.upperWay)) == Set(Self.network.bridgeWayIndices))
    }

    @Test func waysOfDifferentLinesCrossOnlyAtSharedVerticesOrBridges() {
        #expect(Self.crossingsBetweenLines(Self.network) == Self.network.bridges.count)
    }

    @Test func everyKindOfTagOccurs() {
        let net = Self.network
        let counts: [String: Int] = [
            "oneway:foot": net.onewayFootWayIndices.count, "oneway only": net.onewayCyclistOnlyWayIndices.count,
            "closed": net.closedWayIndices.count, "private+foot=yes": net.privateFootYesWayIndices.count,
            "steps": net.stepsWayIndices.count, "sac_scale": net.sacScaleWayIndices.count,
            "bridge": net.bridgeWayIndices.count, "unnamed": net.unnamedWayIndices.count,
            "foot=no": net.wayIndices { $0.properties["foot"] == "no" }.count,
            "access=private closed": net.wayIndices { $0.properties["access"] == "private" && $0.properties["foot"] == nil }.count,
            "track": net.wayIndices { $0.properties["highway"] == "track" }.count,
            "footway": net.wayIndices { $0.properties["highway"] == "footway" }.count,
            "path": net.wayIndices { $0.properties["highway"] == "path" }.count,
        ]
        print("synthetic network seed 42 tag counts: " + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        for (kind, count) in counts { #expect(count > 0, "\(kind)") }
        #expect(net.ways.allSatisfy { $0.properties["highway"] != nil })
        #expect(net.unnamedWayIndices.count * 2 < net.ways.count)
        #expect(Set(net.closedWayIndices).isDisjoint(with: net.privateFootYesWayIndices))
    }

    @Test func deadEndsExistBeyondTheStubs() {
        // Two stub ends per line, plus two per gap.
        #expect(Self.network.deadEnds().count > 4 * Self.network.options.linesPerAxis)
    }

    @Test func geoJSONHoldsTheWaysExactly() throws {
        let root = try JSONSerialization.jsonObject(with: Data(Self.network.geoJSON().utf8)) as! [String: Any]
        let features = root["features"] as! [[String: Any]]
        #expect(features.count == Self.network.ways.count)
        for (feature, way) in zip(features, Self.network.ways).prefix(40) {
            #expect(feature["properties"] as! [String: String] == way.properties)
            let raw = (feature["geometry"] as! [String: Any])["coordinates"] as! [[Double]]
            #expect(raw.map { LonLat($0[0], $0[1]) } == way.coords)
        }
    }

    @Test func osmXMLHasOneNodePerDistinctVertex() {
        let lines = Self.network.osmXML().split(separator: "\n")
        #expect(lines[1].hasPrefix("<osm version=\"0.6\""))
        let nodeCount = lines.filter { $0.hasPrefix("  <node ") }.count
        #expect(nodeCount == Self.network.waysByVertex().count)
        #expect(lines.filter { $0.hasPrefix("  <way ") }.count == Self.network.ways.count)
        let refs = lines.filter { $0.hasPrefix("    <nd ") }
        #expect(refs.count == Self.network.ways.reduce(0) { $0 + $1.coords.count })
        #expect(Set(refs).count < refs.count)
    }

    @Test func smallNetworksWork() {
        let small = SyntheticTrailNetwork.make(seed: 7, options: .init(linesPerAxis: 4, spacingM: 300))
        #expect(small.ways.count >= 8)
        #expect(small.junctions().count == 16 - small.bridges.count)
        #expect(Self.crossingsBetweenLines(small) == small.bridges.count)
    }
}

extension SyntheticTrailGraphTests {
    /// Proper crossings (interiors intersect, no shared end point) between segments of ways of
    /// different lines, found through 100 m buckets.
    static func crossingsBetweenLines(_ net: SyntheticTrailNetwork) -> Int {
        let metric = LocalMetric(latDeg: net.options.centre.lat)
        func xy(_ p: LonLat) -> (Double, Double) { (p.lon * metric.mPerDegLon, p.lat * metric.mPerDegLat) }
        var buckets: [SIMD2<Int>: [(Int, LonLat, LonLat)]] = [:]
        for (w, way) in net.ways.enumerated() {
            for (a, b) in zip(way.coords, way.coords.dropFirst()) {
                let (ax, ay) = xy(a), (bx, by) = xy(b)
                for cx in Int((min(ax, bx) / 100).rounded(.down))...Int((max(ax, bx) / 100).rounded(.down)) {
                    for cy in Int((min(ay, by) / 100).rounded(.down))...Int((max(ay, by) / 100).rounded(.down)) {
                        buckets[SIMD2(cx, cy), default: []].append((w, a, b))
                    }
                }
            }
        }
        var found = Set<[Double]>()
        for segments in buckets.values {
            for i in segments.indices {
                for j in segments.indices where j > i && net.ways[segments[i].0].lineIndex != net.ways[segments[j].0].lineIndex {
                    let s = segments[i], t = segments[j]
                    if properlyCross(xy(s.1), xy(s.2), xy(t.1), xy(t.2)) {
                        found.insert([s.1.lon, s.1.lat, s.2.lon, s.2.lat, t.1.lon, t.1.lat, t.2.lon, t.2.lat])
                    }
                }
            }
        }
        return found.count
    }

    /// Proper crossings between the segments of two polylines.
    static func properCrossings(_ a: [LonLat], _ b: [LonLat]) -> Int {
        var count = 0
        for (p, q) in zip(a, a.dropFirst()) {
            for (r, s) in zip(b, b.dropFirst()) where properlyCross((p.lon, p.lat), (q.lon, q.lat), (r.lon, r.lat), (s.lon, s.lat)) {
                count += 1
            }
        }
        return count
    }

    /// True when segment p-q and segment r-s cross at a point interior to both.
    static func properlyCross(_ p: (Double, Double), _ q: (Double, Double), _ r: (Double, Double), _ s: (Double, Double)) -> Bool {
        func orient(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> Double {
            (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
        }
        let d1 = orient(p, q, r), d2 = orient(p, q, s), d3 = orient(r, s, p), d4 = orient(r, s, q)
        return d1 * d2 < 0 && d3 * d4 < 0
    }
}

/// The independent router (scripts/independent_route.py, pyroutelib3) over the synthetic network's
/// OSM XML honours closures, `oneway:foot` and nothing else: the reference later routing tests
/// compare trailpack with. Runs when `make venv` has made `.venv` (`make test` does).
@Suite(.enabled(if: IndependentRouter.isAvailable, "no .venv: run 'make venv'"))
struct SyntheticTrailNetworkRoutingTests {
    static let network = SyntheticTrailNetwork.make(seed: 5, options: .init(linesPerAxis: 10))
    static var osmPath: String { get throws { try writtenOSM.get() } }
    private static let writtenOSM = Result { () throws -> String in
        let url = TestData.scratchFolder("synthetic-osm").appendingPathComponent("grid.osm")
        try network.osmXML().write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A way's end points and its geodesic length in metres.
    static func ends(_ w: Int) -> (LonLat, LonLat, Double) {
        let way = network.ways[w]
        return (way.coords.first!, way.coords.last!, Geodesic.lengthM(way.coords))
    }

    @Test func onewayFootWaysAreWalkedOnlyForwards() throws {
        let oneway = Self.network.onewayFootWayIndices
        #expect(!oneway.isEmpty)
        for w in oneway.prefix(3) {
            let (a, b, lengthM) = Self.ends(w)
            let forward = try #require(try IndependentRouter.route(osmPath: Self.osmPath, through: [a, b]))
            #expect(abs(forward.lengthM - lengthM) < 0.5)
            let backward = try IndependentRouter.route(osmPath: Self.osmPath, through: [b, a])
            #expect(backward.map { $0.lengthM > lengthM + 100 } ?? true, "way \(w + 1)")
        }
    }

    @Test func plainOnewayBindsCyclistsNotHikers() throws {
        let oneway = Self.network.onewayCyclistOnlyWayIndices
        #expect(!oneway.isEmpty)
        for w in oneway.prefix(2) {
            let (a, b, lengthM) = Self.ends(w)
            let backward = try #require(try IndependentRouter.route(osmPath: Self.osmPath, through: [b, a]))
            #expect(abs(backward.lengthM - lengthM) < 0.5, "way \(w + 1)")
        }
    }

    @Test func closedWaysAreNeverWalked() throws {
        let openVertices = Set(Self.network.ways.filter { !SyntheticTrailNetwork.isClosedToHikers($0.properties) }.flatMap(\.coords))
        let closed = Self.network.closedWayIndices.filter {
            openVertices.contains(Self.network.ways[$0].coords.first!) && openVertices.contains(Self.network.ways[$0].coords.last!)
        }
        var detours = 0
        for w in closed.prefix(4) {
            // No route at all when the closed way was the only way to one of its ends.
            let (a, b, lengthM) = Self.ends(w)
            guard let route = try IndependentRouter.route(osmPath: Self.osmPath, through: [a, b]) else { continue }
            let interior = Set(Self.network.ways[w].coords.dropFirst().dropLast())
            #expect(interior.isDisjoint(with: route.coords), "way \(w + 1)")
            #expect(route.lengthM > lengthM + 100)
            detours += 1
        }
        #expect(detours > 0)
    }

    @Test func privateWaysOpenToHikersAreWalked() throws {
        let open = Self.network.privateFootYesWayIndices
        #expect(!open.isEmpty)
        for w in open.prefix(2) {
            let (a, b, lengthM) = Self.ends(w)
            let route = try #require(try IndependentRouter.route(osmPath: Self.osmPath, through: [a, b]))
            #expect(abs(route.lengthM - lengthM) < 0.5, "way \(w + 1)")
        }
    }
}

/// The builder's trail graph against the independent router (pyroutelib3, shortest by length on
/// foot) over one synthetic OSM network with no closures, one-way ways or gaps (the builder's
/// graph walks every open way both ways, and joins ends within 4 m that OSM leaves apart): every
/// leg of a walk through random trail vertices is as long by both, so the graph's joins, its
/// edge split and its search find the ways OSM's topology has.
@Suite(.enabled(if: IndependentRouter.isAvailable, "no .venv: run 'make venv'"))
struct TrailGraphAgainstIndependentRouterTests {
    static let network = SyntheticTrailNetwork.make(seed: 9, options: .init(linesPerAxis: 8, gapShare: 0, onewayFootShare: 0,
                                                                            closedShare: 0, privateFootYesShare: 0))

    @Test func everyLegIsAsLongAsTheIndependentRoutersOwn() throws {
        let net = Self.network
        let url = TestData.scratchFolder("graph-vs-independent").appendingPathComponent("grid.osm")
        try net.osmXML().write(to: url, atomically: true, encoding: .utf8)
        let graph = try TrailNetworkGraph(lines: net.ways.enumerated().map { k, way in
            TrailLine(id: String(format: "w%05d", k), name: way.properties["name"], coords: way.coords)
        })
        var random = SeededRandom(seed: 17)
        let vertices = net.ways.flatMap(\.coords)
        let points = (0..<12).map { _ in vertices[Int.random(in: 0..<vertices.count, using: &random)] }
        let ours = try graph.route(via: points.enumerated().map { ViaPoint(label: "p\($0.offset)", location: $0.element) })
        let theirs = try #require(try IndependentRouter.route(osmPath: url.path, through: points))
        #expect(ours.viaSnapDistancesM.allSatisfy { $0 < 0.01 })
        let cumM = Geodesic.cumulativeDistancesM(ours.path.coords)
        let legsM = zip(ours.viaIndices, ours.viaIndices.dropFirst()).map { cumM[$1] - cumM[$0] }
        #expect(legsM.count == theirs.legLengthsM.count)
        for (k, (a, b)) in zip(legsM, theirs.legLengthsM).enumerated() {
            #expect(abs(a - b) < 0.5, "leg \(k + 1): \(a) m against the independent router's \(b) m")
        }
        #expect(legsM.reduce(0, +) > 10_000)
    }
}
