import Foundation
import Testing
import TestSupport

/// One mistake an author or a batch script makes, run through the built binary: the exit
/// status it must give and the words its message must hold (the file, the place, the key).
struct MessageCase: Sendable, CustomTestStringConvertible {
    var name: String
    var status: Int32
    /// Given a fresh scratch folder: the arguments, and the fragments the output must contain.
    var setup: @Sendable (URL) throws -> (args: [String], fragments: [String])
    var testDescription: String { name }
}

/// Every exit code and message of issue 31's list: each names the file, the place (line, key
/// path, feature) and the key in trailpack's words, never Foundation's.
@Suite struct MessageTableTests {
    /// Texts of Foundation errors that must never reach an author.
    static let foreign = ["NSCocoaErrorDomain", "Error Domain=", "couldn’t be", "couldn't be"]

    @Test(arguments: MessageTableTests.cases)
    func messageNamesTheFileThePlaceAndTheKey(_ c: MessageCase) throws {
        let dir = TestData.scratchFolder("messages")
        let (args, fragments) = try c.setup(dir)
        let r = try TestData.run(args)
        let output = r.stdout + r.stderr
        #expect(r.status == c.status, "\(c.name): \(output)")
        for fragment in fragments { #expect(output.contains(fragment), "\(c.name): wanted \"\(fragment)\" in: \(output)") }
        for text in Self.foreign { #expect(!output.contains(text), "\(c.name): \(output)") }
    }

    /// Permissions do not stop root: this case runs only for another user.
    @Test(.enabled(if: geteuid() != 0)) func anOutputRootNotWritableNamesItAndExitsOne() throws {
        let dir = TestData.scratchFolder("messages-readonly")
        let root = dir.appendingPathComponent("packs")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        chmod(root.path, 0o555)
        defer { chmod(root.path, 0o755) }
        let r = try TestData.run(["build", try Self.jacksboro(dir), "--out", root.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(root.path)/regions: cannot make the pack root's regions folder (--out): Permission denied"), "\(r.stderr)")
        for text in Self.foreign { #expect(!r.stderr.contains(text), "\(r.stderr)") }
    }

    static let cases: [MessageCase] = catalogCases + commandLineCases + recipeCases + inputCases

    static let catalogCases: [MessageCase] = [
        MessageCase(name: "catalog of a folder that does not exist", status: 1) { dir in
            let nope = dir.appendingPathComponent("nope").path
            return (["catalog", nope], ["[catalog] error: \(nope): no such folder"])
        },
        MessageCase(name: "catalog of a folder without regions/", status: 1) { dir in
            (["catalog", dir.path], ["\(dir.path): has no regions/ folder"])
        },
        MessageCase(name: "validate of a folder that does not exist", status: 1) { dir in
            let nope = dir.appendingPathComponent("nope").path
            return (["validate", nope], ["\(nope): error [pack.layout]: expected a pack root or a region folder, found no such folder"])
        },
        MessageCase(name: "validate of a file", status: 1) { dir in
            let file = dir.appendingPathComponent("catalog.json")
            try Data("{}".utf8).write(to: file)
            return (["validate", file.path], ["\(file.path): error [pack.layout]: expected a pack root or a region folder, found a file, not a folder"])
        },
        MessageCase(name: "catalog of a pack root with no region yet", status: 0) { dir in
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("regions"), withIntermediateDirectories: true)
            return (["catalog", dir.path], ["\(dir.path)/catalog.json with 0 regions"])
        },
    ]

    static let commandLineCases: [MessageCase] = [
        MessageCase(name: "--out missing", status: 2) { dir in
            (["build", try jacksboro(dir)], ["'build' needs --out DIR", "trailpack build --help"])
        },
        MessageCase(name: "unknown flag", status: 2) { dir in
            (["build", try jacksboro(dir), "--out", dir.path, "--memory-limit", "300"],
             ["unknown option --memory-limit for 'build'; did you mean --memory-limit-mib?"])
        },
        MessageCase(name: "output root is a file", status: 1) { dir in
            let file = dir.appendingPathComponent("packs").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            return (["build", try jacksboro(dir), "--out", file], ["\(file): is a file, not a folder"])
        },
        MessageCase(name: "output root under a file", status: 1) { dir in
            let file = dir.appendingPathComponent("packs").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            return (["build", try jacksboro(dir), "--out", file + "/inner"], ["\(file): is a file, not a folder"])
        },
        MessageCase(name: "output root where no folder can be made", status: 1) { dir in
            (["build", try jacksboro(dir), "--out", "/proc/trailpack-packs"], ["/proc/trailpack-packs: cannot make the pack root's regions folder (--out)"])
        },
        MessageCase(name: "recipe is a folder", status: 1) { dir in
            (["build", dir.path, "--out", dir.appendingPathComponent("packs").path], ["\(dir.path): cannot read the recipe: it is a directory, not a regular file"])
        },
        MessageCase(name: "init writing under a file", status: 1) { dir in
            let file = dir.appendingPathComponent("recipes").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            return (["init", "x", "--dem", TestData.path("jacksboro/jacksboro_fault_dem.tif"),
                     "--trails", TestData.path("jacksboro/pine-mountain-crest.gpx"), "--out", file + "/x.json5"],
                    ["\(file): is a file, not a folder; cannot make the recipe's folder"])
        },
        MessageCase(name: "inspect of a folder", status: 1) { dir in
            (["inspect", dir.path], ["\(dir.path): cannot read: it is a directory, not a regular file"])
        },
        MessageCase(name: "recipe missing", status: 1) { dir in
            let missing = dir.appendingPathComponent("missing.json5").path
            return (["build", missing, "--out", dir.appendingPathComponent("packs").path], ["\(missing): no such recipe file"])
        },
    ]

    static let recipeCases: [MessageCase] = [
        MessageCase(name: "bbox inverted", status: 1) { dir in
            let recipe = try jacksboro(dir, ["bboxMarginM: 2000,": "bbox: [-84.0, 36.3, -84.2, 36.4],"])
            return (["build", recipe, "--out", packs(dir)], ["\(recipe):8: bbox: invalid bbox"])
        },
        MessageCase(name: "id with a slash", status: 1) { dir in
            let recipe = try jacksboro(dir, ["id: \"jacksboro\"": "id: \"jacks/boro\""])
            return (["build", recipe, "--out", packs(dir)], ["\(recipe):5: id: \"jacks/boro\" is not a valid id"])
        },
        MessageCase(name: "azimuth without its unit", status: 1) { dir in
            let recipe = try jacksboro(dir, ["contourIntervalM: 20 }": "contourIntervalM: 20, hillshade: { azimuth: 300 } }"])
            return (["build", recipe, "--out", packs(dir)],
                    ["\(recipe):13: terrain.hillshade.azimuth: unknown key \"azimuth\"; did you mean \"azimuthDeg\"?"])
        },
        MessageCase(name: "memoryLimit without its unit", status: 1) { dir in
            let recipe = try jacksboro(dir, ["contourIntervalM: 20 }": "contourIntervalM: 20, memoryLimit: 4000 }"])
            return (["build", recipe, "--out", packs(dir)],
                    ["\(recipe):13: terrain.memoryLimit: unknown key \"memoryLimit\"; did you mean \"memoryLimitMiB\"?"])
        },
        MessageCase(name: "dem as one object, as Recipes/README.md shows", status: 0) { dir in
            let dem = TestData.path("jacksboro/jacksboro_fault_dem.tif")
            let recipe = try jacksboro(dir, ["dem: [\"\(dem)\"]": "dem: { file: \"\(dem)\", verticalUnit: \"m\" }"])
            return (["plan", recipe], ["jacksboro"])
        },
        MessageCase(name: "region grid over the memory limit", status: 1) { dir in
            let recipe = try pliny(dir)
            return (["build", recipe, "--out", packs(dir), "--memory-limit-mib", "129"],
                    ["\(recipe): the region grid of ", "over the limit of 129 MiB from --memory-limit-mib", "raise terrain.resolutionM in \(recipe)",
                     "raise --memory-limit-mib"])
        },
        MessageCase(name: "via naming no POI", status: 1) { dir in
            let recipe = try pliny(dir, ["via: [\"Bunnell Notch Trailhead\", \"Mount Cabot\"]": "via: [\"Bunnell Notch Trailhead\", \"Mount Cabbot\"]"])
            return (["build", recipe, "--out", packs(dir)],
                    ["\(recipe):30: route \"mount-cabot\": via 2 names the POI \"Mount Cabbot\", which no POI source has"])
        },
        MessageCase(name: "via route of one point", status: 1) { dir in
            let recipe = try pliny(dir, ["via: [\"Bunnell Notch Trailhead\", \"Mount Cabot\"]": "via: [\"Mount Cabot\", \"Mount Cabot\"]"])
            return (["build", recipe, "--out", packs(dir)],
                    ["\(recipe):34: routes[0].via: route \"mount-cabot\": its vias (\"Mount Cabot\", \"Mount Cabot\") all meet the trails at one point",
                     "a via route needs two distinct points"])
        },
    ]

    static let inputCases: [MessageCase] = [
        MessageCase(name: "DEM missing", status: 1) { dir in
            let dem = TestData.path("jacksboro/jacksboro_fault_dem.tif")
            let recipe = try jacksboro(dir, [dem: dir.appendingPathComponent("gone.tif").path])
            return (["build", recipe, "--out", packs(dir)], ["\(dir.path)/gone.tif: ", "no such file"])
        },
        MessageCase(name: "trails missing", status: 1) { dir in
            let recipe = try jacksboro(dir, ["pois: [": "trails: [\"\(dir.path)/gone.geojson\"],\n  pois: ["])
            return (["build", recipe, "--out", packs(dir)], ["\(dir.path)/gone.geojson: ", "no such file"])
        },
        MessageCase(name: "malformed GeoJSON trails", status: 1) { dir in
            let trails = dir.appendingPathComponent("bad.geojson").path
            try Data("{\"type\": \"FeatureCollection\",\n \"features\": [\n  {\"type\": \"Feature\" \"geometry\": null}\n]}\n".utf8)
                .write(to: URL(fileURLWithPath: trails))
            let recipe = try jacksboro(dir, ["pois: [": "trails: [\"\(trails)\"],\n  pois: ["])
            return (["build", recipe, "--out", packs(dir)], ["\(trails): ", "not valid JSON: line 3, column 22"])
        },
        MessageCase(name: "a polygon as a track", status: 1) { dir in
            let track = dir.appendingPathComponent("area.geojson").path
            try Data(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[-84.19, 36.34], [-84.18, 36.34], [-84.18, 36.35], [-84.19, 36.34]]]}}]}"#.utf8)
                .write(to: URL(fileURLWithPath: track))
            let recipe = try jacksboro(dir, [TestData.path("jacksboro/pine-mountain-crest.gpx"): track])
            return (["build", recipe, "--out", packs(dir)],
                    ["route \"pine-mountain-crest\"", "\(track): feature 0 is a Polygon; a track must be a line (LineString/MultiLineString, a GPX trk or rte)"])
        },
        MessageCase(name: "a one-point GPX track", status: 1) { dir in
            let track = dir.appendingPathComponent("one.gpx").path
            try Data("""
                <?xml version="1.0"?>
                <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
                <trk><name>stood still</name><trkseg><trkpt lat="36.34" lon="-84.19"></trkpt></trkseg></trk>
                </gpx>
                """.utf8).write(to: URL(fileURLWithPath: track))
            let recipe = try jacksboro(dir, [TestData.path("jacksboro/pine-mountain-crest.gpx"): track])
            return (["build", recipe, "--out", packs(dir)], ["\(track): track 0 has one point: a track needs at least two"])
        },
    ]

    /// The pack root of a case.
    static func packs(_ dir: URL) -> String { dir.appendingPathComponent("packs").path }

    /// The Jacksboro demo recipe written into `dir`, each key of `edits` replaced by its value.
    static func jacksboro(_ dir: URL, _ edits: [String: String] = [:]) throws -> String {
        try write(try TestData.recipeText("jacksboro"), to: dir.appendingPathComponent("jacksboro.json5"), edits)
    }

    /// The Pliny and Kilkenny demo recipe written into `dir`, edited.
    static func pliny(_ dir: URL, _ edits: [String: String] = [:]) throws -> String {
        try write(try TestData.recipeText("pliny-kilkenny"), to: dir.appendingPathComponent("pliny-kilkenny.json5"), edits)
    }

    static func write(_ text: String, to url: URL, _ edits: [String: String]) throws -> String {
        var edited = text
        for (from, to) in edits {
            #expect(edited.contains(from), "the demo recipe changed: no \(from)")
            edited = edited.replacingOccurrences(of: from, with: to)
        }
        try edited.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
