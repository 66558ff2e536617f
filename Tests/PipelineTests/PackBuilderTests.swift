import Bindings
import Foundation
import PackJSON
@testable import Pipeline
import Testing
import TestSupport
import TrailpackCore

@Suite struct PackBuilderTests {
    /// The shared demo build passes the binary's `validate --strict` (every rule, warnings too).
    @Test func theDemoBuildPassesStrictValidation() throws {
        let failure = TestData.strictValidationFailure(try DemoPack.built.root)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func manifestBytesAndDigestsMatchTheFilesAndTheRegionHoldsNothingElse() throws {
        let region = try DemoPack.region
        let data = try Data(contentsOf: region.appendingPathComponent("manifest.json"))
        let m = try JSONParser.parse(data)
        var listed: Set<String> = ["manifest.json"]
        var described: [JSONNode] = try m.member("files").object().filter { $0.key != "mapAssets" }
        described += try m.member("files").member("mapAssets").array()
        for r in try m.member("routes").array() { described += [try r.member("file"), try r.member("arPatch")] }
        for f in described {
            let path = try f.member("path").string()
            listed.insert(path)
            let bytes = try Data(contentsOf: region.appendingPathComponent(path))
            #expect(try f.member("bytes").int() == bytes.count, "\(path)")
            #expect(try f.member("sha256").string() == SHA256.hex(of: bytes), "\(path)")
        }
        #expect(Set(TestData.tree(region).keys) == listed)
    }

    @Test func catalogEntryMatchesTheManifest() throws {
        let root = try DemoPack.built.root
        let catalog = try JSONParser.parse(try Data(contentsOf: root.appendingPathComponent("catalog.json")))
        let entries = try catalog.member("regions").array()
        #expect(entries.count == 1)
        let e = entries[0]
        let manifestData = try Data(contentsOf: DemoPack.region.appendingPathComponent("manifest.json"))
        let manifest = try JSONParser.parse(manifestData)
        #expect(try e.member("sha256").string() == SHA256.hex(of: manifestData))
        #expect(try e.member("bytes").int() == TestData.tree(DemoPack.region).values.reduce(0) { $0 + $1.count })
        #expect(try e.member("bbox").value == manifest.member("bbox").value)
        let routes = try e.member("routes").array()
        let manifestRoutes = try manifest.member("routes").array()
        #expect(routes.count == manifestRoutes.count && routes.count >= 3)
        for (a, b) in zip(routes, manifestRoutes) {
            #expect(try a.member("id").value == b.member("id").value)
            for key in ["distanceM", "ascentM", "descentM", "durationS"] {
                #expect(try a.member(key).value == b.member("stats").member(key).value)
            }
        }
    }

    @Test func routeFilesFollowTheSpec() throws {
        for route in try DemoPack.built.summary.routes {
            let doc = try JSONParser.parse(try Data(contentsOf: DemoPack.region.appendingPathComponent("routes/\(route.id).json")))
            let coords = try doc.member("coords").array().map { try $0.array().map { try $0.double() } }
            let cum = try doc.member("cum").array().map { try $0.double() }
            #expect(coords.count == cum.count && cum[0] == 0)
            #expect(zip(cum, cum.dropFirst()).allSatisfy { $0 < $1 })
            #expect(try doc.member("stats").member("distanceM").double() == cum.last)
            let patch = try TER1.decode([UInt8](try Data(contentsOf: DemoPack.region.appendingPathComponent("ar/\(route.id).bin"))))
            for (k, c) in coords.enumerated() {
                if k > 0 {
                    let step = Geodesic.distanceM(LonLat(coords[k - 1][0], coords[k - 1][1]), LonLat(c[0], c[1]))
                    #expect(step <= 12.0, "step \(k) is \(step) m")
                }
                let p = LonLat(c[0], c[1])
                let z = try #require(patch.elevationM(at: p))
                #expect(abs(z - c[2]) <= 0.5, "vertex \(k): ele \(c[2]) vs patch \(z)")
                // The patch covers every vertex with at least its 200 m margin.
                for edge in [LonLat(patch.bounds.west, p.lat), LonLat(patch.bounds.east, p.lat), LonLat(p.lon, patch.bounds.south), LonLat(p.lon, patch.bounds.north)] {
                    #expect(Geodesic.distanceM(p, edge) >= 200, "vertex \(k) within 200 m of the patch edge")
                }
            }
            let s = try doc.member("stats")
            let first = coords.first![2], last = coords.last![2]
            #expect(abs((try s.member("ascentM").double() - s.member("descentM").double()) - (last - first)) <= 1)
        }
    }
}

@Suite struct ARPatchBudgetTests {
    @Test func aPatchOverItsBudgetIsCoarsenedAndTheBuildSaysSo() throws {
        let text = try TestData.recipeText("jacksboro")
            .replacingOccurrences(of: "terrain: {", with: "ar: { budgetMiB: 0.2 },\n  terrain: {")
        let dir = TestData.scratchFolder("budget")
        let recipe = dir.appendingPathComponent("jacksboro.json5").path
        try text.write(toFile: recipe, atomically: true, encoding: .utf8)
        let summary = try TestData.build(recipePath: recipe, outRoot: dir.appendingPathComponent("out").path)
        let note = try #require(summary.diagnostics.first { $0.message.contains("coarsened") })
        #expect(note.level == .note && note.subject.contains("pine-mountain-crest") && note.message.contains("raise it to keep 10.0 m"))
        let patchFile = try #require(summary.files.first { $0.path == "ar/pine-mountain-crest.bin" })
        #expect(Double(patchFile.bytes) <= 0.2 * 1_048_576)
        let patch = try TER1.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: summary.regionFolder).appendingPathComponent(patchFile.path))))
        #expect(patch.resolutionM > 11)
    }
}
