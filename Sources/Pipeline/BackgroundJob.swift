import Foundation

/// A throwing job started on another thread at once; `wait()` returns its result (or rethrows
/// its error). Wait before anything the job uses goes away, also on error paths (`defer`).
final class BackgroundJob<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?
    private let lock = NSLock()

    init(_ body: @escaping () throws -> T) {
        let box = JobBody(body)
        Thread.detachNewThread { [self] in
            let r = box.run()
            lock.lock()
            result = r
            lock.unlock()
            done.signal()
        }
    }

    /// Blocks until the job has finished; every call returns the same result.
    func wait() throws -> T {
        lock.lock()
        var r = result
        lock.unlock()
        if r == nil {
            done.wait()
            done.signal()
            lock.lock()
            r = result
            lock.unlock()
        }
        return try r!.get()
    }
}

/// Carries the job's closure to the one thread that runs it, and lets go of it (and of what it
/// captures) before the result is published: whatever the job used is released by its owner
/// when `wait()` returns, not later on the job's thread (a region writer's staging folder,
/// removed when the writer goes, would otherwise outlive a failed build).
private final class JobBody<T>: @unchecked Sendable {
    private var body: (() throws -> T)?
    init(_ body: @escaping () throws -> T) { self.body = body }

    func run() -> Result<T, any Error> {
        let r = Result { try body!() }
        body = nil
        return r
    }
}
