import Foundation

/// Row-major work split into bands of rows that run on every core; each band's result lands in
/// its own slot, so the combined result does not depend on scheduling.
enum RowBands {
    /// `body` applied to bands covering `0..<rows`, results in band order.
    static func map<R>(rows: Int, _ body: (Range<Int>) -> R) -> [R] {
        guard rows > 0 else { return [] }
        let bandCount = min(rows, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let bandRows = (rows + bandCount - 1) / bandCount
        return withoutActuallyEscaping(body) { body in
            let job = BandJob(bandCount: bandCount, body: body)
            DispatchQueue.concurrentPerform(iterations: bandCount) { k in
                let lo = k * bandRows, hi = min(rows, lo + bandRows)
                if lo < hi { job.run(band: k, rows: lo..<hi) }
            }
            return job.results
        }
    }
}

/// The shared state of `RowBands.map`: each band's slot is written by one worker only.
private final class BandJob<R>: @unchecked Sendable {
    let body: (Range<Int>) -> R
    private var slots: [R?]
    private let lock = NSLock()

    init(bandCount: Int, body: @escaping (Range<Int>) -> R) {
        self.body = body
        slots = Array(repeating: nil, count: bandCount)
    }

    func run(band k: Int, rows: Range<Int>) {
        let result = body(rows)
        lock.lock()
        slots[k] = result
        lock.unlock()
    }

    var results: [R] { slots.compactMap { $0 } }
}
