import TrackGeometry
import TrailpackCore

/// Stretches a recording walks twice, the other way, with no reversal between: a lollipop's stem
/// (out along it, round the loop, back along it), or an out-and-back whose tip GPS error or
/// dropped fixes left without a reversal. `PassFusion` pairs them from their inner end outward as
/// it pairs a reversal's two sides from the tip. Thresholds in `GuidanceTuning.Overlap`.
///
/// Found strictly, so that no zigzag is taken for one: vertices (every `stemSampleM`, not already
/// paired) whose self-overlap (`TrackGeometry.overlap`: the nearest point of the route at least
/// `stemMinApartM` farther along, within `stemWithinM`, heading the other way within
/// `stemHeadingDeg`) lies on a stretch not already paired, chained over at least `minStemM` on
/// both passes (a switchback's legs are closer along the route, and shorter).
enum Stems {
    /// For each stem of the line of `geometry` not already paired (`paired` nil there), its inner
    /// end: the last vertex of its first pass and that vertex's counterpart on the second, in
    /// route order.
    static func innerEnds(on geometry: TrackGeometry, paired: [Double?], tuning: GuidanceTuning) -> [(Int, Int)] {
        let t = tuning.overlap
        guard geometry.coords.count >= Bend.minVertices, geometry.lengthM >= t.stemMinApartM + 2 * t.minStemM else { return [] }
        let rule = OverlapRule(reachM: t.stemWithinM, minAheadM: t.stemMinApartM, halfChordM: t.tangentM,
                               oppositeWithinDeg: t.stemHeadingDeg, maxPasses: t.stemMaxPasses)
        var samples: [(vertex: Int, alongM: Double, counterpartM: Double?)] = []
        var lastM = -Double.infinity
        for j in paired.indices where paired[j] == nil && geometry.cumM[j] - lastM >= t.stemSampleM {
            // A counterpart on a stretch already paired (a reversal's way back) is none.
            let counterpartM = geometry.overlap(at: j, rule).map(\.alongM)
                .flatMap { paired[geometry.nearestVertex(toM: $0)] == nil ? $0 : nil }
            samples.append((j, geometry.cumM[j], counterpartM))
            lastM = geometry.cumM[j]
        }
        return chains(samples, t).compactMap { c in
            samples[c.last].counterpartM.map { (samples[c.last].vertex, geometry.nearestVertex(toM: $0)) }
        }
    }

    /// The chains of consecutive samples with counterparts that move back along the route as
    /// they move on (no gap over `stemMaxGapM` either way, at most twice that back), at least
    /// `minStemM` long on both passes: the first and last sample of each.
    static func chains(_ samples: [(vertex: Int, alongM: Double, counterpartM: Double?)],
                       _ t: GuidanceTuning.Overlap) -> [(first: Int, last: Int)] {
        var out: [(first: Int, last: Int)] = []
        var chain: (first: Int, last: Int)?
        func close() {
            if let c = chain, samples[c.last].alongM - samples[c.first].alongM >= t.minStemM,
               let ca = samples[c.first].counterpartM, let cb = samples[c.last].counterpartM, ca - cb >= t.minStemM {
                out.append(c)
            }
            chain = nil
        }
        for (s, sample) in samples.enumerated() {
            guard let c = sample.counterpartM else { continue }
            if let l = chain?.last, let lc = samples[l].counterpartM, sample.alongM - samples[l].alongM <= t.stemMaxGapM,
               c <= lc + t.stemMaxGapM, lc - c <= 2 * t.stemMaxGapM {
                chain?.last = s
            } else {
                close()
                chain = (s, s)
            }
        }
        close()
        return out
    }
}
