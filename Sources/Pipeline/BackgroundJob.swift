import Foundation

/// A throwing job started on another thread at once; `wait()` returns its result (or rethrows
/// its error). Wait before anything the job uses goes away, also on error paths (`defer`).
final class BackgroundJob<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?
    private let lock = NSLock()

    init(_ body: @escaping () throws -> T) {
        let box = UncheckedBox(body)
        Thread.detachNewThread { [self] in
            let r = Result { try box.value() }
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

/// Carries a non-Sendable value to the one thread that uses it.
private struct UncheckedBox<V>: @unchecked Sendable {
    let value: V
    init(_ value: V) { self.value = value }
}
