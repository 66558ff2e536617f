import Foundation
import PackSpec
import Testing
import TestSupport

/// Each document kind's count caps (`PackLimits.countCaps(ofPackFile:)`, issue 40): a document
/// whose array holds one item over the cap is `file.count`, named at the array, counted before
/// any item is read (the items here are empty objects, which every rule would report at length);
/// `route` refuses such a routing.json likewise. Through the binary: exit code, the file and the
/// place, and nothing outside the pack changed.
@Suite struct DocumentCountCapTests {
    struct Case: CustomStringConvertible, Sendable {
        var file: String, key: String, item: String
        var description: String { "\(file) \(key)" }
    }

    static let cases: [Case] = [
        Case(file: PackTree.trails, key: "features", item: "{}"), Case(file: PackTree.pois, key: "features", item: "{}"),
        Case(file: PackTree.contours, key: "features", item: "{}"), Case(file: PackTree.routing, key: "nodes", item: "[]"),
        Case(file: PackTree.routing, key: "edges", item: "{}"), Case(file: PackTree.style, key: "layers", item: "{}"),
        Case(file: "routes/*", key: "waypoints", item: "{}"), Case(file: "routes/*", key: "landmarks", item: "{}"),
    ]

    /// A copy of the demo pack, its region's `file` replaced by an object whose `key` holds one
    /// item more than its cap; and the region folder, the file's relative path and a canary.
    static func pack(_ c: Case) throws -> (root: URL, region: URL, relative: String, cap: Int, canary: URL) {
        let dir = TestData.scratchFolder("count-caps")
        let root = dir.appendingPathComponent("pack")
        try FileManager.default.copyItem(at: try DemoBuild.get().root, to: root)
        let region = root.appendingPathComponent("regions/pliny-kilkenny")
        var relative = c.file
        if c.file == "routes/*" {
            let first = try #require(try FileManager.default.contentsOfDirectory(atPath: region.appendingPathComponent("routes").path).sorted().first)
            relative = "routes/" + first
        }
        let cap = try #require(PackLimits.countCaps(ofPackFile: relative).first { $0.key == c.key }).max
        let items = Array(repeating: c.item, count: cap + 1).joined(separator: ",")
        try Data("{\"\(c.key)\":[\(items)]}".utf8).write(to: region.appendingPathComponent(relative))
        let canary = dir.appendingPathComponent("canary.txt")
        try Data("untouched".utf8).write(to: canary)
        return (root, region, relative, cap, canary)
    }

    @Test(arguments: cases) func aDocumentOverACountCapIsReportedFromTheCount(_ c: Case) throws {
        let (root, _, relative, cap, canary) = try Self.pack(c)
        let started = Date()
        let run = try TestData.run(["validate", root.path], timeoutS: 120)
        #expect(run.status == 1)
        let line = run.stdout.split(separator: "\n").first { $0.contains("[file.count]") } ?? ""
        #expect(line.hasPrefix("regions/pliny-kilkenny/\(relative):1: error [file.count] \(c.key): expected at most \(cap)")
                && line.hasSuffix("found \(cap + 1) \(c.key)"), "\(run.stdout.prefix(2000))")
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(try String(contentsOf: canary, encoding: .utf8) == "untouched")
    }

    @Test func aCatalogOfTooManyRegionsIsReportedFromTheCount() throws {
        let dir = TestData.scratchFolder("count-caps-catalog")
        let root = dir.appendingPathComponent("pack")
        try FileManager.default.copyItem(at: try DemoBuild.get().root, to: root)
        let items = Array(repeating: "{}", count: PackLimits.maxCatalogRegions + 1).joined(separator: ",")
        try Data("{\"formatVersion\":1,\"regions\":[\(items)]}".utf8).write(to: root.appendingPathComponent(PackTree.catalog))
        let run = try TestData.run(["validate", root.path], timeoutS: 120)
        #expect(run.status == 1)
        #expect(run.stdout.contains("catalog.json:1: error [file.count] regions: expected at most 100000 regions (the catalog was not read further), found 100001 regions"),
                "\(run.stdout.prefix(2000))")
    }

    /// `trailpack route` refuses a routing.json of too many edges from the count, naming the file.
    @Test func routeRefusesARoutingJSONOverItsEdgeCap() throws {
        let (root, region, _, cap, canary) = try Self.pack(Case(file: PackTree.routing, key: "edges", item: "{}"))
        let out = root.deletingLastPathComponent().appendingPathComponent("route.json")
        let run = try TestData.run(["route", region.path, "--from", "-71.36,44.49", "--to", "-71.40,44.50", "--out", out.path], timeoutS: 120)
        #expect(run.status == 1)
        #expect(run.stderr.contains("regions/pliny-kilkenny/routing.json: holds \(cap + 1) edges under \"edges\", over the \(cap) it may (not read further)"),
                "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try String(contentsOf: canary, encoding: .utf8) == "untouched")
    }
}
