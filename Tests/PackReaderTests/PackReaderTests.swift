import Foundation
import PackJSON
import PackReader
import Testing
import TestSupport

@Suite("PackReader: one model of a pack on disk")
struct PackReaderTests {
    func folder(_ files: [String: String]) throws -> URL {
        let dir = TestData.scratchFolder("packreader")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    @Test func aWrittenManifestReadsBackWithLocations() throws {
        let manifest: JSONValue = [
            "id": "demo", "name": "Demo", "bbox": [1, 2, 3, 4], "attribution": ["SRTM"],
            "files": ["terrain": ["path": "terrain.bin", "bytes": 1044, "sha256": "ab", "bounds": [1, 2, 3, 4], "width": 10, "height": 50,
                                  "filledVoids": ["cells": 3, "areaCount": 2, "largestBounds": [1.5, 2.5, 1.6, 2.6], "areas": [[1.5, 2.5, 1.6, 2.6], [2, 3, 2.1, 3.1]]]]],
            "routes": [["id": "a", "name": "A"], ["id": "b", "name": "B"]],
        ]
        let dir = try folder(["manifest.json": try JSONWriter().string(manifest)])
        let doc = try RegionFolder(url: dir).document("manifest.json")
        let view = ManifestView(doc.root)
        #expect(view.id == "demo")
        #expect(view.routeIds == ["a", "b"])
        #expect(view.bbox?.east == 3)
        #expect(view.file("terrain")?.width == 10)
        #expect(view.file("terrain")?.bytes == 1044)
        // The largest area is listed once (areas holds it first), as areaCount counts it.
        #expect(view.filledVoidAreas?.count == 2)
        #expect(view.filledVoidAreaCount == 2)
        #expect(view.filledVoidAreas?.last?.west == 2)
        let node = try #require(view.routes.last?.node["name"])
        #expect(node.path.description == "routes[1].name")
        #expect(node.position.line > 1)
        #expect(!doc.hasBOM)
    }

    @Test func missingValuesThrowWithTheirPlace() throws {
        let dir = try folder(["r.json": "{\n  \"id\": \"x\",\n  \"stats\": {\"distanceM\": \"far\"}\n}\n"])
        let doc = try RegionFolder(url: dir).document("r.json")
        #expect(throws: PackReadError.self) { try doc.root.requiredString("name", in: doc.path) }
        do {
            _ = try doc.root.required("stats", in: doc.path).requiredDouble("distanceM", in: doc.path)
            Issue.record("no error")
        } catch {
            guard case .malformed(_, let at, let line, _, _) = error else { Issue.record("\(error)"); return }
            #expect(at == "stats.distanceM")
            #expect(line == 3)
        }
    }

    @Test func integersMustBeWrittenAsIntegers() throws {
        let root = try JSONParser.parse("{\"i\": 175.0, \"j\": 175, \"k\": 1e2}")
        #expect(root["i"]?.intValue == nil)
        #expect(root["i"]?.doubleValue == 175)
        #expect(root["j"]?.intValue == 175)
        #expect(root["k"]?.intValue == nil)
        #expect(root["i"]?.numberText == "175.0")
    }

    @Test func symlinksOutOfTheFolderAndUnsafePathsAreNeverRead() throws {
        let dir = try folder(["a.json": "{}"])
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("out.json").path, withDestinationPath: "/etc/hostname")
        let region = RegionFolder(url: dir)
        #expect(region.bytes("a.json") == Array("{}".utf8))
        #expect(region.bytes("out.json") == nil)
        #expect(region.bytes("../a.json") == nil)
        #expect(throws: PackReadError.self) { try region.requireBytes("/etc/hostname") }
        #expect(PackDisk.pathProblem("routes/a.json") == nil)
        #expect(PackDisk.pathProblem("routes\\a.json") == .backslash)
        #expect(PackDisk.pathProblem("/a") == .absolute)
        #expect(PackDisk.pathProblem("a/../b") == .parent)
        #expect(PackDisk.pathProblem("./a") == .empty)
    }

    @Test func noSymlinkIsReadEvenOneThatStaysInside() throws {
        let dir = try folder(["a.json": "{}", "sub/b.json": "[]"])
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("in.json").path, withDestinationPath: "a.json")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("linked").path, withDestinationPath: "sub")
        let region = RegionFolder(url: dir)
        #expect(region.bytes("sub/b.json") == Array("[]".utf8))
        #expect(region.bytes("in.json") == nil)
        #expect(region.bytes("linked/b.json") == nil)
        #expect(PackDisk.firstSymlink(region: dir)?.path == dir.path + "/in.json")
        #expect(PackDisk.symlinkTarget(dir.appendingPathComponent("linked").path) == PackDisk.resolved(dir.path) + "/sub")
        #expect(PackDisk.symlinkTarget(dir.appendingPathComponent("a.json").path) == nil)
        #expect(PackDisk.readNoFollow(dir.appendingPathComponent("in.json").path) == nil)
        let pack = try folder(["catalog.json": "{}", "regions/r/manifest.json": "{}"])
        #expect(PackDisk.packRoot(containing: pack.appendingPathComponent("regions/r/not/yet").path) == PackDisk.resolved(pack.path))
        try FileManager.default.removeItem(at: pack.appendingPathComponent("catalog.json"))
        #expect(PackDisk.packRoot(containing: pack.appendingPathComponent("regions/r").path) == PackDisk.resolved(pack.path))
    }

    @Test func aByteOrderMarkIsSeen() throws {
        let dir = try folder(["m.json": "\u{FEFF}{}"])
        #expect(try RegionFolder(url: dir).document("m.json").hasBOM)
    }

    @Test func featuresReadLinesAndPoints() throws {
        let text = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}, "properties": {"ele": 500}},
          {"type": "Feature", "geometry": {"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]], [[5, 6], [7, 8, 9]]]}, "properties": {}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1.5, 2.5, 30]}, "properties": {"name": "P"}}
        ]}
        """
        let view = FeatureCollectionView(try JSONParser.parse(text))
        #expect(view.isFeatureCollection)
        #expect(view.features[0].lineParts?.first?.last?.lat == 4)
        #expect(view.features[1].lineParts?.count == 2)
        #expect(view.features[2].point?.lon == 1.5)
        #expect(view.features[2].lineParts == nil)
        #expect(view.features[0].properties?["ele"]?.doubleValue == 500)
    }
}
