import Foundation
import Pipeline
import TestSupport
import Testing
import Validation

/// The demo pack (Recipes/pliny-kilkenny.json5) built once per test run by the pipeline.
enum DemoPack {
    static let regionId = "pliny-kilkenny"

    /// The shared demo build's pack root (`DemoBuild`).
    static func root() throws -> URL { try DemoBuild.get().root }

    static func copy() throws -> PackEditor { try PackEditor.copy(try root(), regionId: regionId) }
}

@Suite("The demo pack")
struct DemoPackTests {
    @Test func demoPackIsValid() throws {
        let root = try DemoPack.root()
        let report = PackValidator.validate(path: root.path)
        #expect(report.kind == .packRoot)
        #expect(report.regionIds == [DemoPack.regionId])
        #expect(report.errorCount == 0, "\(ReportRenderer.text(report))")
        #expect(report.isValid)
    }

    @Test func demoRegionFolderIsValidOnItsOwn() throws {
        let root = try DemoPack.root()
        let report = PackValidator.validate(path: root.appendingPathComponent("regions/\(DemoPack.regionId)").path)
        #expect(report.kind == .region)
        #expect(report.errorCount == 0, "\(ReportRenderer.text(report))")
    }

    /// A sanity bound only: this debug build, run beside the other tests on a shared 2-core
    /// machine, takes about 0.7 s alone; release builds are several times faster.
    @Test func demoPackValidatesQuickly() throws {
        let root = try DemoPack.root()
        let report = PackValidator.validate(path: root.path)
        #expect(report.elapsedS > 0)
        #expect(report.elapsedS < 10, "took \(report.elapsedS) s")
    }
}

private let demoRegion = "regions/\(DemoPack.regionId)/"
private let demoRoute = "routes/mount-cabot.json"

/// A few corruptions of the real demo pack (the full corpus runs on the smaller test-built pack,
/// see CorruptionTests): each must be reported under its rule at its place.
let demoCorruptions: [Corruption] = [
    Corruption(name: "demo: -32768 in terrain", rule: .ter1Void, file: demoRegion + "terrain.bin", offset: 44 + 2 * 1000) {
        try $0.editBytes("terrain.bin") { $0[2044] = 0x00; $0[2045] = 0x80 }
    },
    Corruption(name: "demo: stale sha256", rule: .fileSHA256, file: demoRegion + "manifest.json", path: "files.hillshade.sha256", resign: false) {
        try $0.editBytes("hillshade.png") { $0[$0.count - 1] ^= 0xFF }
    },
    Corruption(name: "demo: cum not increasing", rule: .routeCumIncreasing, file: demoRegion + demoRoute, path: "cum[41]") {
        try $0.editJSON(demoRoute) { r in r.set("cum[41]", r.get("cum[40]")!) }
    },
    Corruption(name: "demo: ele 5 m off", rule: .routeEleAR, file: demoRegion + demoRoute, path: "coords[30][2]") {
        try $0.editJSON(demoRoute) { r in r.set("coords[30][2]", .number(r.get("coords[30][2]")!.double - 5)) }
    },
    Corruption(name: "demo: waypoint past the end", rule: .waypointIndex, file: demoRegion + demoRoute, path: "waypoints[1].i") {
        try $0.set(demoRoute, "waypoints[1].i", 1_000_000)
    },
    Corruption(name: "demo: catalog missing the region", rule: .catalogRegionUnlisted, file: demoRegion.dropLast() + "") {
        try $0.set("/catalog.json", "regions", [])
    },
]

@Suite("The demo pack, corrupted")
struct DemoCorruptionTests {
    @Test(arguments: demoCorruptions)
    func corruptionIsReported(_ corruption: Corruption) throws {
        let editor = try DemoPack.copy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let (report, match) = try corruption.validated(editor)
        #expect(!report.isValid)
        #expect(match != nil, "\(ReportRenderer.text(report))")
    }

    /// 12 byte flips and truncations of each of the demo pack's 20 files (style.json and map/
    /// included): 240 corrupted demo packs per run, each validated whole (the test-built pack gets
    /// 324 more in RobustnessTests). Every file gets flips and truncations at seeded places;
    /// the count per file is what the suite's time allows.
    @Test(arguments: 0..<20)
    func flipsAndTruncationsOfADemoFile(fileIndex: Int) throws {
        let editor = try DemoPack.copy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let files = packFiles(editor.root)
        try #require(files.count == 20, "\(files)")
        let silent = try fuzz(root: editor.root, file: files[fileIndex], cases: 12, seed: 0xDE30 + UInt64(fileIndex))
        #expect(silent.isEmpty, "corruptions that passed validation: \(silent)")
    }
}
