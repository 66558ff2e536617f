import Foundation
import Testing
import TestSupport

/// Inputs as authors have them (issue 12): multi-part tracks, OpenStreetMap extracts, unusable
/// files, ambiguous vias, tracks recorded elsewhere, invalid points and unreadable formats, each
/// through the built binary. Every failure exits 1 naming the file and the place, and leaves the
/// previous pack in the same root byte-identical.
@Suite(.serialized) struct AuthorInputsTests {
    // MARK: Real geometry

    /// The OSM ways of wmnf-pliney.geojson by way id, read without trailpack.
    static var ways: [Int: (name: String?, coords: [[Double]])] { get throws { try readWays.get() } }
    private static let readWays = Result { () throws -> [Int: (name: String?, coords: [[Double]])] in
        let data = try Data(contentsOf: URL(fileURLWithPath: TestData.path("white-mountains/wmnf-pliney.geojson")))
        let root: [String: Any] = try FixtureError.unwrap(try JSONSerialization.jsonObject(with: data), "the GeoJSON object")
        var out: [Int: (name: String?, coords: [[Double]])] = [:]
        for f in try FixtureError.unwrap(root["features"], "features") as [[String: Any]] {
            let props: [String: Any] = try FixtureError.unwrap(f["properties"], "properties")
            let geometry: [String: Any] = try FixtureError.unwrap(f["geometry"], "geometry")
            let coords: [[NSNumber]] = try FixtureError.unwrap(geometry["coordinates"], "coordinates")
            let id: NSNumber = try FixtureError.unwrap(props["osm_way_id"], "osm_way_id")
            out[id.intValue] = (props["name"] as? String, coords.map { $0.map(\.doubleValue) })
        }
        return out
    }

    /// The coordinates of OSM way `id`.
    static func way(_ id: Int) throws -> [[Double]] {
        guard let way = try ways[id] else { throw FixtureError("no way \(id) in wmnf-pliney.geojson") }
        return way.coords
    }

    /// The Kilkenny Ridge Trail north of Bunnell Notch: three OSM ways meeting at shared nodes
    /// (5.7 km, 0.1 km, 9.2 km), in walking order.
    static let kilkennyWays = [18844726, 1111569457, 64142032]

    /// The three ways joined into one line (shared nodes once).
    static var kilkennyLine: [[Double]] { get throws {
        var line: [[Double]] = []
        for id in kilkennyWays {
            let c = try way(id)
            line += line.isEmpty ? c : Array(c.dropFirst())
        }
        return line
    } }

    static func geojson(_ features: [(name: String?, coords: [[Double]])]) -> String {
        let items = features.map { f in
            let props = f.name.map { "{\"name\": \"\($0)\"}" } ?? "{}"
            let coords = f.coords.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ")
            return "{\"type\": \"Feature\", \"properties\": \(props), \"geometry\": {\"type\": \"LineString\", \"coordinates\": [\(coords)]}}"
        }
        return "{\"type\": \"FeatureCollection\", \"features\": [\n\(items.joined(separator: ",\n"))\n]}\n"
    }

    static func gpx(segments: [[[Double]]], name: String = "Kilkenny Ridge") -> String {
        let segs = segments.map { seg in
            "<trkseg>" + seg.map { "<trkpt lat=\"\($0[1])\" lon=\"\($0[0])\"/>" }.joined() + "</trkseg>"
        }.joined(separator: "\n")
        return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"trailpack tests\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><name>\(name)</name>\n\(segs)\n</trk></gpx>\n"
    }

    /// Ground distance in metres, equirectangular (short steps only).
    static func stepM(_ a: [Double], _ b: [Double]) -> Double {
        let k = Double.pi / 180 * 6_371_000
        return hypot((b[0] - a[0]) * k * cos(a[1] * .pi / 180), (b[1] - a[1]) * k)
    }

    // MARK: Running builds

    let folder = TestData.scratchFolder("inputs")

    func write(_ text: String, _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.replacingOccurrences(of: "DATA/", with: TestData.url("").path + "/").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A recipe of region `inputs` over the White Mountains tile at 90 m (fast), with `body` added.
    func recipe(_ body: String, name: String = "r.json5") throws -> String {
        try write("{ id: \"inputs\", name: \"Inputs\", attribution: [\"SRTM\", \"© OpenStreetMap contributors\"], dem: [\"DATA/white-mountains/N44W072.hgt\"], terrain: { resolutionM: 90 }, \(body) }", name)
    }

    func build(_ recipe: String, into root: URL, cwd: URL? = nil) throws -> TestData.Run {
        try TestData.run(["build", recipe, "--out", root.path], cwd: cwd)
    }

    /// A pack root holding a good `inputs` region (a one-part track), and its bytes.
    func previousPack() throws -> (URL, [String: Data]) {
        let root = TestData.scratchFolder("inputs-prev")
        let track = try write(Self.geojson([("Kilkenny Ridge Trail", try Self.kilkennyLine)]), "previous.geojson")
        let r = try build(try recipe("routes: [{ id: \"kilkenny\", name: \"Previous\", track: \"\(track)\" }]", name: "previous.json5"), into: root)
        #expect(r.status == 0, "\(r.stderr)")
        return (root, TestData.tree(root))
    }

    /// Builds `recipe` over a previous pack: exit 1, stderr holding every fragment, the previous pack byte-identical.
    func expectFailure(_ recipe: String, _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let (root, before) = try previousPack()
        let r = try build(recipe, into: root)
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
        for f in fragments { #expect(r.stderr.contains(f), "missing \"\(f)\" in: \(r.stderr)", sourceLocation: sourceLocation) }
        #expect(TestData.tree(root) == before, "the previous pack changed", sourceLocation: sourceLocation)
        return r.stderr
    }

    // MARK: 1. Multi-part tracks

    @Test func shuffledAndReversedPartsGiveTheRouteOfTheJoinedLine() throws {
        let line = try Self.kilkennyLine
        let (a, b, c) = (try Self.way(18844726), try Self.way(1111569457), try Self.way(64142032))
        // GeoJSON: three LineStrings out of order, the first way stored backwards.
        let shuffled = try write(Self.geojson([("Kilkenny Ridge Trail", c), ("Kilkenny Ridge Trail", a.reversed()), ("Kilkenny Ridge Trail", b)]), "shuffled.geojson")
        // The same by name, after another trail that must not be taken.
        let named = try write(Self.geojson([("Starr King Trail", try Self.way(18845520)), ("Kilkenny Ridge Trail", b),
                                            ("Kilkenny Ridge Trail", c.reversed()), ("Kilkenny Ridge Trail", a)]), "named.geojson")
        // GPX: one track, its segments (cut where the recorded step is short) stored out of order.
        let cut1 = (line.count / 3..<line.count).first { Self.stepM(line[$0 - 1], line[$0]) < 30 }!
        let cut2 = (2 * line.count / 3..<line.count).first { Self.stepM(line[$0 - 1], line[$0]) < 30 }!
        let gpx = try write(Self.gpx(segments: [Array(line[cut2...]), Array(line[..<cut1]), Array(line[cut1..<cut2])]), "segments.gpx")
        let joined = try write(Self.geojson([("Kilkenny Ridge Trail", line)]), "joined.geojson")
        // One multi-line feature: a GeoJSON MultiLineString and a KML MultiGeometry, parts shuffled.
        func text(_ part: [[Double]], _ sep: String, _ format: ([Double]) -> String) -> String { part.map(format).joined(separator: sep) }
        let multiParts = [b, a, c.reversed()]   // the first part as walked: it sets the direction
        let multi = try write("{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"name\": \"Kilkenny Ridge Trail\"}, \"geometry\": {\"type\": \"MultiLineString\", \"coordinates\": ["
            + multiParts.map { "[" + text($0, ", ") { "[\($0[0]), \($0[1])]" } + "]" }.joined(separator: ", ") + "]}}]}\n", "multi.geojson")
        // Parts stored walking the other way (the first one too): `reverse: true` turns the chain around.
        let backwards = try write(Self.geojson([("K", b.reversed()), ("K", a.reversed()), ("K", c.reversed())]), "backwards.geojson")
        let kml = try write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document><Placemark><name>Kilkenny Ridge Trail</name><MultiGeometry>"
            + multiParts.map { "<LineString><coordinates>" + text($0, " ") { "\($0[0]),\($0[1])" } + "</coordinates></LineString>" }.joined()
            + "</MultiGeometry></Placemark></Document></kml>\n", "multi.kml")

        func pack(_ track: String, _ tag: String) throws -> [String: Data] {
            let root = TestData.scratchFolder("multi-\(tag)")
            let r = try build(try recipe("routes: [{ id: \"kilkenny\", name: \"Kilkenny Ridge\", track: \(track) }]", name: "\(tag).json5"), into: root)
            #expect(r.status == 0, "\(tag): \(r.stderr)")
            return TestData.tree(root)
        }
        let reference = try pack("\"\(joined)\"", "joined")
        let route = try #require(reference["regions/inputs/routes/kilkenny.json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: route) as? [String: Any])
        let distanceM = try #require((doc["stats"] as? [String: Any])?["distanceM"] as? Double)
        #expect(distanceM > 14_000 && distanceM < 16_000, "\(distanceM)")   // the whole 15 km, not one part
        for (track, tag) in [("\"\(shuffled)\"", "shuffled"), ("{ file: \"\(named)\", select: \"Kilkenny Ridge Trail\" }", "named"), ("\"\(gpx)\"", "gpx"),
                             ("\"\(multi)\"", "multilinestring"), ("\"\(kml)\"", "kml"),
                             ("{ file: \"\(backwards)\", reverse: true }", "reversed")] {
            let tree = try pack(track, tag)
            #expect(Set(tree.keys) == Set(reference.keys), "\(tag)")
            for (path, bytes) in reference { #expect(tree[path] == bytes, "\(tag): \(path) differs") }
        }
    }

    @Test func aGapBetweenPartsNamesBothEndsAndTheGapAndJoinMBridgesIt() throws {
        // In OSM the Kilkenny Ridge Trail has a fourth way south of Bunnell Notch; the 0.6 km
        // between them is tagged Bunnell Notch Trail, so the name alone selects parts with a gap.
        let trails = TestData.path("white-mountains/wmnf-pliney.geojson")
        let track = "{ file: \"\(trails)\", select: \"Killkenny Ridge Trail\" }"
        let stderr = try expectFailure(try recipe("routes: [{ id: \"kilkenny\", name: \"K\", track: \(track) }]"),
                                       ["route \"kilkenny\"", "wmnf-pliney.geojson", "gap of 6", "exceeds the join distance of 50.0 m",
                                        "(-71.410218, 44.494987)", "(-71.418093, 44.496217)", "not chained", "track.joinM"])
        #expect(stderr.contains("r.json5:1"))
        let root = TestData.scratchFolder("joinm")
        let bridged = try build(try recipe("routes: [{ id: \"kilkenny\", name: \"K\", track: { file: \"\(trails)\", select: \"Killkenny Ridge Trail\", joinM: 800 } }]"), into: root)
        #expect(bridged.status == 0, "\(bridged.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("regions/inputs/routes/kilkenny.json"))) as? [String: Any]
        let distanceM = try #require((doc?["stats"] as? [String: Any])?["distanceM"] as? Double)
        #expect(distanceM > 29_000 && distanceM < 31_000, "\(distanceM)")   // 14.3 + 0.1 + 9.2 + 5.7 km and the bridged gap
    }

    // MARK: 2. OpenStreetMap extracts

    @Test func theDemoBuiltFromTheOSMExtractMatchesTheGeoJSONBuild() throws {
        // The extract in a folder of its own and the builds run from another: the OSM driver's
        // configuration and temporary files must land neither beside it nor in the cwd.
        let inputs = folder.appendingPathComponent("osm-inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let pbf = inputs.appendingPathComponent("wmnf-pliney.osm.pbf")
        try FileManager.default.copyItem(atPath: TestData.path("white-mountains/wmnf-pliney.osm.pbf"), toPath: pbf.path)
        let demo = try TestData.recipeText("pliny-kilkenny", dataFolder: "DATA")
        let fromGeoJSON = try write(demo, "geojson.json5")
        let fromOSM = try write(demo.replacingOccurrences(of: "DATA/white-mountains/wmnf-pliney.geojson", with: pbf.path), "osm.json5")
        let allHighways = try write(demo.replacingOccurrences(of: "DATA/white-mountains/wmnf-pliney.geojson", with: pbf.path)
            .replacingOccurrences(of: "  trailNames:", with: "  trailTags: { highway: [\"path\", \"footway\", \"residential\", \"secondary\"] },\n  trailNames:"), "osm-all.json5")
        let (a, b, c) = (TestData.scratchFolder("osm-a"), TestData.scratchFolder("osm-b"), TestData.scratchFolder("osm-c"))
        let cwd = TestData.scratchFolder("osm-cwd")
        for (recipe, root) in [(fromGeoJSON, a), (fromOSM, b)] {
            let r = try build(recipe, into: root, cwd: cwd)
            #expect(r.status == 0, "\(r.stderr)")
        }
        // Writable, so anything written would show; then read-only, and the build still works.
        #expect(try FileManager.default.contentsOfDirectory(atPath: inputs.path) == ["wmnf-pliney.osm.pbf"])
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: inputs.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: inputs.path) }
        let r = try build(allHighways, into: c, cwd: cwd)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: inputs.path) == ["wmnf-pliney.osm.pbf"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cwd.path).isEmpty)

        // The default filter (what a hiker uses): the same routes, waypoints and AR patches; the
        // trails layer lacks exactly the 9 road ways (8 residential, NH 110 secondary).
        let ta = TestData.tree(a), tb = TestData.tree(b)
        let routeFiles = ta.keys.filter { $0.contains("/routes/") || $0.contains("/ar/") }
        #expect(routeFiles.count == 6)
        for path in routeFiles { #expect(tb[path] == ta[path], "\(path) differs") }
        func trailFeatures(_ tree: [String: Data]) throws -> [[String: Any]] {
            let doc = try JSONSerialization.jsonObject(with: tree["regions/pliny-kilkenny/trails.geojson"]!) as? [String: Any]
            return doc?["features"] as? [[String: Any]] ?? []
        }
        let geo = try trailFeatures(ta), osm = try trailFeatures(tb)
        #expect(geo.count == 53 && osm.count == 44, "\(geo.count) \(osm.count)")
        func coordinates(_ feature: [String: Any]) -> String {
            let data = try? JSONSerialization.data(withJSONObject: (feature["geometry"] as? [String: Any])?["coordinates"] ?? [])
            return String(decoding: data ?? Data(), as: UTF8.self)
        }
        let geoGeometries = Set(geo.map(coordinates))
        #expect(geoGeometries.count == 53)
        #expect(osm.allSatisfy { geoGeometries.contains(coordinates($0)) })
        // Accepting the road tags too, the whole pack is byte-identical to the GeoJSON build.
        #expect(TestData.tree(c) == ta)
    }

    /// OSM XML of the GeoJSON export's ways: one node per distinct coordinate (ways meet at
    /// shared nodes), the ways with their ids and tags.
    static func osmXML() throws -> String {
        let data = FileManager.default.contents(atPath: TestData.path("white-mountains/wmnf-pliney.geojson"))!
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        func esc(_ v: String) -> String {
            v.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var nodeIDs: [String: Int] = [:]
        var nodes: [String] = [], ways: [String] = []
        for f in root["features"] as! [[String: Any]] {
            var props = f["properties"] as! [String: Any]
            let wayID = (props.removeValue(forKey: "osm_way_id") as! NSNumber).intValue
            var refs: [String] = []
            for c in (f["geometry"] as! [String: Any])["coordinates"] as! [[NSNumber]] {
                let (lon, lat) = (c[0].doubleValue, c[1].doubleValue)
                let key = "\(lon),\(lat)"
                if nodeIDs[key] == nil {
                    nodeIDs[key] = nodeIDs.count + 1
                    nodes.append("  <node id=\"\(nodeIDs[key]!)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\"/>")
                }
                refs.append("    <nd ref=\"\(nodeIDs[key]!)\"/>")
            }
            let tags = props.keys.sorted().map { "    <tag k=\"\(esc($0))\" v=\"\(esc("\(props[$0]!)"))\"/>" }
            ways.append("  <way id=\"\(wayID)\" version=\"1\">\n\((refs + tags).joined(separator: "\n"))\n  </way>")
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"trailpack tests\">\n"
            + (nodes + ways).joined(separator: "\n") + "\n</osm>\n"
    }

    @Test func anOSMXMLExtractBuildsTheSamePackAsTheGeoJSON() throws {
        let osm = try write(try Self.osmXML(), "wmnf-pliney.osm")
        let demo = try TestData.recipeText("pliny-kilkenny", dataFolder: "DATA")
        let fromGeoJSON = try write(demo, "geojson.json5")
        let fromXML = try write(demo.replacingOccurrences(of: "DATA/white-mountains/wmnf-pliney.geojson", with: osm)
            .replacingOccurrences(of: "  trailNames:", with: "  trailTags: { highway: true },\n  trailNames:"), "xml.json5")
        let (a, b) = (TestData.scratchFolder("xml-a"), TestData.scratchFolder("xml-b"))
        for (recipe, root) in [(fromGeoJSON, a), (fromXML, b)] {
            let r = try build(recipe, into: root)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let ta = TestData.tree(a)
        #expect(ta.count >= 10)
        #expect(TestData.tree(b) == ta)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("wmnf") } == ["wmnf-pliney.osm"])
    }

    /// The demo's trails and POIs as KML placemarks, as Google Earth and many apps export them:
    /// OGR's KML drivers call the placemark name `Name`, and a trail or POI read without it
    /// would lose its name (junction cues without trail names, every POI skipped).
    @Test func kmlTrailsAndPOIsKeepTheirNamesAndGiveTheRoutesOfTheGeoJSON() throws {
        func esc(_ v: String) -> String { v.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") }
        let ways = try Self.ways
        let trailPlacemarks = ways.keys.sorted().map { id -> String in
            let way = ways[id]!
            let coords = way.coords.map { "\($0[0]),\($0[1])" }.joined(separator: " ")
            return "<Placemark>" + (way.name.map { "<name>\(esc($0))</name>" } ?? "") + "<LineString><coordinates>\(coords)</coordinates></LineString></Placemark>"
        }
        let kml = { (body: [String]) in "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document>\n" + body.joined(separator: "\n") + "\n</Document></kml>\n" }
        let trails = try write(kml(trailPlacemarks), "trails.kml")
        // The recipe's inline POIs as placemarks, their kinds as ExtendedData.
        let demo = try TestData.recipeText("pliny-kilkenny", dataFolder: "DATA")
        let poiPattern = try NSRegularExpression(pattern: #"\{ name: "([^"]+)", kind: "([a-z]+)", lon: ([-0-9.]+), lat: ([-0-9.]+) \}"#)
        let matches = poiPattern.matches(in: demo, range: NSRange(demo.startIndex..., in: demo))
        try #require(matches.count == 8)
        let poiPlacemarks = matches.map { m -> String in
            let g = (1...4).map { String(demo[Range(m.range(at: $0), in: demo)!]) }
            return "<Placemark><name>\(g[0])</name><ExtendedData><Data name=\"kind\"><value>\(g[1])</value></Data></ExtendedData><Point><coordinates>\(g[2]),\(g[3])</coordinates></Point></Placemark>"
        }
        let pois = try write(kml(poiPlacemarks), "pois.kml")
        let poisBlock = try #require(demo.range(of: #"  pois: \[[^\]]*\],"#, options: .regularExpression))
        let fromKML = try write(demo.replacingCharacters(in: poisBlock, with: "  pois: [\"\(pois)\"],")
            .replacingOccurrences(of: "DATA/white-mountains/wmnf-pliney.geojson", with: trails), "kml.json5")
        let fromGeoJSON = try write(demo, "geojson.json5")
        let (a, b) = (TestData.scratchFolder("kml-a"), TestData.scratchFolder("kml-b"))
        for (recipe, root) in [(fromGeoJSON, a), (fromKML, b)] {
            let r = try TestData.run(["build", recipe, "--out", root.path, "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stdout.contains("has no name"), "\(r.stdout)")
        }
        let ta = TestData.tree(a), tb = TestData.tree(b)
        let routeFiles = ta.keys.filter { $0.contains("/routes/") }.sorted()
        #expect(routeFiles.count == 3)
        for path in routeFiles { #expect(tb[path] == ta[path], "\(path) differs") }
        let mountCabot = String(decoding: try #require(tb["regions/pliny-kilkenny/routes/mount-cabot.json"]), as: UTF8.self)
        #expect(mountCabot.contains("Keep right onto Kilkenny Ridge Trail"), "\(mountCabot)")
        #expect(tb["regions/pliny-kilkenny/pois.geojson"] == ta["regions/pliny-kilkenny/pois.geojson"])
    }

    @Test func anExtractWithNoWayPassingTheFilterIsAnError() throws {
        let pbf = TestData.path("white-mountains/wmnf-pliney.osm.pbf")
        _ = try expectFailure(try recipe("bbox: [-71.5, 44.4, -71.22, 44.66], trails: [\"\(pbf)\"], trailTags: { highway: [\"motorway\"] }"),
                              ["wmnf-pliney.osm.pbf", "no way tagged highway=motorway", "50 other ways", "trailTags"])
    }

    // MARK: 7. Unusable inputs

    @Test func aTrailsFileOfDuplicatePointsOnlyIsAnError() throws {
        let p = [-71.41, 44.49], q = [-71.40, 44.50]
        let dupes = try write(Self.geojson([("A", [p, p, p]), ("B", [q, q])]), "dupes.geojson")
        _ = try expectFailure(try recipe("bbox: [-71.5, 44.4, -71.22, 44.66], trails: [\"\(dupes)\"]"),
                              ["dupes.geojson", "no usable line", "fewer than two distinct valid points", "feature 0 \"A\"", "feature 1 \"B\""])
    }

    @Test func aTrailsFileOutsideTheRegionIsAnError() throws {
        let elsewhere = TestData.path("gpx/Mojstrovka.gpx")
        _ = try expectFailure(try recipe("bbox: [-71.5, 44.4, -71.22, 44.66], trails: [\"\(elsewhere)\"]"),
                              ["Mojstrovka.gpx", "its only line does not reach the region bbox"])
    }

    @Test func aTrackOfDuplicatePointsOnlyIsAnError() throws {
        let p = [-71.41, 44.49]
        let dupes = try write(Self.gpx(segments: [[p, p, p, p]]), "dupes.gpx")
        _ = try expectFailure(try recipe("routes: [{ id: \"dup\", name: \"D\", track: \"\(dupes)\" }]"),
                              ["route \"dup\"", "dupes.gpx", "fewer than 2 usable points"])
    }

    @Test func aViaNamingTwoPOIsIsAnErrorNamingBoth() throws {
        let trails = TestData.path("white-mountains/wmnf-pliney.geojson")
        _ = try expectFailure(try recipe("""
            trails: ["\(trails)"],
            pois: [{ name: "Mount Cabot", kind: "summit", lon: -71.4141, lat: 44.5059 },
                   { name: "Bunnell Notch Trailhead", kind: "trailhead", lon: -71.3608696, lat: 44.4942774 },
                   { name: "mount cabot", kind: "viewpoint", lon: -71.4000, lat: 44.5183 }],
            routes: [{ id: "cabot", name: "C", via: ["Bunnell Notch Trailhead", "Mount Cabot"] }]
            """), ["route \"cabot\"", "via 2 \"Mount Cabot\" is ambiguous", "\"Mount Cabot\" (summit) at (-71.414100, 44.505900)",
                   "\"mount cabot\" (viewpoint) at (-71.400000, 44.518300)"])
    }

    @Test func aTrackOutsideEveryDEMNamesTheRouteAndItsFile() throws {
        let elsewhere = TestData.path("gpx/Mojstrovka.gpx")
        let stderr = try expectFailure(try recipe("routes: [{ id: \"slovenia\", name: \"S\", track: \"\(elsewhere)\" }]"),
                                       ["route \"slovenia\"", "its track \(elsewhere)", "outside every DEM", "N44W072.hgt covers"])
        #expect(!stderr.contains("does not cover") && !stderr.contains("warping"), "\(stderr)")
        // With a bbox given the route is outside the region first: still the route and its file.
        _ = try expectFailure(try recipe("bbox: [-71.5, 44.4, -71.22, 44.66], routes: [{ id: \"slovenia\", name: \"S\", track: \"\(elsewhere)\" }]"),
                              ["route \"slovenia\"", "Mojstrovka.gpx", "outside every DEM"])
    }

    @Test func aTrackLeavingTheDEMNamesTheRouteItsFileAndTheFirstVertexOutside() throws {
        // The Jacksboro DEM ends at 36.44625 N: the ridge line, then 9.5 km on north past its edge.
        let crest = try String(contentsOfFile: TestData.path("jacksboro/pine-mountain-crest.gpx"), encoding: .utf8)
        let onwards = stride(from: 36.39, through: 36.47, by: 0.01).map { "<trkpt lat=\"\($0)\" lon=\"-84.135\"/>" }.joined()
        let carried = try write(crest.replacingOccurrences(of: "</trkseg>", with: onwards + "</trkseg>"), "carried.gpx")
        _ = try expectFailure(try write("{ id: \"inputs\", name: \"x\", attribution: [\"a\"], dem: [\"DATA/jacksboro/jacksboro_fault_dem.tif\"], routes: [{ id: \"crest\", name: \"C\", track: \"\(carried)\" }] }", "crest.json5"),
                              ["route \"crest\"", "its track \(carried) leaves every DEM at vertex", "(", "vertices lie outside", "jacksboro_fault_dem.tif covers"])
    }

    @Test func aTrackOutsideTheRegionBBoxNamesTheRouteAndItsFile() throws {
        let track = try write(Self.geojson([("Kilkenny Ridge Trail", try Self.kilkennyLine)]), "elsewhere.geojson")
        // Inside the DEM tile, 30 km west of the trail.
        _ = try expectFailure(try recipe("bbox: [-71.9, 44.1, -71.8, 44.2], routes: [{ id: \"kilkenny\", name: \"K\", track: \"\(track)\" }]"),
                              ["route \"kilkenny\"", "vertex 0", "lies outside the region bbox", "(track \(track))"])
    }

    @Test func invalidPointsAreDroppedWithAWarningNamingTheFileAndIndices() throws {
        let line = Array(try Self.kilkennyLine.prefix(40))
        var points = line.map { "<trkpt lat=\"\($0[1])\" lon=\"\($0[0])\"/>" }
        points[3] = "<trkpt lat=\"NaN\" lon=\"\(line[3][0])\"/>"
        points[7] = "<trkpt lat=\"95\" lon=\"\(line[7][0])\"/>"
        points[20] = "<trkpt lat=\"\(line[20][1])\" lon=\"-200\"/>"
        let track = try write("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>t</name><trkseg>\(points.joined())</trkseg></trk></gpx>\n", "invalid.gpx")
        var trailLine = line.map { "[\($0[0]), \($0[1])]" }
        trailLine[5] = "[-71.4, 91.5]"
        let trails = try write("{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"name\": \"T\"}, \"geometry\": {\"type\": \"LineString\", \"coordinates\": [\(trailLine.joined(separator: ", "))]}}]}", "invalid.geojson")
        let root = TestData.scratchFolder("invalid")
        let r = try build(try recipe("trails: [\"\(trails)\"], routes: [{ id: \"t\", name: \"T\", track: \"\(track)\" }]"), into: root)
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout + r.stderr
        #expect(out.contains("invalid.gpx track 0: dropped 3 invalid points (NaN or out of range) at index 3, 7, 20"), "\(out)")
        #expect(out.contains("invalid.geojson: feature 0 \"T\": dropped 1 invalid point (NaN or out of range) at index 5"), "\(out)")
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("regions/inputs/routes/t.json"))) as? [String: Any]
        let coords = try #require(doc?["coords"] as? [[Double]])
        #expect(coords.allSatisfy { abs($0[0]) <= 180 && abs($0[1]) <= 90 })
    }

    // MARK: 9. Hints

    @Test func overpassJSONIsReadAsTrails() throws {
        let overpass = try write("""
            {
              "version": 0.6,
              "generator": "Overpass API 0.7.62.1 084b4234",
              "osm3s": { "timestamp_osm_base": "2025-12-24T00:00:00Z" },
              "elements": [
                { "type": "node", "id": 1, "lat": 44.49, "lon": -71.41 },
                { "type": "node", "id": 2, "lat": 44.50, "lon": -71.40 },
                { "type": "way", "id": 3, "nodes": [1, 2], "tags": { "highway": "path", "name": "Test Trail" } },
                { "type": "way", "id": 4, "geometry": [{ "lat": 44.50, "lon": -71.40 }, { "lat": 44.51, "lon": -71.39 }], "tags": { "highway": "residential", "name": "A Road" } }
              ]
            }
            """, "export.json")
        let root = TestData.scratchFolder("inputs-overpass")
        let r = try build(try recipe("bbox: [-71.5, 44.4, -71.22, 44.66], trails: [\"\(overpass)\"]", name: "overpass.json5"), into: root)
        #expect(r.status == 0 && !r.stderr.contains("hint"), "\(r.stderr)")
        // The ways pass trailTags as an extract's do: the path, not the road.
        let trails = try String(contentsOf: root.appendingPathComponent("regions/inputs/trails.geojson"), encoding: .utf8)
        #expect(trails.contains("\"Test Trail\"") && !trails.contains("A Road"), "\(trails)")
        // Given as a DEM, it is named for what it is.
        let demRecipe = try write("{ id: \"inputs\", name: \"Inputs\", attribution: [\"SRTM\"], bbox: [-71.5, 44.4, -71.22, 44.66], dem: [\"\(overpass)\"], terrain: { resolutionM: 90 } }", "overpass-dem.json5")
        let dem = try expectFailure(demRecipe, ["export.json", "Overpass API JSON"])
        #expect(dem.components(separatedBy: "hint:").count == 2, "\(dem)")
    }

    @Test func numpyArchivesGetAHint() throws {
        // An empty zip archive (end-of-central-directory record only) named as NumPy saves one.
        let npz = folder.appendingPathComponent("dem.npz")
        try Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)).write(to: npz)
        _ = try expectFailure(try write("{ id: \"inputs\", name: \"x\", attribution: [\"a\"], bbox: [-71.5, 44.4, -71.22, 44.66], dem: [\"\(npz.path)\"] }", "npz.json5"),
                              ["dem.npz", "hint: ", "convert it to GeoTIFF"])
    }
}
