import Foundation
import PackSpec
import TrailpackCore
import TrackGeometry

/// A line resampled to even steps, with the map from the input vertices to its vertices.
public struct ResampledLine: Equatable, Sendable {
    /// Resampled vertices; the first and last input points are the first and last vertices.
    public var coords: [LonLat]
    /// Cumulative WGS84 geodesic distance in metres from the first vertex, one per vertex.
    public var cumM: [Double]
    /// For every input vertex, the index into `coords` of the vertex representing it: the vertex
    /// itself for a kept corner, otherwise the nearest vertex along the line. Non-decreasing.
    public var indexOfInput: [Int]
    /// Input indices of the corners kept as vertices, increasing; includes both ends.
    public var cornerInputIndices: [Int]

    public init(coords: [LonLat], cumM: [Double], indexOfInput: [Int], cornerInputIndices: [Int]) {
        self.coords = coords
        self.cumM = cumM
        self.indexOfInput = indexOfInput
        self.cornerInputIndices = cornerInputIndices
    }

    /// Length of the line in metres (the last `cumM`, 0 for an empty line).
    public var lengthM: Double { cumM.last ?? 0 }
}

/// Why a line cannot be resampled.
public enum ResampleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An input point has a NaN or infinite coordinate.
    case nonFinitePoint(index: Int, position: LonLat)

    public var description: String {
        switch self {
        case .nonFinitePoint(let index, let position):
            "input point \(index) at \(position) is not finite"
        }
    }
}

/// Resamples a cleaned line so that no step exceeds a maximum ground length while keeping
/// its shape.
public enum Resampler {
    /// Tuning of the resampler, metres.
    public struct Options: Equatable, Sendable {
        /// No step is longer than this (WGS84 geodesic, horizontal), even after the caller rounds
        /// coordinates to 7 decimals.
        public var maxStepM: Double = PackLimits.maxStepM
        /// Douglas–Peucker tolerance: an input vertex farther than this from the chord between
        /// its enclosing corners becomes a corner itself.
        public var cornerToleranceM: Double = 1
        /// No step is shorter than this (after 7-decimal rounding) unless the whole line is;
        /// corners closer than this to the previous kept corner are dropped.
        public var minStepM: Double = Self.defaultMinStepM
        /// Slack kept below `maxStepM` and above `minStepM` so that rounding coordinates to
        /// 7 decimals (at most 0.8 cm per vertex) cannot break either bound.
        public var roundingMarginM: Double = Self.defaultRoundingMarginM
        /// The defaults of `minStepM` and `roundingMarginM`, metres.
        public static let defaultMinStepM = 0.5
        public static let defaultRoundingMarginM = 0.02

        public init(maxStepM: Double = PackLimits.maxStepM, cornerToleranceM: Double = 1, minStepM: Double = defaultMinStepM,
                    roundingMarginM: Double = defaultRoundingMarginM) {
            self.maxStepM = maxStepM
            self.cornerToleranceM = cornerToleranceM
            self.minStepM = minStepM
            self.roundingMarginM = roundingMarginM
        }
    }

    /// Resamples `coords` with at most `maxStepM` metres between consecutive vertices and default
    /// options otherwise.
    /// - Throws: `ResampleError.nonFinitePoint` for a NaN or infinite input point.
    public static func resample(_ coords: [LonLat], maxStepM: Double = PackLimits.maxStepM) throws(ResampleError) -> ResampledLine {
        try resample(coords, options: Options(maxStepM: maxStepM))
    }

    /// Resamples a cleaned line: finds its corners by Douglas–Peucker in a gnomonic frame (where
    /// geodesics are straight) with `cornerToleranceM`, drops corners closer than `minStepM` to the
    /// previous one, then places equal steps of at most `maxStepM - roundingMarginM` along the
    /// WGS84 geodesic between consecutive corners. The result stays within
    /// `cornerToleranceM + minStepM` of the input (Hausdorff, both ways). A line of fewer than
    /// two points is returned as it is.
    /// - Throws: `ResampleError.nonFinitePoint` for a NaN or infinite input point.
    public static func resample(_ coords: [LonLat], options: Options) throws(ResampleError) -> ResampledLine {
        let n = coords.count
        for (i, p) in coords.enumerated() where !p.isFinite { throw .nonFinitePoint(index: i, position: p) }
        guard n >= 2 else {
            return ResampledLine(coords: coords, cumM: coords.map { _ in 0 }, indexOfInput: Array(0..<n), cornerInputIndices: Array(0..<n))
        }

        let frame = GnomonicFrame(centeredOn: coords)
        var xs = [Double](repeating: 0, count: n)
        var ys = [Double](repeating: 0, count: n)
        coords.withUnsafeBufferPointer { src in
            for i in 0..<n {
                let q = frame.project(src[i])
                xs[i] = q.x
                ys[i] = q.y
            }
        }
        let corners = douglasPeucker(xs: xs, ys: ys, toleranceM: options.cornerToleranceM)
        let stepLimitM = options.maxStepM - options.roundingMarginM
        let spans = spacedCorners(corners, coords: coords, minStepM: options.minStepM + options.roundingMarginM, singleStepM: min(stepLimitM, shortSpanM))
        var stepCounts = [Int](repeating: 0, count: spans.count)
        var total = 1
        for (s, span) in spans.enumerated() {
            stepCounts[s] = max(1, Int((span.distanceM / stepLimitM).rounded(.up)))
            total += stepCounts[s]
        }

        var out: [LonLat] = []
        var cum: [Double] = []
        var map = [Int](repeating: 0, count: n)
        out.reserveCapacity(total)
        cum.reserveCapacity(total)
        var cornerIndices: [Int] = [0]
        cornerIndices.reserveCapacity(spans.count + 1)
        out.append(coords[0])
        cum.append(0)
        var cumStart = 0.0
        for (s, span) in spans.enumerated() {
            let steps = stepCounts[s]
            let a = coords[span.from], b = coords[span.to]
            let stepM = span.distanceM / Double(steps)
            let first = out.count - 1
            for k in 1..<steps {
                out.append(Geodesic.destination(from: a, bearingDeg: span.bearingDeg, distanceM: stepM * Double(k)))
                cum.append(cumStart + stepM * Double(k))
            }
            cumStart += span.distanceM
            out.append(b)
            cum.append(cumStart)
            cornerIndices.append(span.to)
            mapInterior(of: span, firstVertex: first, steps: steps, xs: xs, ys: ys, into: &map)
        }
        return ResampledLine(coords: out, cumM: cum, indexOfInput: map, cornerInputIndices: cornerIndices)
    }


    /// A stretch between two consecutive kept corners.
    struct Span {
        var from: Int
        var to: Int
        var distanceM: Double
        var bearingDeg: Double
    }

    /// Input indices kept by Douglas–Peucker (distance to the chord segment), increasing,
    /// always including both ends.
    static func douglasPeucker(xs: [Double], ys: [Double], toleranceM: Double) -> [Int] {
        let n = xs.count
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        let tol2 = toleranceM * toleranceM
        var stack: [(Int, Int)] = [(0, n - 1)]
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                while let (i, j) = stack.popLast() {
                    guard j - i >= 2 else { continue }
                    let ax = x[i], ay = y[i], bx = x[j], by = y[j]
                    var worst = tol2, worstIndex = -1
                    for k in (i + 1)..<j {
                        let d2 = segmentDistanceSquared(x[k], y[k], ax, ay, bx, by)
                        if d2 > worst {
                            worst = d2
                            worstIndex = k
                        }
                    }
                    if worstIndex >= 0 {
                        keep[worstIndex] = true
                        stack.append((worstIndex, j))
                        stack.append((i, worstIndex))
                    }
                }
            }
        }
        var corners: [Int] = []
        for i in 0..<n where keep[i] { corners.append(i) }
        return corners
    }

    /// Spans up to this long are measured with `shortDistanceM` (exact to well under a
    /// micrometre there); longer ones through PROJ, metres.
    static let shortSpanM = 50.0
    /// A span within this of `shortSpanM` goes through PROJ, so rounding never picks the
    /// measure, metres.
    static let shortSpanSlackM = 1e-6

    /// Spans between corners, skipping corners closer than `minStepM` (geodesic) to the previous
    /// kept one; the last point is always kept, replacing a kept corner too close before it.
    /// Spans shorter than `singleStepM` are measured with `shortDistanceM` (exact to well under
    /// a micrometre there) and need no bearing; longer ones go through PROJ.
    static func spacedCorners(_ corners: [Int], coords: [LonLat], minStepM: Double, singleStepM: Double) -> [Span] {
        func span(_ from: Int, _ to: Int) -> Span {
            let shortM = shortDistanceM(coords[from], coords[to])
            if shortM < singleStepM - shortSpanSlackM { return Span(from: from, to: to, distanceM: shortM, bearingDeg: 0) }
            let inv = Geodesic.inverse(coords[from], coords[to])
            return Span(from: from, to: to, distanceM: inv.distanceM, bearingDeg: inv.bearingDeg)
        }
        var spans: [Span] = []
        spans.reserveCapacity(corners.count - 1)
        var from = corners[0]
        for c in corners.dropFirst().dropLast() {
            let next = span(from, c)
            if next.distanceM >= minStepM {
                spans.append(next)
                from = c
            }
        }
        let last = corners[corners.count - 1]
        var final = span(from, last)
        while final.distanceM < minStepM, let previous = spans.popLast() {
            final = span(previous.from, last)
        }
        spans.append(final)
        return spans
    }

    /// Maps the input vertices of `span` to resampled vertices `firstVertex...firstVertex+steps`
    /// by their projection on the chord (frame metres), kept non-decreasing.
    static func mapInterior(of span: Span, firstVertex: Int, steps: Int, xs: [Double], ys: [Double], into map: inout [Int]) {
        map[span.from] = firstVertex
        map[span.to] = firstVertex + steps
        guard span.to - span.from >= 2 else { return }
        let ax = xs[span.from], ay = ys[span.from]
        let dx = xs[span.to] - ax, dy = ys[span.to] - ay
        let len2 = dx * dx + dy * dy
        var floor = 0
        for i in (span.from + 1)..<span.to {
            let t = len2 > 0 ? min(max(((xs[i] - ax) * dx + (ys[i] - ay) * dy) / len2, 0), 1) : 0
            let k = min(max(Int((t * Double(steps)).rounded()), floor), steps)
            floor = k
            map[i] = firstVertex + k
        }
    }
}
