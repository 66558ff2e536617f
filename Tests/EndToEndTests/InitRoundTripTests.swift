import Foundation
import Testing
import TestSupport
import TrailpackCore

/// `trailpack init` then `trailpack build` on every input kind Recipes/README.md lists: the
/// starter recipe builds on the first try and the pack holds every input it was given.
@Suite struct InitRoundTripTests {
    static let hgt = RasterInputFixtures.whiteMountainsHGT
    static let trails = TestData.path("white-mountains/wmnf-pliney.geojson")
    /// Trails of the first `--trails` file; the others go to the second.
    static let westNames: Set<String> = ["Killkenny Ridge Trail", "Mt Cabot Trail", "Bunnell Notch Trail", "Unknown Pond Trail", "Horn Spur"]

    /// Runs init with `args`, then builds the recipe into `dir/packs` (after crediting a DEM init
    /// did not recognise, whose placeholder the build must refuse first); both must exit 0.
    /// Returns the recipe text and the region folder.
    static func initAndBuild(_ id: String, _ args: [String], in dir: URL) throws -> (text: String, region: URL) {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let recipe = dir.appendingPathComponent("\(id).json5").path
        let i = try TestData.run(["init", id] + args + ["--out", recipe])
        #expect(i.status == 0, "\(i.stderr)")
        var text = try String(contentsOfFile: recipe, encoding: .utf8)
        // A DEM init does not recognise gets a placeholder the build refuses: the author credits it.
        let placeholder = StarterRecipe.placeholder
        if text.contains(placeholder) {
            let refused = try TestData.run(["build", recipe, "--out", dir.appendingPathComponent("refused").path, "--quiet"])
            #expect(refused.status == 1 && refused.stderr.contains("attribution[0]"), "\(refused.stderr)")
            text = text.replacingOccurrences(of: placeholder, with: "\"Elevation: SRTM, NASA/USGS (public domain)\"")
            try text.write(toFile: recipe, atomically: true, encoding: .utf8)
        }
        let out = dir.appendingPathComponent("packs")
        let b = try TestData.run(["build", recipe, "--out", out.path, "--quiet"])
        #expect(b.status == 0, "\(text)\n\(b.stderr)")
        return (text, out.appendingPathComponent("regions/\(id)"))
    }

    /// The `properties` of every feature of a GeoJSON file.
    static func properties(_ url: URL) throws -> [[String: Any]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return (doc["features"] as? [[String: Any]] ?? []).compactMap { $0["properties"] as? [String: Any] }
    }

    /// The Pliny trails split in two GeoJSON files (west names, the rest), and the coordinates
    /// of the named lines.
    static func splitTrails(in dir: URL) throws -> (west: String, east: String, lines: [String: [[Double]]]) {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trails))) as? [String: Any])
        let features = try #require(doc["features"] as? [[String: Any]])
        func name(_ f: [String: Any]) -> String? { (f["properties"] as? [String: Any])?["name"] as? String }
        var lines: [String: [[Double]]] = [:]
        for f in features {
            if let n = name(f), lines[n] == nil, let c = (f["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] { lines[n] = c }
        }
        let west = dir.appendingPathComponent("west.geojson"), east = dir.appendingPathComponent("east.geojson")
        for (url, keep) in [(west, true), (east, false)] {
            let part = features.filter { name($0).map(westNames.contains) == keep || (!keep && name($0) == nil) }
            try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": part]).write(to: url)
        }
        return (west.path, east.path, lines)
    }

    /// A GPX file with a recorded `<trk>` (Bunnell Notch Trail, timestamped), a planned `<rte>`
    /// (Starr King Trail) and `<wpt>`s whose symbols, types and names say their kinds.
    static func hikeGPX(lines: [String: [[Double]]], in dir: URL) throws -> String {
        let trk = try #require(lines["Bunnell Notch Trail"]), rte = try #require(lines["Starr King Trail"])
        let fixes = trk.enumerated().map { k, c in
            String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><time>2024-06-01T09:%02d:%02dZ</time></trkpt>", c[1], c[0], k / 60, k % 60)
        }.joined()
        let planned = rte.map { String(format: "<rtept lat=\"%.7f\" lon=\"%.7f\"/>", $0[1], $0[0]) }.joined()
        func wpt(_ c: [Double], _ inner: String) -> String { String(format: "<wpt lat=\"%.7f\" lon=\"%.7f\">", c[1], c[0]) + inner + "</wpt>" }
        let waypoints = [
            wpt(trk[0], "<name>Bunnell Notch Trailhead</name><sym>Trail Head</sym>"),
            wpt(trk[trk.count / 2], "<name>Notch spring</name><sym>Drinking Water</sym>"),
            wpt(trk[trk.count - 1], "<name>Kilkenny Ridge sign</name><type>Junction</type>"),
            wpt(rte[rte.count - 1], "<name>Starr King</name><sym>Summit</sym>"),
            wpt(rte[rte.count / 3], "<name>Old stone wall</name>"),
        ].joined(separator: "\n")
        let path = dir.appendingPathComponent("hike.gpx").path
        try ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
             + waypoints + "\n<rte><name>Starr King plan</name>\(planned)</rte>\n"
             + "<trk><name>Bunnell Notch walk</name><trkseg>\(fixes)</trkseg></trk>\n</gpx>\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A `.hgt.gz` DEM (opened as `build` opens it), two GeoJSON trails files and a GPX with a
    /// track, a route and waypoints: the pack has both routes, every waypoint as a POI of its
    /// guessed kind (junctions and trailheads no landmarks) and the trails of both files.
    @Test func everyTrailsInputReachesThePack() throws {
        let dir = TestData.scratchFolder("init-all")
        let (west, east, lines) = try Self.splitTrails(in: dir)
        let gpx = try Self.hikeGPX(lines: lines, in: dir)
        let gz = dir.appendingPathComponent("N44W072.hgt.gz")
        try Data(contentsOf: URL(fileURLWithPath: Self.hgt)).write(to: dir.appendingPathComponent("N44W072.hgt"))
        try RasterInputFixtures.tool("gzip", ["-f", dir.appendingPathComponent("N44W072.hgt").path])
        // A GeoJSON of points alone: its named Point features are POIs too (kind from its property).
        let trk = try #require(lines["Bunnell Notch Trail"])
        let points = dir.appendingPathComponent("points.geojson").path
        try String(format: "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"name\":\"Notch view\",\"kind\":\"Scenic viewpoint\"},\"geometry\":{\"type\":\"Point\",\"coordinates\":[%.7f,%.7f]}}]}",
                   trk[trk.count / 3][0], trk[trk.count / 3][1]).write(toFile: points, atomically: true, encoding: .utf8)
        let (text, region) = try Self.initAndBuild("all", ["--dem", gz.path, "--trails", west, "--trails", east, "--trails", gpx, "--trails", points], in: dir)
        #expect(text.contains("trails: [\"west.geojson\", \"east.geojson\"]"), "\(text)")
        #expect(text.contains("{ id: \"route-1\", name: \"Starr King plan\", track: { file: \"hike.gpx\", select: 0, drawn: true } },"), "\(text)")
        #expect(text.contains("{ id: \"track-1\", name: \"Bunnell Notch walk\", track: { file: \"hike.gpx\", select: 1 } },"), "\(text)")
        #expect(text.contains("Kinds are GUESSED"), "\(text)")

        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: region.appendingPathComponent("manifest.json"))) as? [String: Any])
        let routeIDs = Set((manifest["routes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(routeIDs == ["track-1", "route-1"], "\(manifest)")
        let kinds = Dictionary(try Self.properties(region.appendingPathComponent("pois.geojson")).map { ($0["name"] as? String ?? "", $0["kind"] as? String ?? "") }) { a, _ in a }
        #expect(kinds == ["Bunnell Notch Trailhead": "trailhead", "Notch spring": "water", "Kilkenny Ridge sign": "junction",
                          "Starr King": "summit", "Old stone wall": "poi", "Notch view": "viewpoint"], "\(kinds)")
        let trailNames = Set(try Self.properties(region.appendingPathComponent("trails.geojson")).compactMap { $0["name"] as? String })
        #expect(trailNames.contains("Killkenny Ridge Trail") && trailNames.contains("York Pond Trail"), "\(trailNames)")
        for route in routeIDs {
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: region.appendingPathComponent("routes/\(route).json"))) as? [String: Any])
            let seen = Set((doc["landmarks"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
            #expect(seen.isDisjoint(with: ["Bunnell Notch Trailhead", "Kilkenny Ridge sign"]), "\(route): \(seen)")
        }
        let v = try TestData.run(["validate", dir.appendingPathComponent("packs").path, "--strict"])
        #expect(v.status == 0, "\(v.stdout)\(v.stderr)")
    }

    /// The bbox `init` writes for a DEM alone lies inside it: a GeoTIFF cut at an origin that is
    /// no whole arc-second, an SRTM `.hgt` (with trails), a `.zip` and a `/vsigzip/` path.
    @Test func everyDEMKindBuildsOnTheFirstTry() throws {
        let dir = TestData.scratchFolder("init-dems")
        let odd = dir.appendingPathComponent("odd.tif").path
        // 37 and 29 cells in from the corner: an origin of -84.3829167, 36.4220833.
        try RasterInputFixtures.tool("gdal_translate", ["-q", "-srcwin", "37", "29", "120", "100", RasterInputFixtures.jacksboroTIF, odd])
        let (text, region) = try Self.initAndBuild("odd", ["--dem", odd], in: dir.appendingPathComponent("odd"))
        let info = try RasterInputFixtures.tool("gdalinfo", ["-json", odd])
        let corners = try #require(try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any])["cornerCoordinates"] as? [String: [Double]]
        let ul = try #require(corners?["upperLeft"]), lr = try #require(corners?["lowerRight"])
        let bbox = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: region.appendingPathComponent("manifest.json"))) as? [String: Any])?["bbox"] as? [Double])
        #expect(bbox[0] >= ul[0] && bbox[2] <= lr[0] && bbox[1] >= lr[1] && bbox[3] <= ul[1], "\(bbox) in \(ul) \(lr)")
        #expect(bbox[0] - ul[0] < 1e-4 && lr[0] - bbox[2] < 1e-4 && bbox[1] - lr[1] < 1e-4 && ul[1] - bbox[3] < 1e-4, "\(bbox): rounded inward by less than 1e-4")
        #expect(text.contains("the DEM's extent, rounded inward"), "\(text)")

        let zip = dir.appendingPathComponent("N44W072.hgt.zip").path
        try RasterInputFixtures.tool("zip", ["-j", "-q", zip, Self.hgt])
        try Data(contentsOf: URL(fileURLWithPath: Self.hgt)).write(to: dir.appendingPathComponent("copy/N44W072.hgt", isDirectory: false).creatingFolder())
        try RasterInputFixtures.tool("gzip", ["-f", dir.appendingPathComponent("copy/N44W072.hgt").path])
        let vsigzip = "/vsigzip/" + dir.appendingPathComponent("copy/N44W072.hgt.gz").path
        for (id, dem) in [("hgt", Self.hgt), ("zip", zip), ("vsigzip", vsigzip)] {
            let (text, _) = try Self.initAndBuild(id, ["--dem", dem, "--trails", Self.trails], in: dir.appendingPathComponent(id))
            #expect(text.contains("bbox: ["), "\(text)")
            if id == "vsigzip" { #expect(text.contains("dem: [\"\(vsigzip)\"]"), "\(text)") }
        }
    }

    /// A NumPy DEM, or a TCX file given as trails, fails with the format hint and writes nothing.
    @Test func initGivesTheFormatHints() throws {
        let dir = TestData.scratchFolder("init-hints")
        let npz = dir.appendingPathComponent("dem.npz")
        try Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 60)).write(to: npz)
        let r = try TestData.run(["init", "npz", "--dem", npz.path, "--out", dir.appendingPathComponent("npz.json5").path])
        #expect(r.status == 1 && r.stderr.contains("convert it to GeoTIFF"), "\(r.stderr)")
        let tcx = dir.appendingPathComponent("hike.tcx")
        try "<?xml version=\"1.0\"?><TrainingCenterDatabase></TrainingCenterDatabase>\n".write(to: tcx, atomically: true, encoding: .utf8)
        let t = try TestData.run(["init", "tcx", "--dem", Self.hgt, "--trails", tcx.path, "--out", dir.appendingPathComponent("tcx.json5").path])
        #expect(t.status == 1 && t.stderr.contains("export the activity as GPX"), "\(t.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("tcx.json5").path))
    }
}

extension URL {
    /// This file URL after creating its parent folder.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
