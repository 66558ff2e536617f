import Foundation
import Testing
import TestSupport

/// `make -j2 packs` as a batch rebuild: incremental through the depfiles, catalog last.
@Suite(.serialized) struct MakePacksTests {
    /// A copy of the Makefile, recipes and data in a scratch folder, so touching inputs never
    /// changes the repository.
    func workspace() throws -> URL {
        let dir = TestData.scratchFolder("make")
        for item in ["Makefile", "Recipes", "data"] {
            try FileManager.default.copyItem(at: TestData.repoRoot.appendingPathComponent(item), to: dir.appendingPathComponent(item))
        }
        return dir
    }

    func make(_ dir: URL, _ args: [String] = []) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["make", "--no-print-directory", "-j2", "packs", "PACKS=packs", "TRAILPACK=\(TestData.binary.path)"] + args
        p.currentDirectoryURL = dir
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func builtRegions(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.contains(" build ") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("Recipes/") }.map { String($0.dropFirst(8).dropLast(6)) }
        }.sorted()
    }

    @Test func rebuildsOnlyWhatChangedAndTheCatalogLast() throws {
        let dir = try workspace()
        let first = try make(dir)
        #expect(first.status == 0, "\(first.output)")
        #expect(builtRegions(first.output) == ["jacksboro", "pliny-kilkenny"], "\(first.output)")
        #expect(first.output.contains("catalog"))
        let catalog = dir.appendingPathComponent("packs/catalog.json")
        let listed = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog)) as? [String: Any]
        let ids = (listed?["regions"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["jacksboro", "pliny-kilkenny"])
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("packs/.glyph-cache").path)
        #expect(kept.filter { $0.hasSuffix(".pbf") }.count == 1, "both regions' labels are in range 0-255: \(kept)")

        let second = try make(dir)
        #expect(second.status == 0)
        #expect(builtRegions(second.output).isEmpty && !second.output.contains("catalog"), "\(second.output)")

        // Touch one region's track: only that region and the catalog are rebuilt.
        sleep(1)
        let track = dir.appendingPathComponent("data/jacksboro/pine-mountain-crest.gpx").path
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: track)
        let third = try make(dir)
        #expect(third.status == 0)
        #expect(builtRegions(third.output) == ["jacksboro"], "\(third.output)")
        #expect(third.output.contains("catalog"))
    }
}
