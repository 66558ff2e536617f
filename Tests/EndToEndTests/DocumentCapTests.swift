import Foundation
import PackSpec
import Testing
import TestSupport

/// Count and size caps reported from the count or the size, before any work per item (issue
/// 40): a manifest listing a million routes, one too large to read, a recipe of more routes
/// than a region holds. Through the binary: the exit code, the message naming the file and
/// the place, and nothing outside changed.
@Suite struct DocumentCapTests {
    /// A copy of the demo's jacksboro region whose manifest's `routes` is `routes` (JSON text).
    func region(routes: String) throws -> URL {
        let dir = TestData.scratchFolder("caps")
        let region = dir.appendingPathComponent("jacksboro")
        try FileManager.default.copyItem(at: try DemoBuild.get().root.appendingPathComponent("regions/pliny-kilkenny"), to: region)
        let manifest = region.appendingPathComponent("manifest.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        let start = try #require(text.range(of: "\"routes\": ["))
        let end = try #require(text.range(of: "\n  ]", range: start.upperBound..<text.endIndex))
        text.replaceSubrange(start.lowerBound..<end.upperBound, with: "\"routes\": [\(routes)]")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        return region
    }

    @Test func aManifestOfAMillionRoutesIsRefusedFromItsCountInSeconds() throws {
        let region = try region(routes: Array(repeating: "{}", count: 1_000_000).joined(separator: ","))
        let started = Date()
        let run = try TestData.run(["validate", region.path], timeoutS: 60)
        #expect(run.status == 1)
        let line = run.stdout.split(separator: "\n").first { $0.contains("[manifest.route-count]") } ?? ""
        #expect(line.hasPrefix("manifest.json:") && line.hasSuffix("error [manifest.route-count] routes: expected at most 10000 routes (no route was read), found 1000000 routes"),
                "\(run.stdout.prefix(1500))")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func aManifestLargerThan32MBIsRefusedUnread() throws {
        let entry = "{\"id\": \"r\", \"name\": \"\(String(repeating: "x", count: 1000))\"}"
        let region = try region(routes: Array(repeating: entry, count: 40_000).joined(separator: ","))
        let canary = TestData.scratchFolder("caps-canary").appendingPathComponent("canary.txt")
        try "untouched".write(to: canary, atomically: true, encoding: .utf8)
        let run = try TestData.run(["validate", region.path], timeoutS: 60)
        #expect(run.status == 1)
        #expect(run.stdout.contains("manifest.json: error [manifest.route-count]: expected a manifest of at most 33554432 bytes"), "\(run.stdout.prefix(1500))")
        #expect(try String(contentsOf: canary, encoding: .utf8) == "untouched")
    }

    @Test func aRecipeOfMoreRoutesThanARegionHoldsStopsAtItsRoutesKey() throws {
        let dir = TestData.scratchFolder("caps-recipe")
        let routes = (0...10_000).map { "{ id: \"r\($0)\", name: \"R\", via: [[-71.36, 44.49], [-71.41, 44.50]] }" }.joined(separator: ",\n")
        let recipe = dir.appendingPathComponent("many.json5")
        try """
        { id: "many", name: "Many", attribution: ["SRTM (public domain)"], dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          routes: [
        \(routes)
          ] }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        let run = try TestData.run(["build", recipe.path, "--out", dir.appendingPathComponent("pack").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("many.json5:2") && run.stderr.contains("routes") && run.stderr.contains("10001 routes: a region holds at most 10000"),
                "\(run.stderr.prefix(1000))")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("pack/regions/many").path))
    }
    /// A copy of the demo pack whose region file `relative` is a sparse file of `bytes`, and a
    /// canary file beside the pack root.
    func packWithOversize(_ relative: String, bytes: Int) throws -> (root: URL, canary: URL) {
        let dir = TestData.scratchFolder("caps-doc")
        let root = dir.appendingPathComponent("pack")
        try FileManager.default.copyItem(at: try DemoBuild.get().root, to: root)
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(relative))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        let canary = dir.appendingPathComponent("canary.txt")
        try Data("untouched".utf8).write(to: canary)
        return (root, canary)
    }

    static let regionDocuments: [(file: String, limitBytes: Int)] = [
        (PackTree.routing, PackLimits.maxRoutingBytes), (PackTree.trails, PackLimits.maxTrailsBytes),
        (PackTree.pois, PackLimits.maxPOIsBytes), (PackTree.contours, PackLimits.maxContoursBytes),
        (PackTree.style, PackLimits.maxStyleBytes), ("map/sprite.json", PackLimits.maxStyleBytes),
    ]

    /// Each JSON document of a region over its cap is `file.size`, named with its size and cap,
    /// from its size on disk: validate reads none of it (a sparse file of the cap's size would
    /// take seconds and gigabytes to parse).
    @Test(arguments: regionDocuments.map(\.file)) func aRegionDocumentOverItsCapIsReportedUnread(_ file: String) throws {
        let limit = try #require(Self.regionDocuments.first { $0.file == file }).limitBytes
        let (root, canary) = try packWithOversize("regions/pliny-kilkenny/\(file)", bytes: limit + 1)
        let run = try TestData.run(["validate", root.path], timeoutS: 60)
        #expect(run.status == 1)
        #expect(run.stdout.contains("regions/pliny-kilkenny/\(file): error [file.size]: expected a file of at most \(limit >> 20) MB (\(file)), found \(limit + 1) bytes (not read)"),
                "\(run.stdout.prefix(2000))")
        #expect(try String(contentsOf: canary, encoding: .utf8) == "untouched")
    }

    @Test func aCatalogOverItsCapIsReportedUnread() throws {
        let (root, canary) = try packWithOversize(PackTree.catalog, bytes: PackLimits.maxCatalogBytes + 1)
        let run = try TestData.run(["validate", root.path], timeoutS: 60)
        #expect(run.status == 1)
        #expect(run.stdout.contains("catalog.json: error [file.size]: expected a catalog.json of at most 64 MB, found \(PackLimits.maxCatalogBytes + 1) bytes (not read)"),
                "\(run.stdout.prefix(2000))")
        #expect(try String(contentsOf: canary, encoding: .utf8) == "untouched")
    }

    /// `trailpack route` refuses routing.json over its cap from its size, naming the file.
    @Test func routeRefusesARoutingJSONOverItsCap() throws {
        let (root, canary) = try packWithOversize("regions/pliny-kilkenny/\(PackTree.routing)", bytes: PackLimits.maxRoutingBytes + 1)
        let out = root.deletingLastPathComponent().appendingPathComponent("route.json")
        let run = try TestData.run(["route", root.appendingPathComponent("regions/pliny-kilkenny").path, "--from", "-71.36,44.49",
                                    "--to", "-71.40,44.50", "--out", out.path], timeoutS: 60)
        #expect(run.status == 1)
        #expect(run.stderr.contains("regions/pliny-kilkenny/routing.json: is \(PackLimits.maxRoutingBytes + 1) bytes, over the 256 MB it may be (not read)"),
                "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try String(contentsOf: canary, encoding: .utf8) == "untouched")
    }

    /// `trailpack catalog` refuses a manifest over its cap from its size, naming it, and leaves
    /// the catalog as it was.
    @Test func catalogRefusesAManifestOverItsCapUnread() throws {
        let (root, canary) = try packWithOversize("regions/pliny-kilkenny/manifest.json", bytes: PackLimits.maxManifestBytes + 1)
        let before = try Data(contentsOf: root.appendingPathComponent("catalog.json"))
        let run = try TestData.run(["catalog", root.path], timeoutS: 60)
        #expect(run.status == 1)
        #expect(run.stderr.contains("regions/pliny-kilkenny/manifest.json: is \(PackLimits.maxManifestBytes + 1) bytes, over the 32 MB a manifest may be (it was not read)"),
                "\(run.stderr)")
        #expect(try Data(contentsOf: root.appendingPathComponent("catalog.json")) == before)
        #expect(try String(contentsOf: canary, encoding: .utf8) == "untouched")
    }
}
