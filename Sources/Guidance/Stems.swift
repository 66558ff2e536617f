import Foundation
import TrailpackCore

/// Stretches a recording walks twice, the other way, with no reversal between: a lollipop's stem
/// (out along it, round the loop, back along it), or an out-and-back whose tip GPS error or
/// dropped fixes left without a reversal. `PassFusion` pairs them from their inner end outward as
/// it pairs a reversal's two sides from the tip.
///
/// Found strictly, so that no zigzag is taken for one: vertices (every `sampleM`) within `withinM`
/// of a point of the route at least `minApartM` further along that heads the other way within
/// `headingDeg`, chained over at least `minStemM` (a switchback's legs are closer along the route,
/// and shorter).
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
    static let maxGapM = 2 * sampleM
    /// Vertices are tried every this many metres, each against the samples of the other pass
    /// within `withinM` plus half this, then against the other pass's line itself, metres.
    static let sampleM = 30.0

    /// For each stem of `line` not already paired (`paired` nil there), its inner end: the last
    /// vertex of its first pass and that vertex's counterpart on the second, in route order.
    static func innerEnds(on line: LineMeasure, paired: [Double?]) -> [(Int, Int)] {
        let n = line.coords.count
        guard n >= 3, line.lengthM >= minApartM + 2 * minStemM else { return [] }
        var metric = NearMetric()
        var samples: [Int] = []
        var lastM = -Double.infinity
        for j in 0..<n where paired[j] == nil && line.cumM[j] - lastM >= sampleM {
            samples.append(j)
            lastM = line.cumM[j]
        }
        let alongM = samples.map { line.cumM[$0] }
        /// The unit heading at `d` metres along.
        func heading(atM d: Double) -> (x: Double, y: Double) {
            let v = line.chordVectorM(atM: d, halfChordM: PassFusion.tangentM, metric: &metric)
            let len = (v.x * v.x + v.y * v.y).squareRoot()
            return len > 0 ? (v.x / len, v.y / len) : (0, 0)
        }
        // A grid of cells `cellM` wide on a plane through the middle of the line, in buckets (the
        // plane wrapped onto a square of `side` x `side` cells, about twice the samples in all, so
        // that neighbouring cells stay neighbours in memory and far ones may share a bucket; the
        // distance sorts them out): the samples within `reachM` of a point lie in the 2 x 2 cells
        // nearest it (with a fifth to spare for the plane's scale away from its latitude). Each
        // bucket lists its samples in route order.
        let reachM = withinM + sampleM / 2
        let cellM = 2.4 * reachM
        let k = metric.perDegree(atLatDeg: line.coords[n / 2].lat)
        let origin = line.coords[0]
        let positions = samples.map { j in
            (x: wrappedDeltaLonDeg(line.coords[j].lon, from: origin.lon) * k.x, y: (line.coords[j].lat - origin.lat) * k.y)
        }
        var side = 1
        while side * side < 2 * samples.count { side *= 2 }
        func bucket(_ cx: Int, _ cy: Int) -> Int { (cx & (side - 1)) + side * (cy & (side - 1)) }
        let bucketOf = positions.map { bucket(Int(($0.x / cellM).rounded(.down)), Int(($0.y / cellM).rounded(.down))) }
        var start = [Int32](repeating: 0, count: side * side + 1)
        for b in bucketOf { start[b + 1] += 1 }
        for b in 0..<(side * side) { start[b + 1] += start[b] }
        // Each sample's rough heading on the plane, from the sample before to the sample after: a
        // later sample heading within 60 degrees of the same way is no candidate.
        let roughHeadings = positions.indices.map { s -> (x: Double, y: Double) in
            let a = positions[max(0, s - 1)], b = positions[min(positions.count - 1, s + 1)]
            let dx = b.x - a.x, dy = b.y - a.y, len = (dx * dx + dy * dy).squareRoot()
            return len > 0 ? (dx / len, dy / len) : (0, 0)
        }
        // The samples in bucket order, with what the search reads of them side by side.
        var entries = [Entry](repeating: Entry(alongM: 0, x: 0, y: 0, hx: 0, hy: 0), count: samples.count)
        var fill = start
        for (s, b) in bucketOf.enumerated() {
            entries[Int(fill[b])] = Entry(alongM: alongM[s], x: positions[s].x, y: positions[s].y,
                                          hx: roughHeadings[s].x, hy: roughHeadings[s].y)
            fill[b] += 1
        }
        let screenM2 = (1.2 * reachM) * (1.2 * reachM)
        let minDot = -cos(headingDeg * WGS84.radPerDeg)
        // Each sample's counterpart: the place along the route of the nearest point of a later pass
        // (within `sampleM` of a later sample) that qualifies.
        var counterpartM = [Double?](repeating: nil, count: samples.count)
        for (s, p) in positions.enumerated() {
            var best: (alongM: Double, distanceM: Double)?
            let cx0 = Int(((p.x - cellM / 2) / cellM).rounded(.down)), cy0 = Int(((p.y - cellM / 2) / cellM).rounded(.down))
            for cx in cx0...(cx0 + 1) {
                for cy in cy0...(cy0 + 1) {
                    let b = bucket(cx, cy)
                    // In route order: the later samples far enough along come last.
                    for e in entries[Int(start[b])..<Int(start[b + 1])].reversed() {
                        guard e.alongM - alongM[s] >= minApartM else { break }
                        let dx = e.x - p.x, dy = e.y - p.y
                        guard dx * dx + dy * dy <= screenM2, roughHeadings[s].x * e.hx + roughHeadings[s].y * e.hy <= -0.5 else { continue }
                        let hit = line.nearest(to: line.coords[samples[s]], alongFromM: e.alongM - sampleM, toM: e.alongM + sampleM)
                        guard hit.distanceM <= withinM, hit.alongM - alongM[s] >= minApartM,
                              best.map({ hit.distanceM < $0.distanceM }) ?? true else { continue }
                        let a = heading(atM: alongM[s]), h = heading(atM: hit.alongM)
                        if a.x * h.x + a.y * h.y <= minDot { best = (hit.alongM, hit.distanceM) }
                    }
                }
            }
            counterpartM[s] = best?.alongM
        }
        // Chains: consecutive samples whose counterparts move back along the route as they move on.
        var out: [(Int, Int)] = []
        var chainStart: Int?, last: Int?
        func close() {
            if let a = chainStart, let b = last, alongM[b] - alongM[a] >= minStemM,
               let cb = counterpartM[b], let ca = counterpartM[a], ca - cb >= minStemM {
                out.append((samples[b], line.nearestVertex(toM: cb)))
            }
            chainStart = nil
            last = nil
        }
        for s in samples.indices {
            guard let c = counterpartM[s] else { continue }
            if let l = last, let lc = counterpartM[l], alongM[s] - alongM[l] <= maxGapM,
               c <= lc + maxGapM, lc - c <= 2 * maxGapM {
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

extension Stems {
    /// A sample as the search reads it: its place along the route (metres), on the plane
    /// (metres east and north) and its rough heading (a unit vector).
    struct Entry {
        var alongM: Double
        var x: Double
        var y: Double
        var hx: Double
        var hy: Double
    }
}
