import Foundation
import Testing
import TestSupport

/// Two builds of one region into one pack root (a Slurm requeue after a node failure can start
/// the second while the first runs) never race: the second waits for `regions/.<id>.lock`, or
/// gives up after `--lock-wait-s` with exit 75 naming the holder, leaving the region as it was.
@Suite(.serialized) struct RegionLockTests {
    let jacksboro = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path

    /// Takes the lock file at `path` as a build would (flock, holder line `host pid`).
    func hold(_ path: String, holder: String) -> Int32 {
        let fd = open(path, O_CREAT | O_RDWR, 0o644)
        #expect(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        _ = ftruncate(fd, 0)
        _ = holder.withCString { write(fd, $0, strlen($0)) }
        return fd
    }

    /// Starts `trailpack` with its output in files (no pipe to fill while it waits).
    func start(_ arguments: [String], log: URL) throws -> Process {
        let p = Process()
        p.executableURL = TestData.binary
        p.arguments = arguments
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        p.standardError = handle
        p.standardOutput = handle
        try p.run()
        return p
    }

    @Test func aBuildGivesUpOnAHeldRegionNamingTheHolderAndLeavesTheRegionAsItWas() throws {
        let root = TestData.scratchFolder("region-lock")
        #expect(try TestData.run(["build", jacksboro, "--out", root.path, "--quiet"]).status == 0)
        let region = root.appendingPathComponent("regions/jacksboro")
        let before = TestData.tree(root)
        let lock = root.appendingPathComponent("regions/.jacksboro.lock").path
        let fd = hold(lock, holder: "node7 4242\n")

        let started = Date()
        let r = try TestData.run(["build", jacksboro, "--out", root.path, "--lock-wait-s", "1"])
        #expect(Date().timeIntervalSince(started) >= 1)
        #expect(r.status == 75, "\(r.stderr)")
        #expect(r.stderr == """
            [jacksboro] waiting for \(lock), held by node7 pid 4242 (up to 1 s, --lock-wait-s)
            [jacksboro] error: \(lock): region jacksboro is locked by another build (node7 pid 4242); gave up after 1 s (--lock-wait-s) (transient: retry)

            """, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        // The region and catalog byte for byte; the held lock untouched.
        var after = TestData.tree(root)
        #expect(after.removeValue(forKey: "regions/.jacksboro.lock") == Data("node7 4242\n".utf8))
        #expect(after == before)
        #expect(TestData.tree(region).count >= 10)

        // A lock a running build holds is no problem for validate, even strict.
        let held = try TestData.run(["validate", root.path, "--strict"])
        #expect(held.status == 0, "\(held.stdout)")
        close(fd)
        // Released without removal, as a killed build leaves it: a leftover, named by --strict.
        let left = try TestData.run(["validate", root.path, "--strict"])
        #expect(left.status == 1)
        #expect(left.stdout.contains("region.stale-temp") && left.stdout.contains("regions/.jacksboro.lock")
                && left.stdout.contains("the lock file of build node7 pid 4242, which no build holds"), "\(left.stdout)")
        #expect(try TestData.run(["validate", root.path]).status == 0)
        // The next build takes it over and removes it.
        #expect(try TestData.run(["build", jacksboro, "--out", root.path, "--quiet"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("regions").path) == ["jacksboro"])
        #expect(TestData.tree(root) == before)
    }

    @Test func twoBuildsOfOneRegionAtOnceBothSucceedOneAfterTheOther() throws {
        let serial = TestData.scratchFolder("region-serial")
        #expect(try TestData.run(["build", jacksboro, "--out", serial.path, "--quiet"]).status == 0)

        // The test holds the lock while both start, so both must wait, then race for it.
        let root = TestData.scratchFolder("region-twice"), logs = TestData.scratchFolder("region-twice-logs")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("regions"), withIntermediateDirectories: true)
        let fd = hold(root.appendingPathComponent("regions/.jacksboro.lock").path, holder: "test \(getpid())\n")
        let runs = try (0..<2).map { k in
            try start(["build", jacksboro, "--out", root.path, "--log-format", "plain"], log: logs.appendingPathComponent("\(k).log"))
        }
        usleep(1_500_000)
        #expect(runs.allSatisfy { $0.isRunning })
        close(fd)
        for p in runs { p.waitUntilExit() }
        let texts = try (0..<2).map { try String(contentsOf: logs.appendingPathComponent("\($0).log"), encoding: .utf8) }
        for (p, text) in zip(runs, texts) {
            #expect(p.terminationStatus == 0, "\(text)")
            #expect(text.hasPrefix("[jacksboro] waiting for \(root.path)/regions/.jacksboro.lock, held by "), "\(text)")
            #expect(text.contains("[jacksboro] built: 1 route, "), "\(text)")
        }
        let a = TestData.tree(serial), b = TestData.tree(root)
        #expect(a.count >= 10)
        #expect(Set(a.keys) == Set(b.keys), "\(Set(a.keys).symmetricDifference(b.keys))")
        for (path, bytes) in a { #expect(b[path] == bytes, "\(path) differs") }
    }
}
