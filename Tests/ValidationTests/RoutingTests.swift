import Foundation
import PackJSON
import Pipeline
import Testing
import TestSupport
import TrailpackCore
@testable import Validation

private let region = "regions/\(PackFixture.regionId)/"
private let manifest = region + "manifest.json"
private let routing = region + "routing.json"
private let trails = region + "trails.geojson"
private let routeFile = "routes/\(PackFixture.routeId).json"

/// Sets a number at `path` of routing.json to `f(old)`, rounded to `decimals`.
private func shift(_ e: PackEditor, _ path: String, decimals: Int = 7, _ f: @escaping (Double) -> Double) throws {
    try e.editJSON("routing.json") { r in r.set(path, .number(f(r.get(path)!.double), decimals: decimals)) }
}

/// Appends `value` to the array at `path` of a JSON file.
private func append(_ e: PackEditor, _ file: String, _ path: String, _ value: JSONValue) throws {
    try e.editJSON(file) { r in
        guard case .array(let items) = r.get(path)! else { return }
        r.set(path, .array(items + [value]))
    }
}

/// A trail vertex moved `metres` east of where it was.
private func moveEast(_ e: PackEditor, _ path: String, metres: Double) throws {
    try e.editJSON("trails.geojson") { t in
        let p = LonLat(t.get(path + "[0]")!.double, t.get(path + "[1]")!.double)
        let q = Geodesic.destination(from: p, bearingDeg: 90, distanceM: metres)
        t.set(path, [.number(q.lon, decimals: 7), .number(q.lat, decimals: 7)])
    }
}

/// Fixture nodes: 0, 1 Fixture Trail; 2, 3 the unnamed oneway; 4 the route's start, 5 its
/// split, 6 its end. Edges: 0 Fixture Trail, 1 the unnamed way, 2 and 3 Ridge Path.
let routingCorruptions: [Corruption] = [
    // Manifest and header.
    Corruption(name: "routing: manifest node count off by one", rule: .routingCount, file: manifest, path: "files.routing.nodes") {
        try $0.editJSON("manifest.json") { m in m.set("files.routing.nodes", .number(m.get("files.routing.nodes")!.double + 1)) }
    },
    Corruption(name: "routing: renamed network.json", rule: .pathTree, file: manifest, path: "files.routing.path") {
        try FileManager.default.moveItem(at: $0.url("routing.json"), to: $0.url("network.json"))
        try $0.set("manifest.json", "files.routing.path", "network.json")
    },
    Corruption(name: "routing: routing.json missing", rule: .fileMissing, file: manifest, path: "files.routing.path") {
        try FileManager.default.removeItem(at: $0.url("routing.json"))
    },
    Corruption(name: "routing: routing.json not listed", rule: .fileUnlisted, file: routing) {
        try $0.set("manifest.json", "files.routing", nil)
    },
    Corruption(name: "routing: stale sha256", rule: .fileSHA256, file: manifest, path: "files.routing.sha256", resign: false) {
        try $0.editBytes("routing.json") { $0.append(0x20) }
    },
    Corruption(name: "routing: formatVersion 2", rule: .formatVersion, file: routing, path: "formatVersion") {
        try $0.set("routing.json", "formatVersion", 2)
    },
    Corruption(name: "routing: edge without lengthM", rule: .jsonKeyMissing, file: routing, path: "edges[0]") {
        try $0.set("routing.json", "edges[0].lengthM", nil)
    },
    Corruption(name: "routing: node index written 0.0", rule: .jsonInteger, file: routing, path: "edges[0].a") {
        let text = String(decoding: try $0.bytes("routing.json"), as: UTF8.self)
        let range = text.range(of: "\"a\":0,")!
        try $0.write("routing.json", Array(text.replacingCharacters(in: range, with: "\"a\":0.0,").utf8))
    },
    Corruption(name: "routing: walking speed 0", rule: .routingRates, file: routing, path: "rates.horizontalKmh") {
        try $0.set("routing.json", "rates.horizontalKmh", 0)
    },
    Corruption(name: "routing: negative climb threshold", rule: .routingRates, file: routing, path: "rates.climbThresholdM") {
        try $0.set("routing.json", "rates.climbThresholdM", -1)
    },

    // Nodes.
    Corruption(name: "routing: node without ele", rule: .routingNode, file: routing, path: "nodes[1]") {
        try $0.editJSON("routing.json") { r in r.set("nodes[1]", [r.get("nodes[1][0]")!, r.get("nodes[1][1]")!]) }
    },
    Corruption(name: "routing: node outside the bbox", rule: .routingNode, file: routing, path: "nodes[0]") {
        try $0.set("routing.json", "nodes[0][0]", .number(PackFixture.bbox.west - 0.001))
    },
    Corruption(name: "routing: node no edge ends at", rule: .routingNode, file: routing, path: "nodes[7]") {
        let terrain = try TER1.decode(try $0.bytes("terrain.bin"))
        let p = LonLat(-71.385, 44.41)
        try append($0, "routing.json", "nodes", [.number(p.lon), .number(p.lat), .number(terrain.elevationM(at: p)!, decimals: 1)])
        try $0.set("manifest.json", "files.routing.nodes", 8)
    },
    Corruption(name: "routing: node ele 1 m off", rule: .routingNodeEle, file: routing, path: "nodes[2][2]") {
        try shift($0, "nodes[2][2]", decimals: 1) { $0 + 1 }
    },

    // Edges.
    Corruption(name: "routing: edge vertex without ele", rule: .routingEdgeCoords, file: routing, path: "edges[0].coords[3]") {
        try $0.editJSON("routing.json") { r in r.set("edges[0].coords[3]", [r.get("edges[0].coords[3][0]")!, r.get("edges[0].coords[3][1]")!]) }
    },
    Corruption(name: "routing: edge of one vertex", rule: .routingEdgeCoords, file: routing, path: "edges[0].coords") {
        try $0.editJSON("routing.json") { r in r.set("edges[0].coords", [r.get("edges[0].coords[0]")!]) }
    },
    Corruption(name: "routing: edge from a node to itself", rule: .routingEdgeEnds, file: routing, path: "edges[0].b") {
        try $0.set("routing.json", "edges[0].b", 0)
    },
    Corruption(name: "routing: edge end past the nodes", rule: .routingEdgeEnds, file: routing, path: "edges[1].a") {
        try $0.set("routing.json", "edges[1].a", 99)
    },
    Corruption(name: "routing: edge start 1 cm off its node", rule: .routingEdgeEnds, file: routing, path: "edges[0].coords[0]") {
        try shift($0, "edges[0].coords[0][0]") { $0 + 1e-7 }
    },
    Corruption(name: "routing: edge end 1 cm off its node", rule: .routingEdgeEnds, file: routing, path: "edges[3].coords[\(PackFixture.routeCoords().count - 1 - RoutingFixture.ridgeSplit)]") {
        let last = PackFixture.routeCoords().count - 1 - RoutingFixture.ridgeSplit
        try shift($0, "edges[3].coords[\(last)][1]") { $0 - 1e-7 }
    },
    Corruption(name: "routing: edge through a third node", rule: .routingEdgeThrough, file: routing, path: "edges[2].coords[5]") {
        try $0.editJSON("routing.json") { r in
            r.set("edges[2].coords[5][0]", r.get("nodes[5][0]")!)
            r.set("edges[2].coords[5][1]", r.get("nodes[5][1]")!)
        }
    },
    Corruption(name: "routing: a 24 m step", rule: .routingEdgeStep, file: routing, path: "edges[0].coords[4]") {
        try $0.set("routing.json", "edges[0].coords[4]", nil)
    },
    Corruption(name: "routing: lengthM 0.1 m long", rule: .routingEdgeLength, file: routing, path: "edges[0].lengthM") {
        try shift($0, "edges[0].lengthM", decimals: 1) { $0 + 0.1 }
    },
    Corruption(name: "routing: edge ele 0.3 m off", rule: .routingEdgeEle, file: routing, path: "edges[2].coords[10][2]") {
        try shift($0, "edges[2].coords[10][2]", decimals: 1) { $0 + 0.3 }
    },
    Corruption(name: "routing: ascentM 0.2 m high", rule: .routingEdgeClimb, file: routing, path: "edges[2].ascentM") {
        try shift($0, "edges[2].ascentM", decimals: 1) { $0 + 0.2 }
    },
    Corruption(name: "routing: descentM 0.2 m low", rule: .routingEdgeClimb, file: routing, path: "edges[3].descentM") {
        try shift($0, "edges[3].descentM", decimals: 1) { $0 - 0.2 }
    },
    Corruption(name: "routing: time a to b 2 s off", rule: .routingEdgeTime, file: routing, path: "edges[2].timeS[0]") {
        try shift($0, "edges[2].timeS[0]", decimals: 0) { $0 + 2 }
    },
    Corruption(name: "routing: time b to a 2 s off", rule: .routingEdgeTime, file: routing, path: "edges[3].timeS[1]") {
        try shift($0, "edges[3].timeS[1]", decimals: 0) { $0 - 2 }
    },
    Corruption(name: "routing: three times", rule: .routingEdgeTime, file: routing, path: "edges[2].timeS") {
        try append($0, "routing.json", "edges[2].timeS", 5)
    },
    Corruption(name: "routing: negative time", rule: .routingEdgeTime, file: routing, path: "edges[0].timeS[1]") {
        try $0.set("routing.json", "edges[0].timeS[1]", -5)
    },
    Corruption(name: "routing: oneway edge walkable back", rule: .routingOneway, file: routing, path: "edges[1].timeS[1]") {
        try $0.set("routing.json", "edges[1].timeS[1]", 100)
    },
    Corruption(name: "routing: no time back without oneway", rule: .routingOneway, file: routing, path: "edges[0].timeS[1]") {
        try $0.set("routing.json", "edges[0].timeS[1]", .null)
    },
    Corruption(name: "routing: no time from a to b", rule: .routingOneway, file: routing, path: "edges[1].timeS[0]") {
        try $0.editJSON("routing.json") { r in r.set("edges[1].timeS", [.null, .null]) }
    },
    Corruption(name: "routing: oneway false", rule: .routingOneway, file: routing, path: "edges[1].oneway") {
        try $0.set("routing.json", "edges[1].oneway", false)
    },
    Corruption(name: "routing: steps false", rule: .routingEdgeTags, file: routing, path: "edges[1].steps") {
        try $0.set("routing.json", "edges[1].steps", false)
    },
    Corruption(name: "routing: empty sacScale", rule: .routingEdgeTags, file: routing, path: "edges[1].sacScale") {
        try $0.set("routing.json", "edges[1].sacScale", "")
    },
    Corruption(name: "routing: edge on the route feature", rule: .routingEdgeTrail, file: routing, path: "edges[2].trail") {
        try $0.set("routing.json", "edges[2].trail", 2)
    },
    Corruption(name: "routing: trail past the features", rule: .routingEdgeTrail, file: routing, path: "edges[0].trail") {
        try $0.set("routing.json", "edges[0].trail", 99)
    },
    Corruption(name: "routing: name not the trail's", rule: .routingEdgeName, file: routing, path: "edges[0].name") {
        try $0.set("routing.json", "edges[0].name", "Other Trail")
    },
    Corruption(name: "routing: a name for an unnamed way", rule: .routingEdgeName, file: routing, path: "edges[1].name") {
        try $0.set("routing.json", "edges[1].name", "Named Way")
    },
    Corruption(name: "routing: name a number", rule: .routingEdgeName, file: routing, path: "edges[2].name") {
        try $0.set("routing.json", "edges[2].name", 7)
    },

    // Trail coverage.
    Corruption(name: "routing: trail vertex 30 m off its edge", rule: .routingTrailCoverage, file: trails,
               path: "features[0].geometry.coordinates[1]") {
        try $0.editJSON("trails.geojson") { t in
            let a = LonLat(t.get("features[0].geometry.coordinates[0][0]")!.double, t.get("features[0].geometry.coordinates[0][1]")!.double)
            let b = LonLat(t.get("features[0].geometry.coordinates[1][0]")!.double, t.get("features[0].geometry.coordinates[1][1]")!.double)
            let middle = Geodesic.destination(from: Geodesic.interpolate(a, b, fraction: 0.5), bearingDeg: Geodesic.bearingDeg(a, b) + 90, distanceM: 30)
            t.set("features[0].geometry.coordinates", [[.number(a.lon), .number(a.lat)], [.number(middle.lon, decimals: 7), .number(middle.lat, decimals: 7)],
                                                        [.number(b.lon), .number(b.lat)]])
        }
    },
    Corruption(name: "routing: multi-line trail end 8 m off its edge", rule: .routingTrailCoverage, file: trails,
               path: "features[1].geometry.coordinates[0][1]") {
        try moveEast($0, "features[1].geometry.coordinates[0][1]", metres: 8)
    },

    // Routes.
    Corruption(name: "routing: route id not in the manifest", rule: .routingRouteId, file: routing, path: "routes[0].id") {
        try $0.set("routing.json", "routes[0].id", "other-walk")
    },
    Corruption(name: "routing: route listed twice", rule: .routingRouteId, file: routing, path: "routes[1].id") {
        try append($0, "routing.json", "routes", try $0.json("routing.json").get("routes[0]")!)
    },
    Corruption(name: "routing: empty path", rule: .routingRoutePath, file: routing, path: "routes[0].path") {
        try $0.set("routing.json", "routes[0].path", [])
    },
    Corruption(name: "routing: path with a gap", rule: .routingRoutePath, file: routing, path: "routes[0].path[1]") {
        try $0.set("routing.json", "routes[0].path[1][1]", true)
    },
    Corruption(name: "routing: oneway edge walked from b to a", rule: .routingRoutePath, file: routing, path: "routes[0].path[1][1]") {
        try $0.set("routing.json", "edges[3].oneway", true)
        try $0.set("routing.json", "edges[3].timeS[1]", .null)
    },
    Corruption(name: "routing: path edge past the edges", rule: .routingRoutePath, file: routing, path: "routes[0].path[1][0]") {
        try $0.set("routing.json", "routes[0].path[1][0]", 9)
    },
    Corruption(name: "routing: route vertex 2 cm off the edges", rule: .routingRouteCoords, file: routing, path: "routes[0].path[0]") {
        try $0.editJSON(routeFile) { r in r.set("coords[5][0]", .number(r.get("coords[5][0]")!.double + 2e-7, decimals: 7)) }
    },
    Corruption(name: "routing: route vertex 2 cm off the reversed edge", rule: .routingRouteCoords, file: routing, path: "routes[0].path[1]") {
        let k = RoutingFixture.ridgeSplit + 3
        try $0.editJSON(routeFile) { r in r.set("coords[\(k)][1]", .number(r.get("coords[\(k)][1]")!.double + 2e-7, decimals: 7)) }
    },
    Corruption(name: "routing: path shorter than the route", rule: .routingRouteCoords, file: routing, path: "routes[0].path") {
        try $0.editJSON("routing.json") { r in
            r.set("routes[0].path", [r.get("routes[0].path[0]")!])
            r.set("routes[0].nodes[2]", nil)
        }
    },
    Corruption(name: "routing: joint missing from nodes", rule: .routingRouteNodes, file: routing, path: "routes[0].nodes") {
        try $0.set("routing.json", "routes[0].nodes[1]", nil)
    },
    Corruption(name: "routing: route vertex at another node", rule: .routingRouteNodes, file: routing, path: "routes[0].nodes[1]") {
        try $0.set("routing.json", "routes[0].nodes[1][1]", 4)
    },
    Corruption(name: "routing: route nodes not ascending", rule: .routingRouteNodes, file: routing, path: "routes[0].nodes[2]") {
        try $0.editJSON("routing.json") { r in
            let second = r.get("routes[0].nodes[1]")!, third = r.get("routes[0].nodes[2]")!
            r.set("routes[0].nodes[1]", third)
            r.set("routes[0].nodes[2]", second)
        }
    },

    // Decimals.
    Corruption(name: "routing: lengthM with two decimals", rule: .routingDecimals, file: routing, path: "edges[0].lengthM") {
        try shift($0, "edges[0].lengthM", decimals: 2) { $0 + 0.01 }
    },
    Corruption(name: "routing: lengthM with two decimals in the compact text", rule: .routingDecimals, file: routing, path: "edges[0].lengthM") {
        let text = String(decoding: try $0.bytes("routing.json"), as: UTF8.self)
        let value = text.range(of: #""lengthM":[0-9.]+"#, options: .regularExpression)!
        let longer = text[value] + (text[value].contains(".") ? "1" : ".01")
        try $0.write("routing.json", Array(text.replacingCharacters(in: value, with: longer).utf8))
    },
    Corruption(name: "routing: node ele with two decimals", rule: .routingDecimals, file: routing, path: "nodes[2][2]") {
        try shift($0, "nodes[2][2]", decimals: 2) { $0 + 0.04 }
    },
    Corruption(name: "routing: edge lon with eight decimals", rule: .routingDecimals, file: routing, path: "edges[2].coords[7][0]") {
        try shift($0, "edges[2].coords[7][0]", decimals: 8) { $0 + 3e-8 }
    },
]

@Suite("routing.json")
struct RoutingTests {
    @Test func theRoutingFixtureIsValidWithoutWarnings() throws {
        let root = try SharedPacks.routingRoot()
        let report = PackValidator.validate(path: root.path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
        // The file really is there, listed and checked.
        let m = try PackEditor(root: root, regionId: PackFixture.regionId).json("manifest.json")
        #expect(m.get("files.routing.edges") == 4)
        #expect(m.get("files.routing.nodes") == 7)
    }

    @Test func aRegionWithoutRoutingIsValid() throws {
        let root = try SharedPacks.fixtureRoot()
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(region + "routing.json").path))
        let report = PackValidator.validate(path: root.path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
    }

    @Test(arguments: routingCorruptions)
    func corruptionIsReported(_ corruption: Corruption) throws {
        let editor = try SharedPacks.routingCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let (report, match) = try corruption.validated(editor)
        #expect(!report.isValid)
        #expect(match != nil, "\(corruption.rule.id) at \(corruption.file) \(corruption.path ?? "") not reported; got:\n\(ReportRenderer.text(report))")
        if let match {
            #expect(match.severity == .error)
            if corruption.path != nil { #expect(match.location.line != nil) }
        }
    }

    @Test func twoNodesAtOnePositionAreReported() throws {
        let editor = try SharedPacks.routingCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        try append(editor, "routing.json", "nodes", try editor.json("routing.json").get("nodes[3]")!)
        try editor.set("manifest.json", "files.routing.nodes", 8)
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path)
        let found = report.problems(.routingNode).filter { $0.location.jsonPath == "nodes[7]" }.map(\.found)
        #expect(found.contains("the lon/lat of nodes[3]"), "\(ReportRenderer.text(report))")
    }

    /// The SPEC's optional keys and trailpack's `climbThresholdM` are known keys; others warn.
    @Test func unknownRoutingKeysWarn() throws {
        let editor = try SharedPacks.routingCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        try editor.set("routing.json", "edges[2].surface", "gravel")
        try editor.set("manifest.json", "files.routing.kind", "graph")
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path)
        #expect(report.errorCount == 0, "\(ReportRenderer.text(report))")
        let unknown = report.problems(.jsonUnknownKey).map { "\($0.file) \($0.location.jsonPath ?? "")" }.sorted()
        #expect(unknown == [manifest + " files.routing.kind", routing + " edges[2].surface"])
    }

    /// Byte flips and truncations of routing.json never pass and never crash.
    @Test func flipsAndTruncationsOfRoutingJSON() throws {
        let editor = try SharedPacks.routingCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let silent = try fuzz(root: editor.root, file: routing, cases: 24, seed: 0x4007)
        #expect(silent.isEmpty, "corruptions that passed validation: \(silent)")
    }
}

@Suite("routing.json at scale")
struct RoutingScaleTests {
    /// 150 parallel trails across the fixture region, 3.1 km each: 470 km of edges, about 40,000
    /// vertices. Valid, and validated in linear time (a quadratic check would take minutes).
    @Test func aNetworkOf470KilometresValidatesQuickly() throws {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let count = 150
        let lines = (0..<count).map { k -> [LonLat] in
            let lat = 44.401 + Double(k) * 0.00019
            return [LonLat(-71.3995, lat), LonLat(-71.38, lat + 0.0001), LonLat(-71.3605, lat)]
        }
        try editor.editJSON("trails.geojson") { t in
            guard case .array(let features) = t["features"]! else { return }
            let added = lines.enumerated().map { k, line in
                PackFixture.feature(["type": "LineString", "coordinates": .array(line.map(PackFixture.position))], ["name": .string("Trail \(k)")])
            }
            t.set("features", .array(features + added))
        }
        let first = 3
        // Each trail in two edges meeting at its middle vertex; every other one walked east to west.
        let edges = lines.enumerated().flatMap { k, line in
            [RoutingFixture.EdgeSpec(trail: first + k, line: Array(line[0...1])),
             RoutingFixture.EdgeSpec(trail: first + k, line: k % 2 == 0 ? Array(line[1...2]) : Array(line[1...2].reversed()))]
        }
        try RoutingFixture.install(RoutingFixture.Spec(edges: edges, routes: []), in: editor)
        let vertices = try editor.json("routing.json").get("edges").map { value -> Int in
            guard case .array(let es) = value else { return 0 }
            return es.reduce(0) { n, e in if case .array(let c)? = e["coords"] { n + c.count } else { n } }
        } ?? 0
        #expect(vertices > 39_000)
        let report = PackValidator.validate(path: editor.root.path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
        #expect(report.elapsedS < 10, "took \(report.elapsedS) s")
        print("routing.json with \(vertices) edge vertices: validated in \(report.elapsedS) s")
    }
}

@Suite("routing.json as the builder writes it")
struct BuiltRoutingTests {
    /// A pack built from a seeded OSM-like network (TestSupport's SyntheticTrailNetwork: shared
    /// vertices and bridges, split ways, dead ends, oneway:foot, steps, sac_scale, ways closed to
    /// hikers), clipped by the region, with a route through two vias: valid under --strict. (At
    /// 25 lines a side, 1,200 edges and a 1.8 MB routing.json, the pack validates in 0.8 s.)
    @Test(arguments: [UInt64(3), 11])
    func aSyntheticNetworkBuildsAValidRoutingJSON(seed: UInt64) throws {
        let network = SyntheticTrailNetwork.make(seed: seed, options: SyntheticTrailNetwork.Options(linesPerAxis: 10))
        let dir = TestData.scratchFolder("validation-synthetic-\(seed)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try network.geoJSON().write(to: dir.appendingPathComponent("trails.geojson"), atomically: true, encoding: .utf8)
        let centre = network.options.centre
        let box = BBox(west: centre.lon - 0.025, south: centre.lat - 0.018, east: centre.lon + 0.025, north: centre.lat + 0.018)
        let open = network.ways.filter { !SyntheticTrailNetwork.isClosedToHikers($0.properties) && $0.coords.allSatisfy { box.contains($0) } }
        let a = open.first!.coords[open.first!.coords.count / 2], b = open.last!.coords[open.last!.coords.count / 2]
        let recipe = """
        {
          id: "synthetic-\(seed)", name: "Synthetic \(seed)", attribution: ["Synthetic trails over SRTM"],
          bbox: [\(box.west), \(box.south), \(box.east), \(box.north)],
          dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          trails: ["trails.geojson"],
          pois: [
            { name: "West Gate", kind: "trailhead", lon: \(a.lon), lat: \(a.lat) },
            { name: "East Gate", kind: "trailhead", lon: \(b.lon), lat: \(b.lat) },
          ],
          routes: [{ id: "across", name: "Across", blurb: "From gate to gate.", via: ["West Gate", "East Gate"] }],
        }
        """
        let recipePath = dir.appendingPathComponent("synthetic.json5").path
        try recipe.write(toFile: recipePath, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack")
        _ = try TestData.build(recipePath: recipePath, outRoot: root.path)
        let editor = PackEditor(root: root, regionId: "synthetic-\(seed)")
        let routing = try editor.json("routing.json")
        #expect(routing.get("routes[0].id") == "across")
        guard case .array(let edges)? = routing["edges"] else { Issue.record("no edges"); return }
        let tagged = (oneway: edges.filter { $0["oneway"] == true }.count, steps: edges.filter { $0["steps"] == true }.count,
                      sac: edges.filter { $0["sacScale"] != nil }.count)
        print("synthetic \(seed): \(edges.count) edges, oneway \(tagged.oneway), steps \(tagged.steps), sacScale \(tagged.sac), path \(routing.get("routes[0].path").map { if case .array(let p) = $0 { p.count } else { 0 } } ?? 0) edges")
        #expect(tagged.oneway > 0 && tagged.steps > 0 && tagged.sac > 0)
        let report = PackValidator.validate(path: root.path)
        #expect(report.passes(strict: true), "\(ReportRenderer.text(report))")
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
    }
}
