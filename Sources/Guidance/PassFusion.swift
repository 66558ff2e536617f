import TrackGeometry
import TrailpackCore

/// Where a recording walks back along itself (after a reversal, or along a lollipop's stem:
/// `Stems`), the way in and the way back record the same trail with GPS errors that are mostly
/// independent (minutes apart). Each vertex of either pass moves to the middle between itself and
/// its partner, the point of the other pass where the same ground was recorded (`fused`); both
/// passes are then read on one line that averages the two errors (halving their variance), a turn
/// is given to both passes or to neither (`mirrored`), and so is a switchback run
/// (`mirroredRanges`): a hiker walking back is told of the same bends.
///
/// Pairing starts at the tip (a stem's inner end) and walks out on each side, taking the nearest
/// point of the other side that heads the other way within `farWithinM` (the `Retrace` far
/// rule's reach: two passes' drift apart), near where the last partner and the step between vertices put
/// it; it ends after `partM` without a partner (the way back leaves the way in: a lollipop's loop,
/// another trail) or at a vertex already paired. Pairs one side found and the other missed are
/// read backwards (`invert`). A switchback's next leg is never a partner: the pairing follows the
/// way in back from the tip metre for metre, and a hairpin is no reversal. Thresholds in
/// `GuidanceTuning.Overlap` (`partM`, `searchM`, `holeM`, `taperM`, `mirrorM`; headings on
/// `tangentM` chords).
enum PassFusion {

    /// One side of a stretch walked twice: its vertices from `first` on, `step` by `step` (1:
    /// toward the route's end, -1: toward its start), away from `originM` (where the two passes
    /// meet or part: a reversal's tip, a lollipop's loop), whose partners lie on the other side of
    /// `boundaryM`, from `anchorM` on, moving away from it as this side moves away from `originM`.
    struct Side {
        var first: Int
        var step: Int
        var originM: Double
        var anchorM: Double
        var boundaryM: Double
    }

    /// The two sides of a reversal at vertex `k` of `line`.
    static func sides(ofTip k: Int, on line: LineMeasure) -> [Side] {
        let d = line.cumM[k]
        return [Side(first: k + 1, step: 1, originM: d, anchorM: d, boundaryM: d),
                Side(first: k - 1, step: -1, originM: d, anchorM: d, boundaryM: d)]
    }

    /// For each vertex of `line`, the place along `line` of its partner on the other pass of a
    /// reversal at one of `tips` (indices into `line`, in route order) or of a lollipop's stem
    /// (`Stems`), or nil.
    /// `geometry` is `line.geometry` when the caller has it (nil: computed).
    static func partners(on line: LineMeasure, tips: [Int], tuning: GuidanceTuning,
                         geometry: TrackGeometry? = nil) -> [Double?] {
        let g = geometry ?? line.geometry, t = tuning.overlap
        var out = [Double?](repeating: nil, count: line.coords.count)
        for k in tips {
            let both = sides(ofTip: k, on: line)
            for side in both { pair(g, side, t, into: &out) }
            out[k] = line.cumM[k]
            for side in both { invert(g, side, t, into: &out) }
        }
        for (a, b) in Stems.innerEnds(on: g, paired: out, tuning: tuning) {
            let both = [Side(first: a, step: -1, originM: line.cumM[a], anchorM: line.cumM[b], boundaryM: line.cumM[b]),
                        Side(first: b, step: 1, originM: line.cumM[b], anchorM: line.cumM[a], boundaryM: line.cumM[a])]
            for side in both { pair(g, side, t, into: &out) }
            for side in both { invert(g, side, t, into: &out) }
        }
        fillHoles(&out, line, t)
        return out
    }

    /// A vertex whose heading GPS error turned (or that the search skipped) between two paired
    /// vertices within `holeM` takes the place between their partners.
    static func fillHoles(_ out: inout [Double?], _ line: LineMeasure, _ t: GuidanceTuning.Overlap) {
        var last: Int?
        for j in out.indices where out[j] != nil {
            if let i = last, j - i > 1, line.cumM[j] - line.cumM[i] <= t.holeM, let a = out[i], let b = out[j] {
                for h in (i + 1)..<j {
                    let t = (line.cumM[h] - line.cumM[i]) / (line.cumM[j] - line.cumM[i])
                    out[h] = a + t * (b - a)
                }
            }
            last = j
        }
    }

    /// Walks `side` pairing each vertex with the nearest point of the other side heading the
    /// other way, until `partM` without one, a vertex already paired or the route's end.
    private static func pair(_ g: TrackGeometry, _ side: Side, _ t: GuidanceTuning.Overlap, into out: inout [Double?]) {
        var expectedM = side.anchorM, lastFoundM = side.originM
        var j = side.first
        while j >= 0, j < g.coords.count, out[j] == nil {
            let at = g.cumM[j]
            // The other side moves away from the boundary as this side moves away from its origin.
            let previousM = j == side.first ? side.originM : g.cumM[j - side.step]
            expectedM -= Double(side.step) * abs(at - previousM)
            let lo = side.step > 0 ? max(0, expectedM - t.searchM) : max(side.boundaryM, expectedM - t.searchM)
            let hi = side.step > 0 ? min(side.boundaryM, expectedM + t.searchM) : min(g.lengthM, expectedM + t.searchM)
            if lo < hi {
                if let hit = g.facing(g.positions[j], atM: at, alongFromM: lo, toM: hi, halfChordM: t.tangentM),
                   hit.distanceM <= t.farWithinM {
                    out[j] = hit.alongM
                    expectedM = hit.alongM
                    lastFoundM = at
                }
            }
            if abs(at - lastFoundM) > t.partM { break }
            j += side.step
        }
    }

    /// Where the other side's walk lost this one (a detour or a stop on one pass longer than the
    /// search window) but this side's walk found it, this side's pairs read backwards: a vertex
    /// of the other side between the partners of two paired vertices of `side` (at most `holeM`
    /// apart) takes the place between those vertices, if that point lies within `farWithinM`.
    private static func invert(_ g: TrackGeometry, _ side: Side, _ t: GuidanceTuning.Overlap, into out: inout [Double?]) {
        var pairs: [(atM: Double, partnerM: Double)] = []
        var j = side.first, lastPairedM = side.originM
        while j >= 0, j < g.coords.count {
            if let p = out[j] {
                pairs.append((g.cumM[j], p))
                lastPairedM = g.cumM[j]
            } else if abs(g.cumM[j] - lastPairedM) > t.partM {
                break
            }
            j += side.step
        }
        for (a, b) in zip(pairs, pairs.dropFirst()) where abs(b.atM - a.atM) <= t.holeM && a.partnerM != b.partnerM {
            let lo = min(a.partnerM, b.partnerM), hi = max(a.partnerM, b.partnerM)
            var i = g.vertex(atOrAfterM: lo)
            while i < g.coords.count, g.cumM[i] <= hi {
                if out[i] == nil {
                    let share = (g.cumM[i] - a.partnerM) / (b.partnerM - a.partnerM)
                    let placeM = a.atM + share * (b.atM - a.atM)
                    if (g.positions[i] - g.position(atM: placeM)).length <= t.farWithinM { out[i] = placeM }
                }
                i += 1
            }
        }
    }

    /// `line` with each vertex that has a partner (`partners`, places along `line`) moved toward
    /// that point of `line`, to the middle of the two once `taperM` from any unpaired vertex;
    /// distances along kept.
    static func fused(_ line: LineMeasure, partners: [Double?], tuning: GuidanceTuning) -> LineMeasure {
        let n = line.coords.count
        // Distance along to the nearest unpaired vertex, both ways.
        var reach = [Double](repeating: .infinity, count: n)
        var lastUnpairedM = -Double.infinity
        for j in 0..<n {
            if partners[j] == nil { lastUnpairedM = line.cumM[j] }
            reach[j] = line.cumM[j] - lastUnpairedM
        }
        var nextUnpairedM = Double.infinity
        for j in stride(from: n - 1, through: 0, by: -1) {
            if partners[j] == nil { nextUnpairedM = line.cumM[j] }
            reach[j] = min(reach[j], nextUnpairedM - line.cumM[j])
        }
        var coords = line.coords
        for (j, alongM) in partners.enumerated() {
            guard let alongM else { continue }
            let w = min(1, reach[j] / tuning.overlap.taperM) / 2
            let p = line.coords[j], q = line.point(atM: alongM)
            coords[j] = LonLat(p.lon + w * wrappedDeltaLonDeg(q.lon, from: p.lon), p.lat + w * (q.lat - p.lat))
        }
        return LineMeasure(coords: coords, cumM: line.cumM)
    }

    /// Where each of `ranges` (metres along `line`) lies on the other pass: from the least to the
    /// greatest partner place of its paired vertices (none when it has none).
    static func mirroredRanges(_ ranges: [ClosedRange<Double>], partners: [Double?], line: LineMeasure) -> [ClosedRange<Double>] {
        ranges.compactMap { range in
            var places: [Double] = []
            var j = line.vertex(atOrAfterM: range.lowerBound)
            while j < line.coords.count, line.cumM[j] <= range.upperBound {
                if let p = partners[j] { places.append(p) }
                j += 1
            }
            guard let lo = places.min(), let hi = places.max() else { return nil }
            return lo...hi
        }
    }

    /// `turns` (on the fused `line`, in route order) made the same on both passes: a turn whose
    /// partner place on the other pass has a turn the other way within `mirrorM` keeps it; else the
    /// mean of its 50 m bend and the other pass's bend there (the other way), both passes' reading
    /// of the one bend, decides: at least `GuidanceTuning.Bends.minTurnDeg`, holding over 100 m on the mean
    /// of both passes' 100 m bends (`WalkerBends.holds`), with the other pass's side
    /// there settled the other way as for any turn (`WalkerBends.sidesAgree`: its 100 m bend, or
    /// at a hairpin the way after), and the turn is given to the other pass too (mirrored); else it
    /// goes from this pass as well.
    static func mirrored(_ turns: [Bend], partners: [Double?], line: LineMeasure, walkBends: [Double?], unsmoothed: LineMeasure,
                         tuning: GuidanceTuning) -> [Bend] {
        let mirrorM = tuning.overlap.mirrorM
        var out: [Bend] = []
        for t in turns {
            guard let p = partners[t.pathIndex], abs(p - line.cumM[t.pathIndex]) > mirrorM else {
                out.append(t)
                continue
            }
            let right = t.deviationDeg > 0
            // `turns` are in route order: those within `mirrorM` of `p` from the first at or after `p - mirrorM`.
            var lo = 0, hi = turns.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if line.cumM[turns[mid].pathIndex] < p - mirrorM { lo = mid + 1 } else { hi = mid }
            }
            if turns[lo...].prefix(while: { line.cumM[$0.pathIndex] <= p + mirrorM }).contains(where: { ($0.deviationDeg > 0) != right }) {
                out.append(t)
                continue
            }
            let u = line.nearestVertex(toM: p)
            let sign = right ? -1.0 : 1.0  // the other pass turns the other way
            guard let other50 = walkBends[u], sign * other50 > 0,
                  let other100 = WalkerBends.bendDeg(line, at: u, windowM: tuning.bends.wideWindowM),
                  WalkerBends.sidesAgree(b50Deg: other50, b100Deg: other100, at: u, on: unsmoothed, tuning: tuning),
                  let own100 = WalkerBends.bendDeg(line, at: t.pathIndex, windowM: tuning.bends.wideWindowM) else { continue }
            // Both passes' reading of the one bend.
            let mean50 = (abs(t.deviationDeg) + abs(other50)) / 2, mean100 = (abs(own100) + abs(other100)) / 2
            guard mean50 >= tuning.bends.minTurnDeg, WalkerBends.holds(b50Deg: mean50, b100Deg: mean100, tuning: tuning),
                  let own50 = WalkerBends.bendDeg(unsmoothed, at: u, windowM: tuning.bends.walkWindowM),
                  sign * own50 >= Deviation.straightBelowDeg else { continue }
            out.append(t)
            out.append(Bend(pathIndex: u, deviationDeg: -t.deviationDeg))
        }
        return out.sorted { $0.pathIndex < $1.pathIndex }
    }
}

extension LineMeasure {
    /// The first vertex at least `m` metres along (the vertex count when none is).
    func vertex(atOrAfterM m: Double) -> Int { AlongLine.vertex(atOrAfterM: m, cumM: cumM) }

    /// The vertex nearest to `m` metres along (the earlier of two as near).
    func nearestVertex(toM m: Double) -> Int { AlongLine.nearestVertex(toM: m, cumM: cumM) }
}
