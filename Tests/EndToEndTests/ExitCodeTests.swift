import Foundation
import Testing
import TestSupport

/// The exit statuses a batch engine acts on: 0 success, 1 fix the input, 2 fix the command
/// line, 75 (EX_TEMPFAIL) a transient failure worth a retry, from the built binary.
@Suite(.serialized) struct ExitCodeTests {
    /// A recipe of the White Mountains tile's south-west corner reading `dem`.
    func recipe(dem: String, name: String = "remote.json5") throws -> String {
        let dir = TestData.scratchFolder("exit-recipe")
        let text = "{ id: \"remote\", name: \"x\", attribution: [\"a\"], bbox: [-71.5, 44.4, -71.4, 44.5], dem: [\"\(dem)\"] }"
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A TCP port on 127.0.0.1 that was just opened and closed again: nothing listens on it.
    func closedPort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p -> Int32 in
                _ = bind(fd, p, len)
                return getsockname(fd, p, &len)
            }
        }
        return UInt16(bigEndian: addr.sin_port)
    }

    @Test func aRemoteDEMThatCannotBeReachedExitsSeventyFive() throws {
        let port = closedPort()
        #expect(port > 0)
        let out = TestData.scratchFolder("exit-remote").appendingPathComponent("packs")
        let r = try TestData.run(["build", try recipe(dem: "/vsicurl/http://127.0.0.1:\(port)/x.tif"), "--out", out.path],
                                 environment: ["GDAL_HTTP_TIMEOUT": "2", "GDAL_HTTP_MAX_RETRY": "0"])
        #expect(r.status == 75, "\(r.stderr)")
        let line = r.stderr.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("[remote] error: /vsicurl/http://127.0.0.1:\(port)/x.tif: opening raster failed: "), "\(line)")
        #expect(line.hasSuffix(" (transient: retry)"), "\(line)")
        #expect(!line.contains("\n"), "one line: \(line)")
        // Nothing written, not even the lock's folders.
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aRemoteDEMTheServerDoesNotHaveExitsOne() throws {
        // A 404 is a wrong URL, not a hiccup: fix the recipe.
        let server = try RangeServer(serving: TestData.scratchFolder("exit-404"))
        defer { server.stop() }
        let r = try TestData.run(["build", try recipe(dem: "/vsicurl/http://127.0.0.1:\(server.port)/missing.tif"),
                                  "--out", TestData.scratchFolder("exit-404-out").path],
                                 environment: ["GDAL_HTTP_TIMEOUT": "2", "GDAL_HTTP_MAX_RETRY": "0"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("404") && !r.stderr.contains("transient"), "\(r.stderr)")
    }

    @Test func aRemoteDEMFailingMidReadExitsSeventyFive() throws {
        // The bucket serves the GeoTIFF's header, then fails every read: the open succeeds and
        // the warp's reads (on GDAL's worker threads) come up short.
        let served = TestData.scratchFolder("exit-midread")
        try FileManager.default.copyItem(atPath: TestData.path("jacksboro/jacksboro_fault_dem.tif"), toPath: served.appendingPathComponent("d.tif").path)
        let server = try RangeServer(serving: served)
        defer { server.stop() }
        server.failGETs(after: 1)
        let demo = try TestData.recipeText("jacksboro")
        let demLine = "dem: [\"\(TestData.url("").path)/jacksboro/jacksboro_fault_dem.tif\"]"
        #expect(demo.contains(demLine), "the demo recipe changed")
        let remote = "/vsicurl/http://127.0.0.1:\(server.port)/d.tif"
        let path = TestData.scratchFolder("exit-midread-recipe").appendingPathComponent("jacksboro.json5").path
        try demo.replacingOccurrences(of: demLine, with: "dem: [\"\(remote)\"]").write(toFile: path, atomically: true, encoding: .utf8)
        let r = try TestData.run(["build", path, "--out", TestData.scratchFolder("exit-midread-out").path], environment: ["GDAL_HTTP_MAX_RETRY": "0"])
        #expect(r.status == 75, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("[jacksboro] error: \(remote): ") && r.stderr.contains("IReadBlock failed")
                && r.stderr.hasSuffix(" (transient: retry)\n"), "\(r.stderr)")
        #expect(server.requests.contains { $0.hasPrefix("GET /d.tif") && !$0.contains("bytes=0-") }, "\(server.requests)")
    }

    @Test func aBadRecipeExitsOneAndBadUsageTwo() throws {
        let bad = try recipe(dem: "x.tif", name: "broken.json5")
        try "{ id: \"e\",\n  name: \"x\" \"y\" }".write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try TestData.run(["build", bad, "--out", TestData.scratchFolder("exit-bad").path])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("[broken] error: \(bad):2: syntax error"), "\(r.stderr)")
        #expect(!r.stderr.contains("transient"))
        let missing = try TestData.run(["build", try recipe(dem: "/nonexistent/dem.tif"), "--out", TestData.scratchFolder("exit-missing").path])
        #expect(missing.status == 1 && missing.stderr.contains("no such file"), "\(missing.stderr)")
        for usage in [["build", bad], ["build", bad, "--out", "x", "--lock-wait-s", "-1"], ["build", bad, "--out", "x", "--log-format", "json"],
                      ["catalog"], ["validate"]] {
            let u = try TestData.run(usage)
            #expect(u.status == 2, "\(usage): \(u.stderr)")
        }
    }

    @Test func validateKeepsOneForAFailingPack() throws {
        let r = try TestData.run(["validate", TestData.scratchFolder("exit-validate").path])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    }

    @Test func aCatalogLockHeldTooLongExitsSeventyFiveNamingItsHolder() throws {
        let root = TestData.scratchFolder("exit-catalog")
        // A pack root with no region yet: catalog refuses a folder without regions/.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("regions"), withIntermediateDirectories: true)
        let lock = root.appendingPathComponent(".catalog.lock").path
        let fd = open(lock, O_CREAT | O_RDWR, 0o644)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        _ = "node7 4242\n".withCString { write(fd, $0, strlen($0)) }
        let started = Date()
        let r = try TestData.run(["catalog", root.path, "--lock-wait-s", "0.5"])
        #expect(Date().timeIntervalSince(started) >= 0.5)
        #expect(r.status == 75, "\(r.stderr)")
        #expect(r.stderr.contains("[catalog] waiting for \(lock), held by node7 pid 4242 (up to 0.5 s, --lock-wait-s)"), "\(r.stderr)")
        #expect(r.stderr.contains("[catalog] error: \(lock): the catalog is locked by another build (node7 pid 4242); gave up after 0.5 s (--lock-wait-s) (transient: retry)"),
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("catalog.json").path))
    }

    /// A pack root on a 64 KiB tmpfs: the first file over the limit fails with ENOSPC, exit 75.
    /// Mounting needs root (CAP_SYS_ADMIN); where it is refused, the errno classification is
    /// covered by FailureKindTests alone.
    @Test func aFullDiskExitsSeventyFive() throws {
        let mountPoint = TestData.scratchFolder("exit-full")
        let mount = try TestData.runProcess(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path])
        guard mount.0 == 0 else { return }
        defer { _ = try? TestData.runProcess(URL(fileURLWithPath: "/bin/umount"), [mountPoint.path]) }
        let recipe = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        let r = try TestData.run(["build", recipe, "--out", mountPoint.appendingPathComponent("packs").path])
        #expect(r.status == 75, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("[jacksboro] error: ") && r.stderr.contains("No space left on device (transient: retry)"), "\(r.stderr)")
        // The failed build took its staging folder, its lock file and the folders made for them with it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint.path) == [])
    }
}
