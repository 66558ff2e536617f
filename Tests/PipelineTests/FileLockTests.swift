import Foundation
import PackSpec
@testable import Pipeline
import Testing
import TestSupport

/// The lock between concurrent builds (`FileLock`: the catalog's and each region's): a holder
/// removes the lock file before releasing it, so a waiter that wins the lock on the removed
/// file must take it again on the new one; a waiter gives up after its wait, naming the holder.
@Suite struct FileLockTests {
    final class Waiter: @unchecked Sendable {
        private let lock = NSLock()
        private var held: FileLock?
        func set(_ v: FileLock) { lock.lock(); held = v; lock.unlock() }
        var acquired: FileLock? { lock.lock(); defer { lock.unlock() }; return held }
    }

    @Test func aWaiterNeverHoldsTheLockBesideALaterHolder() throws {
        let path = TestData.scratchFolder("lock").appendingPathComponent(".catalog.lock").path
        let first = try FileLock.acquire(path: path, what: "the catalog", waitS: 0)
        let waiter = Waiter()
        Thread.detachNewThread {
            if let l = try? FileLock.acquire(path: path, what: "the catalog", waitS: 30) { waiter.set(l) }
        }
        usleep(300_000)
        #expect(waiter.acquired == nil, "the waiter got the lock while it was held")
        // The holder's file is removed, then a third process takes the lock on a new file at once;
        // the waiter, polling, may take the new file first: either way there is one holder.
        unlink(path)
        let third = try? FileLock.acquire(path: path, what: "the catalog", waitS: 0)
        first.release()
        #expect(FileManager.default.fileExists(atPath: path), "releasing a removed lock removed the new holder's file")
        usleep(400_000)
        if let third {
            // The waiter may have won the old, removed file: it must have gone back to wait for the third.
            #expect(waiter.acquired == nil, "two holders at once")
            third.release()
        } else {
            #expect(waiter.acquired != nil, "the new file is locked, by neither the third nor the waiter")
        }
        for _ in 0..<100 where waiter.acquired == nil { usleep(20_000) }
        let last = try #require(waiter.acquired)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(RegionLockFile.holder(parsing: text)?.pid == getpid(), "\(text)")
        last.release()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aWaiterGivesUpAfterItsWaitNamingTheHolder() throws {
        let path = TestData.scratchFolder("lock-busy").appendingPathComponent(".alps.lock").path
        let holder = try FileLock.acquire(path: path, what: "region alps", waitS: 0)
        defer { holder.release() }
        let started = Date()
        var told: [String] = []
        do {
            _ = try FileLock.acquire(path: path, what: "region alps", waitS: 0.5) { told.append($0) }
            Issue.record("the lock was taken twice")
        } catch let e as BuildError {
            let waitedS = Date().timeIntervalSince(started)
            #expect(waitedS >= 0.5 && waitedS < 5, "\(waitedS)")
            #expect(e.failureKind == .transient)
            let named = "\(ProcessTag.host) pid \(getpid())"
            #expect(told == [named])
            #expect(e.description == "\(path): region alps is locked by another build (\(named)); gave up after 0.5 s (--lock-wait-s)")
        }
    }

    @Test func theRegionLockRemovesTheFoldersItMadeWhenReleased() throws {
        let root = TestData.scratchFolder("region-lock").appendingPathComponent("packs")
        let lock = try RegionLock(root: root, regionID: "alps", waitS: 0)
        let file = root.appendingPathComponent("regions/.alps.lock").path
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "\(ProcessTag.host) \(getpid())\n")
        #expect(throws: BuildError.self) { _ = try RegionLock(root: root, regionID: "alps", waitS: 0) }
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }
}
