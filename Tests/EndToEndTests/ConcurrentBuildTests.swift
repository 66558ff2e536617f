import Foundation
import Testing
import TestSupport

/// docs/CLUSTER.md's pattern on one machine: one `trailpack build RECIPE --no-catalog` process
/// per region, all at once on one pack root, then `trailpack catalog`; and the same without
/// `--no-catalog`, where every process rewrites the catalog under its lock.
@Suite(.serialized) struct ConcurrentBuildTests {
    /// Five regions: the two bundled recipes and three small boxes of the White Mountains tile
    /// (trails and a POI in one of them), all with absolute data paths.
    func recipes() throws -> [String] {
        let dir = TestData.scratchFolder("cluster-recipes")
        var paths: [String] = []
        for name in ["pliny-kilkenny", "jacksboro"] {
            let text = try TestData.recipeText(name)
            let path = dir.appendingPathComponent("\(name).json5").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let boxes: [(id: String, bbox: String, extra: String)] = [
            ("cabot-north", "-71.44, 44.50, -71.38, 44.55",
             "trails: [\"\(TestData.path("white-mountains/wmnf-pliney.geojson"))\"], pois: [{ name: \"Mount Cabot\", kind: \"summit\", lon: -71.4141, lat: 44.5059 }],"),
            ("presidential-west", "-71.60, 44.20, -71.52, 44.26", ""),
            ("nash-stream", "-71.50, 44.70, -71.42, 44.76", "terrain: { resolutionM: 60, contourIntervalM: 25 },"),
        ]
        for b in boxes {
            let text = """
            { id: "\(b.id)", name: "\(b.id)", attribution: ["SRTM (public domain)"], bbox: [\(b.bbox)],
              dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"], \(b.extra) }
            """
            let path = dir.appendingPathComponent("\(b.id).json5").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        return paths
    }

    /// Starts one `trailpack` per argument list, all before waiting for any, and returns each
    /// one's exit status and standard error.
    func runConcurrently(_ argumentLists: [[String]]) throws -> [(status: Int32, stderr: String)] {
        var running: [(Process, Pipe)] = []
        for arguments in argumentLists {
            let p = Process()
            p.executableURL = TestData.binary
            p.arguments = arguments
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            running.append((p, err))
        }
        return running.map { p, err in
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }
    }

    func regionIDs(_ root: URL) throws -> [String] {
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("catalog.json"))) as? [String: Any]
        return ((catalog?["regions"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }

    @Test func concurrentRegionBuildsThenOneCatalogEqualASerialBuild() throws {
        let recipes = try recipes()
        let serial = TestData.scratchFolder("cluster-serial"), parallel = TestData.scratchFolder("cluster-parallel")
        let s = try TestData.run(["build"] + recipes + ["--out", serial.path, "--quiet"])
        #expect(s.status == 0, "\(s.stderr)")

        let runs = try runConcurrently(recipes.map { ["build", $0, "--no-catalog", "--quiet", "--out", parallel.path] })
        for (recipe, run) in zip(recipes, runs) { #expect(run.status == 0, "\(recipe): \(run.stderr)") }
        #expect(!FileManager.default.fileExists(atPath: parallel.appendingPathComponent("catalog.json").path), "--no-catalog wrote a catalog")
        let catalog = try TestData.run(["catalog", parallel.path, "--quiet"])
        #expect(catalog.status == 0, "\(catalog.stderr)")

        let expectedIDs = ["cabot-north", "jacksboro", "nash-stream", "pliny-kilkenny", "presidential-west"]
        #expect(try regionIDs(parallel) == expectedIDs)
        let validate = try TestData.run(["validate", parallel.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let a = TestData.tree(serial), b = TestData.tree(parallel)
        #expect(a.count >= 30)
        #expect(Set(a.keys) == Set(b.keys), "\(Set(a.keys).symmetricDifference(b.keys))")
        for (path, bytes) in a { #expect(b[path] == bytes, "\(path) differs") }
    }

    @Test func concurrentBuildsThatEachRewriteTheCatalogLeaveItComplete() throws {
        let recipes = try recipes()
        let serial = TestData.scratchFolder("catalog-serial")
        #expect(try TestData.run(["build"] + recipes + ["--out", serial.path, "--quiet"]).status == 0)
        // Twice over: the catalog lock is taken by five processes at nearly the same moment.
        for round in 0..<2 {
            let root = TestData.scratchFolder("catalog-parallel-\(round)")
            let runs = try runConcurrently(recipes.map { ["build", $0, "--quiet", "--out", root.path] })
            for (recipe, run) in zip(recipes, runs) { #expect(run.status == 0, "\(recipe): \(run.stderr)") }
            #expect(try regionIDs(root).count == recipes.count)
            #expect(try Data(contentsOf: root.appendingPathComponent("catalog.json")) ==
                    Data(contentsOf: serial.appendingPathComponent("catalog.json")))
            // Nothing left behind: no lock, no staging folder, no temporary catalog.
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["catalog.json", "regions"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("regions").path).sorted() ==
                    ["cabot-north", "jacksboro", "nash-stream", "pliny-kilkenny", "presidential-west"])
        }
    }
}
