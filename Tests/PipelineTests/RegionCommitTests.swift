import Foundation
import Pipeline
import TestSupport
import Testing

/// A region's commit swaps the new folder with the previous one atomically: a reader looking
/// at `regions/<id>` never finds it missing, and after each commit it holds the new bytes while
/// the previous ones wait aside until `finish()`.
@Suite struct RegionCommitTests {
    /// Commits `rounds` versions of one region while another thread checks, as fast as it can,
    /// that `regions/<id>/manifest.json` is there; returns how often it was not.
    static func missesDuringCommits(rounds: Int, root: URL) throws -> Int {
        let manifest = root.appendingPathComponent("regions/swap/manifest.json").path
        let done = Atomic(false), misses = Atomic(0)
        let watcher = Thread {
            while !done.load() { if access(manifest, F_OK) != 0 { misses.add(1) } }
        }
        watcher.start()
        defer { done.store(true) }
        for k in 1...rounds {
            let writer = try RegionWriter(root: root, regionID: "swap")
            _ = try writer.write("manifest.json", bytes: Array("{\"round\":\(k)}".utf8))
            try writer.commit()
            #expect(try String(contentsOfFile: manifest, encoding: .utf8) == "{\"round\":\(k)}")
            writer.finish()
        }
        done.store(true)
        while !watcher.isFinished { usleep(1000) }
        return misses.load()
    }

    @Test func theRegionIsNeverMissingWhileANewOneIsCommitted() throws {
        let root = TestData.scratchFolder("region-swap")
        let first = try RegionWriter(root: root, regionID: "swap")
        _ = try first.write("manifest.json", bytes: Array("{\"round\":0}".utf8))
        try first.commit()
        first.finish()
        #expect(try Self.missesDuringCommits(rounds: 300, root: root) == 0)
        // Nothing left beside the region: no staging folder, nothing moved aside.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("regions").path) == ["swap"])
    }
}

/// A lock-protected value for the watcher thread.
final class Atomic<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func load() -> Value { lock.withLock { value } }
    func store(_ v: Value) { lock.withLock { value = v } }
}

extension Atomic where Value == Int {
    func add(_ n: Int) { lock.withLock { value += n } }
}
