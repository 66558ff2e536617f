import Foundation

/// Independent jobs on plain threads (not Dispatch: GDAL's contour reader runs
/// `concurrentPerform` inside each job, which Dispatch would serialise when nested in another),
/// each worker taking the next job index; results come back in index order.
enum BenchThreads {
    /// `job(worker, index)` for every index in `0..<count` on up to `threads` threads; `worker`
    /// is the thread's number in `0..<threads` (for a GDAL handle per thread). Results in
    /// index order, whatever the scheduling.
    static func map<T>(count: Int, threads: Int, _ job: @escaping @Sendable (_ worker: Int, _ index: Int) -> T) -> [T] {
        let slots = JobSlots<T>(count: count)
        let group = DispatchGroup()
        for worker in 0..<max(1, min(threads, count)) {
            group.enter()
            Thread.detachNewThread {
                while let index = slots.next() { slots.store(job(worker, index), at: index) }
                group.leave()
            }
        }
        group.wait()
        return slots.results()
    }
}

/// The job counter and result slots of one `BenchThreads.map`: each slot written once, by the
/// worker that took its index, and read after every worker has finished.
private final class JobSlots<T>: @unchecked Sendable {
    private var taken = 0
    private var values: [T?]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < values.count else { return nil }
        taken += 1
        return taken - 1
    }

    func store(_ value: T, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func results() -> [T] { values.map { $0! } }
}

/// Wall-clock and CPU seconds (this process, every thread: GDAL's workers included) of one
/// timed part of a benchmark.
struct Lap {
    var wallS = 0.0
    var cpuS = 0.0

    /// Runs `body` once and returns its result with the seconds it took.
    static func timed<R>(_ body: () throws -> R) rethrows -> (R, Lap) {
        let wall = RouteBenchmark.nowS(), cpu = LandmarkBenchmark.cpuS()
        let result = try body()
        return (result, Lap(wallS: RouteBenchmark.nowS() - wall, cpuS: LandmarkBenchmark.cpuS() - cpu))
    }

    /// The sum of two parts.
    static func + (a: Lap, b: Lap) -> Lap { Lap(wallS: a.wallS + b.wallS, cpuS: a.cpuS + b.cpuS) }

    /// The median wall and the median CPU seconds of several runs of one part.
    static func median(_ laps: [Lap]) -> Lap {
        Lap(wallS: RouteBenchmark.median(laps.map(\.wallS)), cpuS: RouteBenchmark.median(laps.map(\.cpuS)))
    }

    /// `{"wallSeconds": w, "cpuSeconds": c}`.
    var json: String { JSONText.object([("wallSeconds", JSONText.number(wallS)), ("cpuSeconds", JSONText.number(cpuS))]) }
}

/// Hand-written JSON text for the benchmark reports (members in the order given).
enum JSONText {
    /// `{"key": value, ...}` from members whose values are JSON text already.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// `[item, ...]` from items that are JSON text already.
    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// A number with at most 4 decimals (`null` when not finite).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.4f", value)
    }

    /// A whole number.
    static func number(_ value: Int) -> String { String(value) }

    /// A quoted string (quotes and backslashes escaped).
    static func string(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
