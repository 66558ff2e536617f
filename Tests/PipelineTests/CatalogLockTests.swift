import Foundation
@testable import Pipeline
import Testing
import TestSupport

/// The catalog lock between concurrent builds: a holder removes the lock file before releasing
/// it, so a waiter that wins the lock on the removed file must take it again on the new one.
@Suite struct CatalogLockTests {
    final class Waiter: @unchecked Sendable {
        private let lock = NSLock()
        private var fd: Int32?
        func set(_ v: Int32) { lock.lock(); fd = v; lock.unlock() }
        var acquired: Int32? { lock.lock(); defer { lock.unlock() }; return fd }
    }

    @Test func aWaiterNeverHoldsTheLockBesideALaterHolder() throws {
        let path = TestData.scratchFolder("lock").appendingPathComponent(".catalog.lock").path
        let first = try CatalogBuilder.lockExclusively(path)
        let waiter = Waiter()
        Thread.detachNewThread {
            if let fd = try? CatalogBuilder.lockExclusively(path) { waiter.set(fd) }
        }
        usleep(300_000)
        #expect(waiter.acquired == nil, "the waiter got the lock while it was held")
        // The holder removes the file, then a third process takes the lock on a new file at once.
        unlink(path)
        let third = try CatalogBuilder.lockExclusively(path)
        close(first)
        usleep(300_000)
        // The waiter won the old, removed file: it must have gone back to wait for the third.
        #expect(waiter.acquired == nil, "two holders at once")
        unlink(path)
        close(third)
        for _ in 0..<100 where waiter.acquired == nil { usleep(20_000) }
        let fd = try #require(waiter.acquired)
        var held = stat(), named = stat()
        #expect(fstat(fd, &held) == 0 && stat(path, &named) == 0 && held.st_ino == named.st_ino)
        close(fd)
    }
}
