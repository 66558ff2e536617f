import Foundation

/// Contours on every core with the bytes of one pass: the levels are dealt round-robin into
/// subsets, each subset is traced over the whole grid by one `GDALContourGenerateEx` pass
/// (`FIXED_LEVELS`) on its own dataset handle, and the lines are merged back in ascending level
/// order. A level's lines depend only on that level, so there are no seams and the result is
/// the single pass's (`contours(intervalM:...)`), whatever the thread scheduling.
public struct ContourLevelSplit: Sendable {
    /// Every level that can cross the grid, ascending, metres.
    public let levelsM: [Double]
    /// Number of subsets (passes over the grid).
    public let subsetCount: Int

    /// The multiples of `intervalM` from just below `minM` to just above `maxM` (levels outside
    /// the relief trace nothing), dealt into `subsets` passes.
    public init(intervalM: Double, minM: Double, maxM: Double, subsets: Int) {
        precondition(intervalM > 0 && minM <= maxM, "contour interval must be positive and the relief ordered")
        let first = Int((minM / intervalM).rounded(.down)), last = Int((maxM / intervalM).rounded(.up))
        levelsM = (first...last).map { Double($0) * intervalM }
        subsetCount = max(1, min(subsets, levelsM.count))
    }

    /// The levels of subset `j`: every `subsetCount`-th level from the `j`-th, so each pass
    /// gets low and high levels alike.
    public func levels(ofSubset j: Int) -> [Double] {
        stride(from: j, to: levelsM.count, by: subsetCount).map { levelsM[$0] }
    }

    /// The lines of every subset (as `contours(levelsM:...)` returns them) in level order.
    public func merged(_ perSubset: [[[ContourLine]]]) -> [ContourLine] {
        var out: [ContourLine] = []
        for k in levelsM.indices {
            let lines = perSubset[k % subsetCount]
            if k / subsetCount < lines.count { out += lines[k / subsetCount] }
        }
        return out
    }

    /// Traces every subset of `raster` (a Float32 in-memory raster, read through one shared view
    /// per subset with `geoTransform`) while `alongside` runs on `raster` itself; jobs are
    /// spread over the cores, `alongside` first. Returns its result and the merged lines.
    /// - Throws: the first error of any job (`GDALError` from tracing).
    public func trace<A>(_ raster: RasterDataset, geoTransform: [Double], simplifyToleranceM: Double, groundMetresPerUnit: Double,
                         progress: (any ProgressReporter)?, alongside: @escaping () throws -> A) throws -> (A, [ContourLine]) {
        try raster.withSharedViews(count: subsetCount, geoTransform: geoTransform) { views in
            let jobs = SplitJobs<A>(views: views, alongside: alongside)
            // Plain threads, not Dispatch: a pass simplifies its lines with concurrentPerform,
            // which Dispatch would run on one thread if nested in another concurrentPerform.
            JobThreads.run(count: subsetCount + 1, threads: ProcessInfo.processInfo.activeProcessorCount) { k in
                if k == 0 { return jobs.runAlongside() }
                let j = k - 1
                // One progress line: the first pass stands for all of them.
                jobs.set(j, Result { () throws(GDALError) -> [[ContourLine]] in
                    try jobs.views[j].contours(levelsM: levels(ofSubset: j), simplifyToleranceM: simplifyToleranceM,
                                               groundMetresPerUnit: groundMetresPerUnit, progress: j == 0 ? progress : nil)
                })
            }
            let a = try jobs.alongsideResult!.get()
            return (a, merged(try jobs.subsets.map { try $0!.get() }))
        }
    }
}

/// The jobs of `ContourLevelSplit.trace`: one view per subset (each used by one job) and the
/// result slots, each written by exactly one job.
private final class SplitJobs<A>: @unchecked Sendable {
    let views: [RasterDataset]
    private let alongside: () throws -> A
    private let lock = NSLock()
    private(set) var alongsideResult: Result<A, any Error>?
    private(set) var subsets: [Result<[[ContourLine]], GDALError>?]

    init(views: [RasterDataset], alongside: @escaping () throws -> A) {
        self.views = views
        self.alongside = alongside
        subsets = Array(repeating: nil, count: views.count)
    }

    func runAlongside() {
        let r = Result { try alongside() }
        lock.lock()
        alongsideResult = r
        lock.unlock()
    }

    func set(_ j: Int, _ r: Result<[[ContourLine]], GDALError>) {
        lock.lock()
        subsets[j] = r
        lock.unlock()
    }
}

extension RasterDataset {
    /// `withSharedView` for `count` views at once: each its own handle over the same pixels.
    /// - Throws: `GDALError` when GDAL fails, or what `body` throws.
    public func withSharedViews<R>(count: Int, geoTransform: [Double], _ body: ([RasterDataset]) throws -> R) throws -> R {
        func nest(_ views: [RasterDataset]) throws -> R {
            guard views.count < count else { return try body(views) }
            return try withSharedView(geoTransform: geoTransform) { try nest(views + [$0]) }
        }
        return try nest([])
    }
}

/// Runs `count` jobs on `threads` plain threads, each taking the next job index in order, and
/// returns when every job has run.
enum JobThreads {
    static func run(count: Int, threads: Int, _ job: @escaping @Sendable (Int) -> Void) {
        let queue = JobQueue(count: count)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(threads, count)) {
            group.enter()
            Thread.detachNewThread {
                while let k = queue.next() { job(k) }
                group.leave()
            }
        }
        group.wait()
    }
}

/// The next job index for `JobThreads`.
private final class JobQueue: @unchecked Sendable {
    private let count: Int
    private var taken = 0
    private let lock = NSLock()
    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }
}
