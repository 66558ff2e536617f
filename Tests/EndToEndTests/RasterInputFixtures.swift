import Foundation
import Testing
import TestSupport

/// Inputs as authors have them, made from the repository's real tiles with GDAL's own tools
/// (gdal-bin, installed by scripts/install-deps.sh and CI), gzip and tar.
enum RasterInputFixtures {
    static let jacksboroTIF = TestData.path("jacksboro/jacksboro_fault_dem.tif")
    static let whiteMountainsHGT = TestData.path("white-mountains/N44W072.hgt")
    /// A region inside the Jacksboro DEM, about 18 x 20 km (600 x 670 cells at 30 m).
    static let jacksboroBBox = "[-84.30, 36.25, -84.10, 36.43]"

    /// Runs a command-line tool found on PATH; fails the test when it exits non-zero.
    @discardableResult
    static func tool(_ name: String, _ args: [String], cwd: URL? = nil) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [name] + args
        if let cwd { p.currentDirectoryURL = cwd }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(name) \(args): \(String(decoding: e, as: UTF8.self))")
        return String(decoding: o, as: UTF8.self)
    }

    /// Writes a recipe; `DEM` in `text` may be given as a JSON5 value (string or list).
    static func recipe(_ text: String, in folder: URL, name: String = "r.json5") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A region recipe over `bbox` with DEM value `dem` (JSON5) and extra members.
    static func region(id: String = "inputs", bbox: String = jacksboroBBox, dem: String, extra: String = "") -> String {
        "{ id: \"\(id)\", name: \"Inputs\", attribution: [\"SRTM (public domain)\"], bbox: \(bbox), dem: \(dem), \(extra) }"
    }

    /// Burns `value` into `raster` (in place) over lon/lat boxes `[w, s, e, n]`.
    static func burn(_ raster: String, value: String, boxes: [[Double]], scratch: URL) throws {
        let features = boxes.map { b in
            "{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[\(b[0]),\(b[1])],[\(b[2]),\(b[1])],[\(b[2]),\(b[3])],[\(b[0]),\(b[3])],[\(b[0]),\(b[1])]]]}}"
        }
        let geojson = scratch.appendingPathComponent("burn-\(UUID().uuidString).geojson")
        try "{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}".write(to: geojson, atomically: true, encoding: .utf8)
        try tool("gdal_rasterize", ["-q", "-burn", value, geojson.path, raster])
    }

    /// Builds `good` into a fresh root, then runs `bad` (same region id) into it: returns the
    /// failed run after checking it exited 1 and left the previous pack byte-identical with
    /// no leftovers.
    static func failureKeepsPrevious(good: String, bad: String, extraArgs: [String] = []) throws -> TestData.Run {
        let root = TestData.scratchFolder("inputs-root")
        let first = try TestData.run(["build", good, "--out", root.path, "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = TestData.tree(root)
        #expect(before.count > 5)
        let r = try TestData.run(["build", bad, "--out", root.path, "--quiet"] + extraArgs)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(TestData.tree(root) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("regions").path)
        #expect(names.count == 1 && !names[0].hasPrefix("."), "\(names)")
        return r
    }

    /// The manifest of region `id` under `root`.
    static func manifest(_ root: URL, _ id: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("regions/\(id)/manifest.json"))) as? [String: Any] ?? [:]
    }

    /// Elevations of a TER1 file (little-endian int16 after the 44-byte header).
    static func terrain(_ url: URL) throws -> [Int16] {
        let data = try Data(contentsOf: url)
        return stride(from: 44, to: data.count, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
    }
}
