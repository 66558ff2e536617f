import Foundation
import Pipeline
import Testing
import TestSupport

/// DEMs as authors really have them, through the built binary: feet, voids and NaN holes,
/// compressed and remote files, grids too large for memory, and leftovers of killed builds.
@Suite(.serialized) struct RasterInputTests {
    typealias F = RasterInputFixtures

    /// The Jacksboro demo recipe (with its route) reading `dem` (a JSON5 value).
    func jacksboroRecipe(dem: String, in folder: URL, name: String) throws -> String {
        let demo = try TestData.recipeText("jacksboro")
        let demLine = "dem: [\"\(TestData.url("").path)/jacksboro/jacksboro_fault_dem.tif\"]"
        precondition(demo.contains(demLine), "the demo recipe's dem line changed; this fixture no longer swaps it")
        return try F.recipe(demo.replacingOccurrences(of: demLine, with: "dem: \(dem)"), in: folder, name: name)
    }

    func routeElevations(_ root: URL) throws -> [Double] {
        let route = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("regions/jacksboro/routes/pine-mountain-crest.json"))) as? [String: Any]
        return (route?["coords"] as? [[Double]] ?? []).map { $0[2] }
    }

    // MARK: vertical units

    @Test func aFeetDEMGivesTheMetreBuildsElevationsWithinOneMetre() throws {
        let dir = TestData.scratchFolder("feet")
        // The real tile scaled to feet with GDAL, its band's unit set to "ft".
        let vrt = dir.appendingPathComponent("feet.vrt").path, feet = dir.appendingPathComponent("feet.tif").path
        try F.tool("gdal_translate", ["-q", "-of", "VRT", "-ot", "Float32", "-scale", "0", "1", "0", "3.280839895", F.jacksboroTIF, vrt])
        let xml = try String(contentsOfFile: vrt, encoding: .utf8)
        try xml.replacingOccurrences(of: "<UnitType>m</UnitType>", with: "")
            .replacingOccurrences(of: "<ColorInterp>", with: "<UnitType>ft</UnitType><ColorInterp>")
            .write(toFile: vrt, atomically: true, encoding: .utf8)
        try F.tool("gdal_translate", ["-q", vrt, feet])
        #expect(try F.tool("gdalinfo", [feet]).contains("Unit Type: ft"))

        let metreRoot = TestData.scratchFolder("feet-m"), feetRoot = TestData.scratchFolder("feet-ft")
        let m = try TestData.run(["build", try jacksboroRecipe(dem: "[\"\(F.jacksboroTIF)\"]", in: dir, name: "m.json5"), "--out", metreRoot.path, "--quiet"])
        let f = try TestData.run(["build", try jacksboroRecipe(dem: "[\"\(feet)\"]", in: dir, name: "ft.json5"), "--out", feetRoot.path])
        #expect(m.status == 0 && f.status == 0, "\(m.stderr)\(f.stderr)")
        #expect(f.stdout.contains("feet.tif") && f.stdout.contains("converted to metres"), "\(f.stdout)")
        #expect(TestData.strictValidationFailure(feetRoot) == nil)
        let em = try routeElevations(metreRoot), ef = try routeElevations(feetRoot)
        #expect(em.count > 400 && em.count == ef.count)
        let worstRoute = zip(em, ef).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worstRoute <= 1, "route elevations differ by up to \(worstRoute) m")
        let tm = try F.terrain(metreRoot.appendingPathComponent("regions/jacksboro/terrain.bin"))
        let tf = try F.terrain(feetRoot.appendingPathComponent("regions/jacksboro/terrain.bin"))
        #expect(tm.count == tf.count && tm.count > 50_000)
        #expect(zip(tm, tf).allSatisfy { abs(Int($0) - Int($1)) <= 1 })

        // The same feet without a unit in the file: the recipe's verticalUnit says it.
        let bare = dir.appendingPathComponent("bare.tif").path
        try F.tool("gdal_translate", ["-q", "-ot", "Float32", "-scale", "0", "1", "0", "3.280839895", F.jacksboroTIF, bare])
        let keyRoot = TestData.scratchFolder("feet-key")
        let k = try TestData.run(["build", try jacksboroRecipe(dem: "[{ file: \"\(bare)\", verticalUnit: \"ft\" }]", in: dir, name: "key.json5"),
                                  "--out", keyRoot.path, "--quiet"])
        #expect(k.status == 0, "\(k.stderr)")
        #expect(zip(em, try routeElevations(keyRoot)).allSatisfy { abs($0 - $1) <= 1 })
    }

    @Test func implausibleElevationsAndUnknownUnitsStopTheBuildNamingTheFile() throws {
        let dir = TestData.scratchFolder("units")
        let good = try F.recipe(F.region(dem: "[\"\(F.jacksboroTIF)\"]"), in: dir, name: "good.json5")
        // Centimetres read as metres: 23600..107600 m.
        let cm = dir.appendingPathComponent("centimetres.tif").path
        try F.tool("gdal_translate", ["-q", "-ot", "Float32", "-scale", "0", "1", "0", "100", F.jacksboroTIF, cm])
        let r = try F.failureKeepsPrevious(good: good, bad: try F.recipe(F.region(dem: "[\"\(cm)\"]"), in: dir, name: "cm.json5"))
        #expect(r.stderr.contains("centimetres.tif") && r.stderr.contains("outside -500...9000 m") && r.stderr.contains("verticalUnit"), "\(r.stderr)")

        let vrt = dir.appendingPathComponent("furlong.vrt").path
        try F.tool("gdal_translate", ["-q", "-of", "VRT", F.jacksboroTIF, vrt])
        try String(contentsOfFile: vrt, encoding: .utf8).replacingOccurrences(of: "<UnitType>m</UnitType>", with: "")
            .replacingOccurrences(of: "<ColorInterp>", with: "<UnitType>furlong</UnitType><ColorInterp>")
            .write(toFile: vrt, atomically: true, encoding: .utf8)
        let u = try F.failureKeepsPrevious(good: good, bad: try F.recipe(F.region(dem: "[\"\(vrt)\"]"), in: dir, name: "fur.json5"))
        #expect(u.stderr.contains("furlong.vrt: band 1") && u.stderr.contains("\"furlong\"") && u.stderr.contains("verticalUnit"), "\(u.stderr)")
    }

    // MARK: voids

    /// The Jacksboro tile as Int16 GeoTIFF with nodata -32768 (or Float32 with NaN holes, no
    /// nodata), with `boxes` burnt out.
    func voidedDEM(_ dir: URL, _ name: String, boxes: [[Double]], nan: Bool = false) throws -> String {
        let out = dir.appendingPathComponent(name).path
        try F.tool("gdal_translate", ["-q"] + (nan ? ["-ot", "Float32"] : ["-a_nodata", "-32768"]) + [F.jacksboroTIF, out])
        try F.burn(out, value: nan ? "nan" : "-32768", boxes: boxes, scratch: dir)
        return out
    }

    /// 11 squares of about 0.7 x 0.9 km: 2% of the region, each bridged by interpolation.
    let smallVoids: [[Double]] = (0..<11).map { k in
        let w = -84.28 + Double(k % 4) * 0.05, s = 36.27 + Double(k / 4) * 0.05
        return [w, s, w + 0.008, s + 0.008]
    }

    @Test func aFortyPercentVoidDEMIsRefusedNamingTheAreas() throws {
        let dir = TestData.scratchFolder("void40")
        let good = try F.recipe(F.region(dem: "[\"\(F.jacksboroTIF)\"]"), in: dir, name: "good.json5")
        let holed = try voidedDEM(dir, "border.tif", boxes: [[-84.31, 36.24, -84.22, 36.44]])
        let r = try F.failureKeepsPrevious(good: good, bad: try F.recipe(F.region(dem: "[\"\(holed)\"]"), in: dir, name: "bad.json5"))
        #expect(r.stderr.contains("border.tif") && r.stderr.contains("% of the region grid is void") && r.stderr.contains("maxFilledPercent"), "\(r.stderr)")
        #expect(r.stderr.contains("1 area: [-84.300000, 36.250000, -84.22") && r.stderr.contains("second DEM source") && r.stderr.contains("smaller bbox"), "\(r.stderr)")
        let percent = try #require(r.stderr.range(of: #"\d+\.\d% of"#, options: .regularExpression).map { Double(r.stderr[$0].dropLast(4))! })
        #expect((39...42).contains(percent), "\(percent)")

        // A mosaic takes the voids from the next source first: nothing is filled.
        let root = TestData.scratchFolder("void40-mosaic")
        let m = try TestData.run(["build", try F.recipe(F.region(dem: "[\"\(holed)\", \"\(F.jacksboroTIF)\"]"), in: dir, name: "mosaic.json5"),
                                  "--out", root.path, "--quiet"])
        #expect(m.status == 0, "\(m.stderr)")
        #expect(TestData.strictValidationFailure(root) == nil)
        let terrain = (try F.manifest(root, "inputs")["files"] as? [String: Any])?["terrain"] as? [String: Any]
        #expect(terrain?["filledVoids"] == nil)
    }

    @Test(arguments: [false, true])
    func aTwoPercentVoidDEMBuildsWithAWarning(nanHoles: Bool) throws {
        let dir = TestData.scratchFolder("void2")
        let holed = try voidedDEM(dir, nanHoles ? "nan.tif" : "voids.tif", boxes: smallVoids, nan: nanHoles)
        let root = TestData.scratchFolder("void2-out")
        let r = try TestData.run(["build", try F.recipe(F.region(dem: "[\"\(holed)\"]"), in: dir), "--out", root.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("warning: terrain: filled") && r.stdout.contains("over 1%"), "\(r.stdout)")
        let terrain = (try F.manifest(root, "inputs")["files"] as? [String: Any])?["terrain"] as? [String: Any]
        let voids = try #require(terrain?["filledVoids"] as? [String: Any])
        #expect(voids["areaCount"] as? Int == 11)
        let cells = try #require(voids["cells"] as? Int), w = try #require(terrain?["width"] as? Int), h = try #require(terrain?["height"] as? Int)
        let percent = 100 * Double(cells) / Double(w * h)
        #expect((1.5...2.6).contains(percent), "\(percent)%")
        // Filled cells are interpolated from the surrounding relief, no sentinel or NaN left.
        let grid = try F.terrain(root.appendingPathComponent("regions/inputs/terrain.bin"))
        #expect(grid.allSatisfy { (200...1100).contains($0) })
    }

    @Test func voidsFartherThanTheFillDistanceAndRoutesOverFilledTerrainAreRefused() throws {
        let dir = TestData.scratchFolder("void-far")
        let good = try F.recipe(F.region(dem: "[\"\(F.jacksboroTIF)\"]"), in: dir, name: "good.json5")
        let holed = try voidedDEM(dir, "wide.tif", boxes: [[-84.25, 36.30, -84.225, 36.325]])
        let far = try F.recipe(F.region(dem: "[\"\(holed)\"]", extra: "terrain: { voids: { maxFillDistanceM: 600 } }"), in: dir, name: "far.json5")
        let r = try F.failureKeepsPrevious(good: good, bad: far)
        #expect(r.stderr.contains("wide.tif") && r.stderr.contains("farther than 600 m from valid data") && r.stderr.contains("maxFillDistanceM"), "\(r.stderr)")
        // The same void is bridged with the default distance (1500 m).
        let ok = try TestData.run(["build", try F.recipe(F.region(dem: "[\"\(holed)\"]"), in: dir, name: "near.json5"),
                                   "--out", TestData.scratchFolder("void-near").path, "--quiet"])
        #expect(ok.status == 0, "\(ok.stderr)")

        // A void across the drawn ridge route: about 1 km of the route would be invented.
        let ridge = try voidedDEM(dir, "ridge.tif", boxes: [[-84.175, 36.34, -84.165, 36.40]])
        let goodRoute = try jacksboroRecipe(dem: "[\"\(F.jacksboroTIF)\"]", in: dir, name: "good-route.json5")
        let badRoute = try jacksboroRecipe(dem: "[\"\(ridge)\"]", in: dir, name: "bad-route.json5")
        let rr = try F.failureKeepsPrevious(good: goodRoute, bad: badRoute)
        #expect(rr.stderr.contains("bad-route.json5:") && rr.stderr.contains("route \"pine-mountain-crest\"") && rr.stderr.contains("m of filled DEM voids")
                && rr.stderr.contains("maxRouteFilledM"), "\(rr.stderr)")
    }

    @Test func theRealKauaiTileBuildsWithAWarningAndRefusesARouteAcrossItsSummitVoid() throws {
        let dir = TestData.scratchFolder("kauai-e2e")
        let zip = TestData.path("kauai-voids/N22W160v2.3a.hgt.zip")
        let region = F.region(id: "kauai", bbox: "[-159.80, 22.0, -159.28, 22.24]", dem: "[\"\(zip)\"]", extra: "terrain: { resolutionM: 90 },")
        let root = TestData.scratchFolder("kauai-e2e-out")
        let r = try TestData.run(["build", try F.recipe(region, in: dir, name: "kauai.json5"), "--out", root.path])
        #expect(r.status == 0, "\(r.stderr)")
        // 4,185 of 178,000 grid cells (2.35%) are the tile's voids, all within 1500 m of data.
        #expect(r.stdout.contains("warning: terrain: filled") && r.stdout.contains("(2.3"), "\(r.stdout)")
        // The build warned of the filled share, so validate does too: valid, not strict.
        #expect(TestData.strictValidationFailure(root, strict: false) == nil)
        let track = dir.appendingPathComponent("across.geojson")
        let line = stride(from: -159.62, through: -159.42, by: 0.002).map { "[\($0), 22.07]" }.joined(separator: ", ")
        try "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"name\":\"Across\"},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[\(line)]}}]}"
            .write(to: track, atomically: true, encoding: .utf8)
        let withRoute = region.replacingOccurrences(of: "resolutionM: 90 },", with: "resolutionM: 90 }, ar: { resolutionM: 30 }, routes: [{ id: \"across\", name: \"Across\", track: \"\(track.path)\" }],")
        let rr = try F.failureKeepsPrevious(good: try F.recipe(region, in: dir, name: "kauai.json5"), bad: try F.recipe(withRoute, in: dir, name: "across.json5"))
        #expect(rr.stderr.contains("route \"across\"") && rr.stderr.contains("m of filled DEM voids"), "\(rr.stderr)")
    }

    // MARK: compressed and remote inputs, nothing written beside them

    @Test func gzipAndTarInputsOpenWithoutPrefixesAndTheInputFolderIsUnchanged() throws {
        let data = TestData.scratchFolder("compressed")
        try FileManager.default.copyItem(atPath: F.whiteMountainsHGT, toPath: data.appendingPathComponent("N44W072.hgt").path)
        try F.tool("gzip", ["-k", "N44W072.hgt"], cwd: data)
        try "Tile from srtm.py's test files.\n".write(to: data.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        try F.tool("tar", ["-cf", "tile.tar", "N44W072.hgt", "README.txt"], cwd: data)
        try F.tool("tar", ["-czf", "tile.tar.gz", "README.txt", "N44W072.hgt"], cwd: data)
        let bbox = "[-71.50, 44.40, -71.40, 44.48]"
        let recipes = TestData.scratchFolder("compressed-recipes")
        var terrains: [String: Data] = [:]
        let before = TestData.tree(data)
        for (k, name) in ["N44W072.hgt", "N44W072.hgt.gz", "tile.tar", "tile.tar.gz"].enumerated() {
            // Read-only for the last two builds: the build must not need to write there either.
            if k == 2 { try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: data.path) }
            let root = TestData.scratchFolder("compressed-out")
            let recipe = try F.recipe(F.region(id: "wm", bbox: bbox, dem: "[\"\(data.appendingPathComponent(name).path)\"]"), in: recipes, name: "\(k).json5")
            let dep = root.appendingPathComponent("wm.d").path
            let r = try TestData.run(["build", recipe, "--out", root.path, "--quiet", "--depfile", dep])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            terrains[name] = FileManager.default.contents(atPath: root.appendingPathComponent("regions/wm/terrain.bin").path)
            #expect(try String(contentsOfFile: dep, encoding: .utf8).contains(data.appendingPathComponent(name).path))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path)
        #expect(TestData.tree(data) == before, "files appeared or changed beside the inputs")
        #expect(Set(terrains.values).count == 1 && terrains.count == 4 && (terrains.values.first?.count ?? 0) > 10_000)
    }

    @Test func anArchiveOfSeveralTilesOrAMissingURLStopsTheBuildNamingThem() throws {
        let data = TestData.scratchFolder("two-tiles")
        try FileManager.default.copyItem(atPath: F.whiteMountainsHGT, toPath: data.appendingPathComponent("N44W072.hgt").path)
        try FileManager.default.copyItem(atPath: F.jacksboroTIF, toPath: data.appendingPathComponent("jacksboro.tif").path)
        try "notes\n".write(to: data.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        try F.tool("tar", ["-cf", "tiles.tar", "README.txt", "N44W072.hgt", "jacksboro.tif"], cwd: data)
        let tar = data.appendingPathComponent("tiles.tar").path
        let bbox = "[-71.50, 44.40, -71.40, 44.48]"
        let good = try F.recipe(F.region(id: "wm", bbox: bbox, dem: "[\"\(F.whiteMountainsHGT)\"]"), in: data, name: "good.json5")
        let r = try F.failureKeepsPrevious(good: good, bad: try F.recipe(F.region(id: "wm", bbox: bbox, dem: "[\"tiles.tar\"]"), in: data, name: "tar.json5"))
        #expect(r.stderr.contains(tar) && r.stderr.contains("holds 2 rasters (N44W072.hgt, jacksboro.tif)") && r.stderr.contains("name one"), "\(r.stderr)")
        // Named as archive/member, without a prefix, the tile builds.
        let named = try TestData.run(["build", try F.recipe(F.region(id: "wm", bbox: bbox, dem: "[\"tiles.tar/N44W072.hgt\"]"), in: data, name: "named.json5"),
                                      "--out", TestData.scratchFolder("two-tiles-out").path, "--quiet"])
        #expect(named.status == 0, "\(named.stderr)")

        let server = try RangeServer(serving: data)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/missing.tif"
        let env = ["NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1", "http_proxy": "", "HTTP_PROXY": ""]
        let root = TestData.scratchFolder("missing-url")
        #expect(try TestData.run(["build", good, "--out", root.path, "--quiet"]).status == 0)
        let before = TestData.tree(root)
        let m = try TestData.run(["build", try F.recipe(F.region(id: "wm", bbox: bbox, dem: "[\"\(url)\"]"), in: data, name: "url.json5"),
                                  "--out", root.path, "--quiet"], environment: env)
        #expect(m.status == 1 && m.stderr.contains("/vsicurl/\(url)") && m.stderr.contains("opening raster"), "\(m.stderr)")
        #expect(TestData.tree(root) == before)
    }

    @Test func aCloudOptimizedGeoTIFFOverHTTPGivesTheSameTerrainAsTheLocalTile() throws {
        let served = TestData.scratchFolder("cog")
        try F.tool("gdal_translate", ["-q", "-of", "COG", F.whiteMountainsHGT, served.appendingPathComponent("N44W072.tif").path])
        let server = try RangeServer(serving: served)
        defer { server.stop() }
        let bbox = "[-71.50, 44.40, -71.40, 44.48]"
        let dir = TestData.scratchFolder("cog-recipes")
        let url = "http://127.0.0.1:\(server.port)/N44W072.tif"
        let env = ["NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1", "http_proxy": "", "HTTP_PROXY": ""]
        let remoteRoot = TestData.scratchFolder("cog-remote"), localRoot = TestData.scratchFolder("cog-local")
        let dep = remoteRoot.appendingPathComponent("wm.d").path
        let r = try TestData.run(["build", try F.recipe(F.region(id: "wm", bbox: bbox, dem: "[\"\(url)\"]"), in: dir, name: "remote.json5"),
                                  "--out", remoteRoot.path, "--quiet", "--depfile", dep], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests.contains { $0.contains("Range: bytes=") }, "\(server.requests)")
        // Only the header and the blocks of the region: no probing for 40 possible side files.
        #expect(server.requests.count < 10 && !server.requests.contains { !$0.contains(" /N44W072.tif ") }, "\(server.requests)")
        #expect(!(try String(contentsOfFile: dep, encoding: .utf8)).contains("127.0.0.1"))
        let l = try TestData.run(["build", try F.recipe(F.region(id: "wm", bbox: bbox, dem: "[\"\(F.whiteMountainsHGT)\"]"), in: dir, name: "local.json5"),
                                  "--out", localRoot.path, "--quiet"])
        #expect(l.status == 0, "\(l.stderr)")
        let remote = FileManager.default.contents(atPath: remoteRoot.appendingPathComponent("regions/wm/terrain.bin").path)
        #expect(remote != nil && remote == FileManager.default.contents(atPath: localRoot.appendingPathComponent("regions/wm/terrain.bin").path))
    }

    // MARK: limits before allocation

    @Test func aOneMetreGridOverATileExitsOneWithinSeconds() throws {
        let dir = TestData.scratchFolder("limits")
        let good = try F.recipe(F.region(id: "tile", bbox: "[-71.5, 44.4, -71.4, 44.5]", dem: "[\"\(F.whiteMountainsHGT)\"]"), in: dir, name: "good.json5")
        let bad = try F.recipe(F.region(id: "tile", bbox: "[-71.99, 44.01, -71.01, 44.99]", dem: "[\"\(F.whiteMountainsHGT)\"]",
                                        extra: "terrain: { resolutionM: 1 },"), in: dir, name: "onemetre.json5")
        let start = Date()
        let r = try F.failureKeepsPrevious(good: good, bad: bad)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(r.stderr.contains("the region grid of ") && r.stderr.contains(" cells (") && r.stderr.contains("GiB")
                && r.stderr.contains("terrain.memoryLimitMiB") && r.stderr.contains("terrain.resolutionM"), "\(r.stderr)")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("backtrace"))
        // The CLI limit applies to AR patches too: the Jacksboro region grid (85,000 cells) fits
        // in 2 MiB over the process's overhead, its route's 10 m AR patch does not.
        let demo = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        let tightMiB = MemoryLimit.processOverheadBytes / 1_048_576 + 2
        let tight = try TestData.run(["build", demo, "--out", TestData.scratchFolder("limits-out").path, "--quiet", "--memory-limit-mib", "\(tightMiB)"])
        #expect(tight.status == 1 && tight.stderr.contains("route \"pine-mountain-crest\": its AR patch of") && tight.stderr.contains("--memory-limit-mib")
                && tight.stderr.contains("ar.resolutionM"), "\(tight.stderr)")
    }

    // MARK: stale temporaries

    @Test func aSIGKILLedBuildsLeftoverIsGoneAfterTheNextBuild() throws {
        let root = TestData.scratchFolder("sigkill")
        // The White Mountains demo: its write stage is long enough to be caught in the act.
        let demo = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path
        #expect(try TestData.run(["build", demo, "--out", root.path, "--quiet"]).status == 0)
        let before = TestData.tree(root)
        let regions = root.appendingPathComponent("regions")
        // A live process's staging folder (this test's own pid) must survive.
        let live = regions.appendingPathComponent(".pliny-kilkenny.tmp-\(getpid())")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: false)
        let p = Process()
        p.executableURL = TestData.binary
        p.arguments = ["build", demo, "--out", root.path, "--quiet"]
        p.standardError = Pipe()
        try p.run()
        // The staging folder is `.<id>.tmp-<host>-<pid>`.
        func stagingName() -> String? {
            ((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [])
                .first { $0.hasPrefix(".pliny-kilkenny.tmp-") && $0.hasSuffix("-\(p.processIdentifier)") }
        }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, stagingName() == nil { usleep(2000) }
        let staging = stagingName() ?? ".pliny-kilkenny.tmp-?-\(p.processIdentifier)"
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        #expect(FileManager.default.fileExists(atPath: regions.appendingPathComponent(staging).path), "the killed build left nothing to clean")
        let next = try TestData.run(["build", demo, "--out", root.path, "--quiet"])
        #expect(next.status == 0, "\(next.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: regions.path).sorted()
        #expect(names == [live.lastPathComponent, "pliny-kilkenny"], "\(names)")
        try FileManager.default.removeItem(at: live)
        #expect(TestData.tree(root) == before)
    }
}
