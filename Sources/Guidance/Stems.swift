import Foundation
import TrailpackCore

/// Stretches a recording walks twice, the other way, with no reversal between: a lollipop's stem
/// (out along it, round the loop, back along it), or an out-and-back whose tip GPS error or
/// dropped fixes left without a reversal. `PassFusion` pairs them from their inner end outward as
/// it pairs a reversal's two sides from the tip.
///
/// Found strictly, so that no zigzag is taken for one: vertices at least `minApartM` apart along
/// the route, within `withinM` of each other and heading the other way within `headingDeg`,
/// chained over at least `minStemM` (a switchback's legs are closer along the route, and
/// shorter).
enum Stems {
    /// The two passes lie at least this far apart along the route, metres.
    static let minApartM = 300.0
    /// ...within this of each other, metres (the pairing that follows reaches `PassFusion.withinM`).
    static let withinM = 15.0
    /// ...heading the other way within this many degrees.
    static let headingDeg = 30.0
    /// A stem holds such pairs over at least this much route, metres...
    static let minStemM = 150.0
    /// ...with no gap longer than this between them, metres.
    static let maxGapM = 30.0
    /// Vertices are tried every this many metres, metres.
    static let sampleM = 10.0

    /// For each stem of `line` not already paired (`paired` nil there), its inner end: the last
    /// vertex of its first pass and that vertex's counterpart on the second, in route order.
    static func innerEnds(on line: LineMeasure, paired: [Double?]) -> [(Int, Int)] {
        let n = line.coords.count
        guard n >= 3, line.lengthM >= minApartM + 2 * minStemM else { return [] }
        var metric = NearMetric()
        let k = metric.perDegree(atLatDeg: line.coords[n / 2].lat)
        let origin = line.coords[0]
        func xy(_ p: LonLat) -> (x: Double, y: Double) { ((p.lon - origin.lon) * k.x, (p.lat - origin.lat) * k.y) }
        func cell(_ v: Double) -> Int { Int((v / withinM).rounded(.down)) }
        func heading(_ j: Int) -> (x: Double, y: Double) {
            let d = line.cumM[j]
            let v = metric.vectorM(line.point(atM: d - PassFusion.tangentM), line.point(atM: d + PassFusion.tangentM))
            let len = (v.x * v.x + v.y * v.y).squareRoot()
            return len > 0 ? (v.x / len, v.y / len) : (0, 0)
        }
        // Sampled unpaired vertices, in a grid of `withinM` cells.
        var samples: [Int] = []
        var lastM = -Double.infinity
        for j in 0..<n where paired[j] == nil && line.cumM[j] - lastM >= sampleM {
            samples.append(j)
            lastM = line.cumM[j]
        }
        var grid: [Int64: [Int]] = [:]
        func key(_ cx: Int, _ cy: Int) -> Int64 { Int64(cx) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: cy))) }
        let positions = samples.map { xy(line.coords[$0]) }
        for (s, p) in positions.enumerated() { grid[key(cell(p.x), cell(p.y)), default: []].append(s) }
        let headings = samples.map(heading)
        let minDot = -cos(headingDeg * WGS84.radPerDeg)
        // Each sample's counterpart: the nearest later sample that qualifies.
        var counterpart = [Int?](repeating: nil, count: samples.count)
        for (s, p) in positions.enumerated() {
            var best: (Int, Double)?
            for cx in (cell(p.x) - 1)...(cell(p.x) + 1) {
                for cy in (cell(p.y) - 1)...(cell(p.y) + 1) {
                    for t in grid[key(cx, cy)] ?? [] where line.cumM[samples[t]] - line.cumM[samples[s]] >= minApartM {
                        let d = metric.distanceM(line.coords[samples[s]], line.coords[samples[t]])
                        guard d <= withinM, headings[s].x * headings[t].x + headings[s].y * headings[t].y <= minDot else { continue }
                        if best == nil || d < best!.1 { best = (t, d) }
                    }
                }
            }
            counterpart[s] = best?.0
        }
        // Chains: consecutive samples whose counterparts move back along the route as they move on.
        var out: [(Int, Int)] = []
        var chainStart: Int?, last: Int?
        func close() {
            if let a = chainStart, let b = last, line.cumM[samples[b]] - line.cumM[samples[a]] >= minStemM,
               let cb = counterpart[b], let ca = counterpart[a], line.cumM[samples[ca]] - line.cumM[samples[cb]] >= minStemM {
                out.append((samples[b], samples[cb]))
            }
            chainStart = nil
            last = nil
        }
        for s in samples.indices {
            guard let c = counterpart[s] else { continue }
            if let l = last, let lc = counterpart[l], line.cumM[samples[s]] - line.cumM[samples[l]] <= maxGapM,
               line.cumM[samples[c]] <= line.cumM[samples[lc]] + maxGapM, line.cumM[samples[lc]] - line.cumM[samples[c]] <= 2 * maxGapM + sampleM {
                last = s
            } else {
                close()
                chainStart = s
                last = s
            }
        }
        close()
        return out
    }
}
