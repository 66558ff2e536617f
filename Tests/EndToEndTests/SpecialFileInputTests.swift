import Foundation
import Testing
import TestSupport

/// Inputs must be regular files: a FIFO (or a directory) given as the DEM, the trails, a track,
/// the POIs, the recipe or `validate --dem` is refused before anything opens it, naming the file
/// and what it is, with exit status 1 and the pack root untouched. Every child runs with a
/// timeout, so a regression that blocks on the FIFO fails here instead of hanging the suite.
@Suite(.serialized) struct SpecialFileInputTests {
    static let timeoutS = 120.0
    static let repo = TestData.repoRoot.path
    static let dem = repo + "/data/white-mountains/N44W072.hgt"
    static let trails = repo + "/data/white-mountains/wmnf-pliney.geojson"

    /// A scratch folder holding a FIFO named `name`.
    func fifo(_ name: String) -> String {
        let path = TestData.scratchFolder("fifo").appendingPathComponent(name).path
        #expect(mkfifo(path, 0o644) == 0)
        return path
    }

    /// A small recipe of the demo area (id `pliny-kilkenny`) written beside the inputs it names.
    func recipe(dem: String = dem, trails: String = trails, extra: String = "") throws -> String {
        let text = """
        { id: "pliny-kilkenny", name: "x", attribution: ["Elevation: SRTM 3 arc-second, NASA/USGS (public domain)"],
          bbox: [-71.45, 44.48, -71.35, 44.54], dem: ["\(dem)"], trails: ["\(trails)"], \(extra) }
        """
        let path = TestData.scratchFolder("fifo-recipe").appendingPathComponent("r.json5").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A pack root holding the demo region, and its files' bytes.
    func previousPack() throws -> (root: URL, tree: [String: Data]) {
        let root = TestData.scratchFolder("fifo-root").appendingPathComponent("packs")
        try FileManager.default.copyItem(at: try DemoBuild.get().root, to: root)
        return (root, TestData.tree(root))
    }

    /// Builds `recipe` into a copy of the demo pack: exit 1, one message naming `file` as a
    /// FIFO (or `kind`), the previous pack byte-identical.
    func expectRefused(_ recipe: String, file: String, kind: String = "a FIFO") throws {
        let (root, before) = try previousPack()
        let r = try TestData.run(["build", recipe, "--out", root.path], timeoutS: Self.timeoutS)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains(file) && r.stderr.contains("is \(kind), not a regular file"), "\(r.stderr)")
        #expect(TestData.tree(root) == before)
    }

    @Test func aFIFOAsTheDEMIsRefused() throws {
        let dem = fifo("dem.tif")
        try expectRefused(try recipe(dem: dem), file: dem)
    }

    @Test func aFIFOAsTheTrailsIsRefused() throws {
        let trails = fifo("trails.geojson")
        try expectRefused(try recipe(trails: trails), file: trails)
    }

    @Test func aFIFOAsATrackIsRefused() throws {
        let track = fifo("track.gpx")
        try expectRefused(try recipe(extra: "routes: [{ id: \"t\", name: \"T\", track: { file: \"\(track)\" } }],"), file: track)
    }

    @Test func aFIFOAsThePOIsIsRefused() throws {
        let pois = fifo("pois.geojson")
        try expectRefused(try recipe(extra: "pois: [\"\(pois)\"],"), file: pois)
    }

    @Test func aFIFOAsTheRecipeIsRefused() throws {
        let path = fifo("recipe.json5")
        try expectRefused(path, file: path)
    }

    @Test func aDirectoryAsTheDEMIsRefused() throws {
        let dir = TestData.scratchFolder("dem-dir").appendingPathComponent("dem.tif")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try expectRefused(try recipe(dem: dir.path), file: dir.path, kind: "a directory")
    }

    @Test func aFIFOInsideAnArchivePathIsJudgedByTheArchive() throws {
        let zip = fifo("dem.zip")
        try expectRefused(try recipe(dem: "/vsizip/\(zip)/N44W072.hgt"), file: zip)
    }

    @Test func aFIFOAsValidateDEMIsRefused() throws {
        let dem = fifo("dem.hgt")
        let (root, before) = try previousPack()
        let r = try TestData.run(["validate", root.path, "--dem", dem], timeoutS: Self.timeoutS)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let text = r.stdout + r.stderr
        #expect(text.contains(dem) && text.contains("is a FIFO, not a regular file"), "\(text)")
        #expect(TestData.tree(root) == before)
    }

    @Test func aFIFOInAPackIsAValidationErrorNamingIt() throws {
        let (root, _) = try previousPack()
        let route = root.appendingPathComponent("regions/pliny-kilkenny/routes/mount-cabot.json").path
        try FileManager.default.removeItem(atPath: route)
        #expect(mkfifo(route, 0o644) == 0)
        let r = try TestData.run(["validate", root.path], timeoutS: Self.timeoutS)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("[file.missing]") && r.stdout.contains("a FIFO, not a regular file"), "\(r.stdout)")
    }
}

/// `route.size`: a route file over the cap is reported, not read.
@Suite struct RouteSizeCapTests {
    @Test func aRouteFileOverTheCapIsReportedWithoutReadingIt() throws {
        let root = TestData.scratchFolder("route-cap").appendingPathComponent("packs")
        try FileManager.default.copyItem(at: try DemoBuild.get().root, to: root)
        let route = root.appendingPathComponent("regions/pliny-kilkenny/routes/starr-king.json").path
        // A sparse file of 65 MB: reading it would take the time and memory the cap prevents.
        let handle = try #require(FileHandle(forWritingAtPath: route))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let r = try TestData.run(["validate", root.path], timeoutS: 120)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("[route.size]") && r.stdout.contains("at most 64 MB") && r.stdout.contains("\(65 << 20) bytes (not read)"), "\(r.stdout)")
    }
}

/// `validate` on a 40,000-vertex route (the demo's mount-cabot route laid out and back,
/// scripts/long_route.py, the pack `make bench` times) finishes, and its route rules report only
/// what the long route changes: the stats the script keeps from the built route. Speed is
/// `make bench`'s figure; the rules' structures are proven linear in LongRouteTests.
@Suite struct LongRouteValidateTests {
    @Test func aFortyThousandVertexRouteValidatesWithOnlyItsKeptStatsReported() throws {
        let folder = TestData.scratchFolder("long-route")
        let packs = folder.appendingPathComponent("packs")
        let (status, out, err) = try TestData.runProcess(URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", TestData.repoRoot.appendingPathComponent("scripts/long_route.py").path,
             try DemoBuild.get().root.path, packs.path, "mount-cabot", "40000"], timeoutS: 120)
        #expect(status == 0, "\(String(decoding: err, as: UTF8.self))")
        #expect(String(decoding: out, as: UTF8.self).contains("\"vertices\": 40363"))
        let r = try TestData.run(["validate", packs.path, "--json"], timeoutS: 300)
        #expect(r.status == 1, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let rules = Set((report["problems"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
        // The catalog keeps the built manifest's hash, the stats the built route's figures, and
        // the end (a lap ends at the start) is no longer at Mount Cabot.
        #expect(rules == ["catalog.sha256", "catalog.bytes", "catalog.routes", "route.duration-range", "route.ascent-identity",
                          "route.climb", "route.waypoint.poi"], "\(rules.sorted())")
    }
}
