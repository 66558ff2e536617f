import Foundation
import Testing
import TestSupport
import TrailpackCore

/// `trailpack init` on inputs as authors have them (issue 41): real POI names, DEMs named by
/// their providers, Overpass API JSON, a trails file far from the walk, recordings whose parts
/// are stored out of order or backwards. Through the built binary.
@Suite struct InitMessyInputsTests {
    typealias F = RasterInputFixtures
    static let hgt = F.whiteMountainsHGT
    static let pliny = TestData.path("white-mountains/wmnf-pliney.geojson")

    /// Runs `init ID args --out dir/ID.json5`; returns the run and the recipe text ("" when none).
    static func initRecipe(_ id: String, _ args: [String], in dir: URL) throws -> (run: TestData.Run, text: String) {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let recipe = dir.appendingPathComponent("\(id).json5").path
        let run = try TestData.run(["init", id] + args + ["--out", recipe, "--force"])
        return (run, (try? String(contentsOfFile: recipe, encoding: .utf8)) ?? "")
    }

    /// The Pliny extract's first line of each name, `[[lon, lat]]`.
    static func plinyLines() throws -> [String: [[Double]]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: pliny))) as? [String: Any])
        var lines: [String: [[Double]]] = [:]
        for f in doc["features"] as? [[String: Any]] ?? [] {
            guard let n = (f["properties"] as? [String: Any])?["name"] as? String, lines[n] == nil,
                  let c = (f["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] else { continue }
            lines[n] = c
        }
        return lines
    }

    /// A GPX `<trk>` of `segments` (each `[[lon, lat]]`), with one fix a second from
    /// `startS[k]` (seconds after 09:00 UTC) when given, else without times.
    static func gpxTrack(_ segments: [[[Double]]], startS: [Int]?, name: String) -> String {
        let segs = segments.enumerated().map { k, seg in
            "<trkseg>" + seg.enumerated().map { i, c in
                let time = startS.map { s -> String in
                    let t = s[k] + i
                    return String(format: "<time>2024-06-01T%02d:%02d:%02dZ</time>", 9 + t / 3600, t / 60 % 60, t % 60)
                } ?? ""
                return String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\">", c[1], c[0]) + time + "</trkpt>"
            }.joined() + "</trkseg>"
        }.joined()
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
            + "<trk><name>\(name)</name>\(segs)</trk>\n</gpx>\n"
    }

    /// The kind written for each POI name of a starter recipe.
    static func kinds(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for m in text.matches(of: /\{ name: "([^"]+)", kind: "([^"]+)"/) { out[String(m.1)] = String(m.2) }
        return out
    }

    /// Real names (White Mountains huts, summits, falls and trailheads as OpenStreetMap and the
    /// AMC name them; the repo's GPX waypoints "BACK T TH", "VANSHNG LK", "BIRDS NEST") with the
    /// properties their sources carry: the kinds init guesses, properties first, then the
    /// strongest whole word of the name.
    @Test func kindsGuessedForATableOfRealNames() throws {
        let table: [(name: String, properties: [String: String], kind: String)] = [
            ("Madison Spring Hut (AMC)", [:], "hut"),          // "Hut" outweighs "Spring"
            ("Gray Knob (RMC)", [:], "hut"),                   // a Randolph Mountain Club cabin
            ("Crag Camp (RMC)", [:], "hut"),                   // the club outweighs "Camp"
            ("Lakes of the Clouds Hut", [:], "hut"),
            ("Hermit Lake Shelters", [:], "shelter"),
            ("Valley Way Tentsite", [:], "camp_site"),
            ("Mount Madison", [:], "summit"),
            ("Mt Cabot", [:], "summit"),
            ("Mount Washington Auto Road Parking", [:], "parking"),  // "Parking" outweighs "Mount"
            ("Appalachia Trailhead", [:], "trailhead"),
            ("Thunderstorm Junction", [:], "junction"),
            ("Unknown Pond", [:], "pond"),
            ("Star Lake", [:], "lake"),
            ("Salmacis Fall", [:], "waterfall"),
            ("Gordon Fall", ["category": "Waterfall"], "waterfall"),
            ("Glen Ellis", ["category": "Waterfall"], "waterfall"),   // the category, not the name
            ("Rogers Ledge", ["tourism": "viewpoint"], "viewpoint"),
            ("Cabot Cabin", ["tourism": "wilderness_hut"], "hut"),
            ("Mount Cabot", ["natural": "peak"], "summit"),
            ("The Perch", ["amenity": "shelter"], "shelter"),
            ("Spring at the col", ["amenity": "drinking_water"], "water"),
            ("Edmands Col", ["kind": "junction"], "junction"),
            ("BACK T TH", [:], "trailhead"),
            ("VANSHNG LK", [:], "lake"),
            ("BIRDS NEST", [:], "poi"),
            ("Wellington Peak", [:], "summit"),                 // whole words: no "well"
        ]
        let dir = TestData.scratchFolder("init-kinds")
        let features = table.enumerated().map { k, row -> [String: Any] in
            ["type": "Feature", "properties": row.properties.merging(["name": row.name]) { a, _ in a },
             "geometry": ["type": "Point", "coordinates": [-71.40 + Double(k) * 0.001, 44.50]]]
        }
        let points = dir.appendingPathComponent("points.geojson")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features]).write(to: points)
        let (run, text) = try Self.initRecipe("kinds", ["--dem", Self.hgt, "--trails", points.path], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let guessed = Self.kinds(text)
        // Two rows share "Mount Cabot"-like names only in the table; each name is written once.
        for row in table {
            #expect(guessed[row.name] == row.kind, "\(row.name) \(row.properties): \(guessed[row.name] ?? "none"), expected \(row.kind)")
        }
        #expect(text.contains("{ name: \"Glen Ellis\", kind: \"waterfall\", ") && text.contains("// guessed from category \"Waterfall\""), "\(text)")
        #expect(text.contains("guessed from \"(RMC)\" in the name"), "\(text)")
    }

    /// The credit init writes: the provider's wording for an SRTM tile, a Copernicus DEM tile
    /// and a USGS 3DEP tile (by their file names), for a DEM whose GDAL metadata names Copernicus,
    /// and for an unknown file the placeholder the build refuses.
    @Test func creditForSRTMCopernicusAnd3DEPAndAPlaceholderForAnUnknownFile() throws {
        let dir = TestData.scratchFolder("init-credit")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        func cut(_ name: String, _ extra: [String] = []) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try F.tool("gdal_translate", ["-q", "-srcwin", "500", "500", "120", "100"] + extra + [Self.hgt, path])
            return path
        }
        let cases: [(dem: String, credit: String)] = [
            (Self.hgt, "Elevation: SRTM, courtesy of NASA and the U.S. Geological Survey (public domain)"),
            (try cut("Copernicus_DSM_COG_10_N44_00_W072_00_DEM.tif"), "Elevation: produced using Copernicus WorldDEM-30 © DLR e.V. 2010-2014 and © Airbus Defence and Space GmbH 2014-2018 provided under COPERNICUS by the European Union and ESA; all rights reserved"),
            (try cut("USGS_13_n45w072_20220301.tif"), "Elevation: U.S. Geological Survey, 3D Elevation Program (3DEP) (public domain)"),
            (try cut("tile-a.tif", ["-mo", "TIFFTAG_IMAGEDESCRIPTION=Copernicus DEM GLO-30"]), "Elevation: produced using Copernicus WorldDEM-30"),
            (try cut("my-dem.tif"), "Elevation: (DEM provider and licence)"),
        ]
        for (k, c) in cases.enumerated() {
            let (run, text) = try Self.initRecipe("credit-\(k)", ["--dem", c.dem], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(text.contains("attribution: [\"\(c.credit)"), "\(c.dem): \(text)")
            // A file name is no credit.
            #expect(!text.contains("attribution: [\"Elevation: \(URL(fileURLWithPath: c.dem).lastPathComponent)"), "\(text)")
        }
        // The unknown file's placeholder stops the build, naming the attribution; a known one builds.
        let unknown = try TestData.run(["build", dir.appendingPathComponent("credit-4.json5").path, "--out", dir.appendingPathComponent("packs").path, "--quiet"])
        #expect(unknown.status == 1 && unknown.stderr.contains("attribution"), "\(unknown.stderr)")
        let known = try TestData.run(["build", dir.appendingPathComponent("credit-1.json5").path, "--out", dir.appendingPathComponent("packs").path, "--quiet"])
        #expect(known.status == 0, "\(known.stderr)")
    }

    /// The Pliny ways as Overpass API JSON (`[out:json]`; half with node elements, half with
    /// `out geom`'s geometry): init lists it under trails with the OSM credit, and the build
    /// reads the same hiking ways GDAL reads from the GeoJSON export.
    @Test func overpassJSONIsReadByInitAndBuild() throws {
        let dir = TestData.scratchFolder("init-overpass")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.pliny))) as? [String: Any])
        var elements: [[String: Any]] = [], nodeId = 1
        for (k, f) in (doc["features"] as? [[String: Any]] ?? []).enumerated() {
            guard let coords = (f["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] else { continue }
            let tags = (f["properties"] as? [String: Any] ?? [:]).filter { $0.key != "osm_way_id" && !($0.value is NSNull) }.mapValues { "\($0)" }
            var way: [String: Any] = ["type": "way", "id": 1_000_000 + k, "tags": tags]
            if k % 2 == 0 {
                way["nodes"] = coords.indices.map { nodeId + $0 }
                for (i, c) in coords.enumerated() { elements.append(["type": "node", "id": nodeId + i, "lat": c[1], "lon": c[0]]) }
                nodeId += coords.count
            } else {
                way["geometry"] = coords.map { ["lat": $0[1], "lon": $0[0]] }
            }
            elements.append(way)
        }
        let overpass = dir.appendingPathComponent("export.json")
        try JSONSerialization.data(withJSONObject: ["version": 0.6, "generator": "Overpass API 0.7.62.1 084b4234",
                                                    "osm3s": ["timestamp_osm_base": "2025-12-24T00:00:00Z"], "elements": elements],
                                   options: [.prettyPrinted]).write(to: overpass)
        let (run, text) = try Self.initRecipe("overpass", ["--dem", Self.hgt, "--trails", overpass.path], in: dir)
        #expect(run.status == 0 && !run.stderr.contains("hint"), "\(run.stderr)")
        #expect(text.contains("trails: [\"export.json\"]") && text.contains("© OpenStreetMap contributors"), "\(text)")
        let b = try TestData.run(["build", dir.appendingPathComponent("overpass.json5").path, "--out", dir.appendingPathComponent("packs").path, "--quiet"])
        #expect(b.status == 0, "\(b.stderr)")
        let trails = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("packs/regions/overpass/trails.geojson"))) as? [String: Any])
        let built = Set((trails["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?["name"] as? String })
        let hiking: Set<String> = ["path", "footway", "track", "bridleway", "steps"]
        let expected = Set((doc["features"] as? [[String: Any]] ?? []).compactMap { f -> String? in
            let p = f["properties"] as? [String: Any]
            return hiking.contains(p?["highway"] as? String ?? "") ? p?["name"] as? String : nil
        })
        #expect(!expected.isEmpty && built == expected, "\(built.symmetricDifference(expected))")
    }

    /// A file GDAL cannot read gets its format hint once, not twice.
    @Test func aFormatHintIsGivenOnce() throws {
        let dir = TestData.scratchFolder("init-one-hint")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tcx = dir.appendingPathComponent("hike.tcx")
        try "<?xml version=\"1.0\"?><TrainingCenterDatabase></TrainingCenterDatabase>\n".write(to: tcx, atomically: true, encoding: .utf8)
        let (run, _) = try Self.initRecipe("tcx", ["--dem", Self.hgt, "--trails", tcx.path], in: dir)
        #expect(run.status == 1 && run.stderr.components(separatedBy: "hint:").count == 2, "\(run.stderr)")
    }

    /// A walk on the Bunnell Notch Trail with a trails file of the Pliny ways moved 10 km east:
    /// the far file is left out of trails and bbox with a warning naming it and its distance;
    /// the near file stays, and the bbox holds the walk and its trails only.
    @Test func aTrailsFileFarFromEveryRouteIsLeftOutWithAWarning() throws {
        let dir = TestData.scratchFolder("init-far")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let walk = try #require(try Self.plinyLines()["Bunnell Notch Trail"])
        let gpx = dir.appendingPathComponent("walk.gpx")
        try Self.gpxTrack([walk], startS: [0], name: "Bunnell Notch walk").write(to: gpx, atomically: true, encoding: .utf8)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.pliny))) as? [String: Any])
        // 10 km east of the whole extract's east edge.
        let eastEdge = (doc["features"] as? [[String: Any]] ?? []).flatMap { ((($0["geometry"] as? [String: Any])?["coordinates"] as? [[Double]]) ?? []).map { $0[0] } }.max()!
        let shiftDeg = (eastEdge - walk.map { $0[0] }.max()!) + Geodesic.degreesLongitude(forMetres: 10_000, at: 44.5)
        var moved = doc
        moved["features"] = (doc["features"] as? [[String: Any]] ?? []).map { f -> [String: Any] in
            var g = f["geometry"] as? [String: Any] ?? [:]
            g["coordinates"] = (g["coordinates"] as? [[Double]] ?? []).map { [$0[0] + shiftDeg, $0[1]] }
            var out = f
            out["geometry"] = g
            return out
        }
        let far = dir.appendingPathComponent("far.geojson")
        try JSONSerialization.data(withJSONObject: moved).write(to: far)
        let (run, text) = try Self.initRecipe("far", ["--dem", Self.hgt, "--trails", gpx.path, "--trails", Self.pliny, "--trails", far.path], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let warning = try #require(run.stderr.firstMatch(of: /warning: (\S+): its nearest trail lies ([0-9.]+) km from every route \(more than 3 km\)/), "\(run.stderr)")
        #expect(warning.1 == far.path[...] && Double(warning.2)! > 9.5 && Double(warning.2)! < 12, "\(run.stderr)")
        #expect(!text.contains("trails: [\"walk.gpx\"") && text.contains("far.geojson\": its nearest trail lies") && !text.contains(", \"far.geojson\"]"), "\(text)")
        // Lines of the near extract beyond 3 km of the walk are counted, and left out of the bbox.
        #expect(text.contains("of its 50 trail lines lie more than 3 km from every route"), "\(text)")
        // The far file stretches nothing: the bbox is the one made without it, holding the walk.
        let (_, without) = try Self.initRecipe("near", ["--dem", Self.hgt, "--trails", gpx.path, "--trails", Self.pliny], in: dir)
        let box = /bbox: \[([-0-9.]+), ([-0-9.]+), ([-0-9.]+), ([-0-9.]+)\]/
        let bbox = try #require(text.firstMatch(of: box)), nearBox = try #require(without.firstMatch(of: box))
        #expect(bbox.0 == nearBox.0, "\(bbox.0) against \(nearBox.0)")
        let (w, s, e, n) = (Double(bbox.1)!, Double(bbox.2)!, Double(bbox.3)!, Double(bbox.4)!)
        #expect(walk.allSatisfy { $0[0] > w && $0[0] < e && $0[1] > s && $0[1] < n } && e < walk.map { $0[0] }.max()! + shiftDeg / 2, "\(text)")
        let b = try TestData.run(["build", dir.appendingPathComponent("far.json5").path, "--out", dir.appendingPathComponent("packs").path, "--quiet"])
        #expect(b.status == 0, "\(b.stderr)")
    }

    /// An out-and-back recorded in two segments stored in reverse time order (the way back
    /// first): the build and init chain them in time order, so the route starts at the trailhead
    /// where the recording did; by nearest ends it would start at the turnaround. A line without
    /// times whose chain runs strongly downhill gets init's `reverse: true` hint.
    @Test func recordedPartsChainInTimeOrderAndADownhillChainGetsTheReverseHint() throws {
        let dir = TestData.scratchFolder("init-time-order")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let out = try #require(try Self.plinyLines()["Mt Cabot Trail"])
        let back = Array(out.reversed())
        let timed = dir.appendingPathComponent("timed.gpx")
        // Stored: the way back (recorded second, from 10:00) before the way out (from 09:00).
        try Self.gpxTrack([back, out], startS: [3600, 0], name: "Cabot out and back").write(to: timed, atomically: true, encoding: .utf8)
        let (run, text) = try Self.initRecipe("timed", ["--dem", Self.hgt, "--trails", timed.path], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(text.contains("track-1: its 2 segments are chained in the order their fixes were recorded, not as stored"), "\(text)")
        #expect(!text.contains("reverse: true"), "\(text)")
        let b = try TestData.run(["build", dir.appendingPathComponent("timed.json5").path, "--out", dir.appendingPathComponent("packs").path])
        #expect(b.status == 0 && b.stderr.contains("2 parts chained in the order their fixes were recorded: track 0 segment 1, track 0 segment 0"), "\(b.stderr)")
        let route = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("packs/regions/timed/routes/track-1.json"))) as? [String: Any])
        let coords = try #require(route["coords"] as? [[Double]])
        let start = LonLat(out[0][0], out[0][1]), turn = LonLat(out[out.count - 1][0], out[out.count - 1][1])
        #expect(Geodesic.distanceM(LonLat(coords[0][0], coords[0][1]), start) < 30, "starts \(coords[0]), trailhead \(start), turnaround \(turn)")

        // The Starr King Trail as mapped runs down, 1,178 m to 487 m: stored in two untimed
        // segments it descends as chained, and init says reverse exists; walked up, no hint.
        let starrKing = try #require(try Self.plinyLines()["Starr King Trail"])
        let half = starrKing.count / 2
        for (id, line) in [("down", starrKing), ("up", Array(starrKing.reversed()))] {
            let file = dir.appendingPathComponent("\(id).gpx")
            try Self.gpxTrack([Array(line[...half]), Array(line[half...])], startS: nil, name: id).write(to: file, atomically: true, encoding: .utf8)
        }
        let (down, downText) = try Self.initRecipe("untimed", ["--dem", Self.hgt, "--trails", dir.appendingPathComponent("down.gpx").path], in: dir)
        #expect(down.status == 0, "\(down.stderr)")
        let hint = try #require(downText.firstMatch(of: /track-1: as chained it climbs ([0-9]+) m and descends ([0-9]+) m; if it was walked uphill, add reverse: true to its track/), "\(downText)")
        #expect(Double(hint.2)! >= 600 && Double(hint.2)! >= 5 * Double(hint.1)!, "\(hint.0)")
        let (_, upText) = try Self.initRecipe("up", ["--dem", Self.hgt, "--trails", dir.appendingPathComponent("up.gpx").path], in: dir)
        #expect(upText.contains("track-1") && !upText.contains("reverse: true"), "\(upText)")
    }
}
