import Foundation

/// Runs independent jobs on plain threads (not Dispatch: a `concurrentPerform` nested in
/// another runs on one thread), each worker taking the next job index; results come back in
/// index order, so they never depend on scheduling.
enum WorkerThreads {
    /// `job(i)` for every `i` in `0..<count` on up to `threads` threads (the calling thread is
    /// one of them), results in index order.
    static func map<T>(count: Int, threads: Int, _ job: @escaping @Sendable (Int) -> T) -> [T] {
        let workers = max(1, min(threads, count))
        if workers == 1 { return (0..<count).map(job) }
        let slots = ResultSlots<T>(count: count)
        let work: @Sendable () -> Void = {
            while let index = slots.nextIndex() { slots.store(job(index), at: index) }
        }
        let group = DispatchGroup()
        for _ in 1..<workers {
            group.enter()
            Thread.detachNewThread {
                work()
                group.leave()
            }
        }
        work()
        group.wait()
        return slots.results()
    }
}

/// The job counter and result slots of one `WorkerThreads.map`: each slot is written once, by
/// the worker that took its index, and read after every worker has finished.
private final class ResultSlots<T>: @unchecked Sendable {
    private let count: Int
    private var taken = 0
    private let lock = NSLock()
    private let storage: UnsafeMutablePointer<T?>

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: max(count, 1))
        storage.initialize(repeating: nil, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    func nextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }

    func store(_ value: T, at index: Int) { storage[index] = value }

    func results() -> [T] { (0..<count).map { storage[$0]! } }
}
