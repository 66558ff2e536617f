import TrackGeometry
import TrailpackCore

/// A place where the route turns back on itself: the way after it retraces the way before it.
public struct Reversal: Equatable, Sendable {
    /// Index into the path's coords of the tip.
    public var pathIndex: Int
    /// Signed deviation at the tip on 25 m chords, degrees (positive right).
    public var deviationDeg: Double
}

/// Where a route turns back on itself (a U-turn), on a route's cleaned geometry (thresholds in
/// `GuidanceTuning.Overlap`).
///
/// A vertex with at least `GuidanceTuning.Bends.minSideM` of route on each side whose 50 m bend is at
/// least `longWayBackMinDeg` (on the given bends, perhaps of the smoothed line, and on the line
/// itself) is tried, and reverses on one of three kinds of evidence (`Evidence`):
/// - **exact**: it turns back (`turnsBack`: a given 50 m bend of `reversalCandidateDeg` and a
///   50 m bend of `reversalMinDeg`) and the points 25 m and 50 m before and after it lie within
///   `exactGapM` of each other (a route over the network);
/// - **retraced**: it turns back, the way back stays beside the way in (a 100 m bend of
///   `reversalWideMinDeg`, or a spur's gaps: the points 25 m either side within
///   `reversalGap25M`, 50 m within `reversalGap50M`), and the way back walks back along the way
///   in (`Retrace.retraces`; on a `drawn` line, within a few metres): a hairpin whose legs spread
///   apart, or whose next leg heads on the way it came, is not a reversal;
/// - **long way back** (recordings only): `longWayBackRoomM` of route on each side and the way
///   back beside the way in for 300 m (`Retrace.walksBackFar`): fixes dropped at the tip of a
///   recorded out-and-back leave a corner of 110 degrees or more.
///
/// Among reversals within `reversalSpacingM` the tip is the one farthest out: the largest summed
/// distance to the points `tipReachM` back and ahead.
enum Reversals {
    /// What shows that a vertex reverses (see the type).
    enum Evidence: Equatable {
        case exact, retraced, longWayBack
    }

    /// A route's reversals in route order (see the type); `geometry` is `line.geometry` when the
    /// caller has it (nil: computed).
    static func reversals(on line: LineMeasure, walkBends: [Double?]? = nil, drawn: Bool = false,
                          tuning: GuidanceTuning, geometry: TrackGeometry? = nil) -> [Reversal] {
        let n = line.coords.count
        guard n >= Bend.minVertices else { return [] }
        let bends50 = walkBends ?? WalkerBends.walkBends(on: line, tuning: tuning)
        let geometry = geometry ?? line.geometry
        var score = [Double?](repeating: nil, count: n)
        for k in 1..<(n - 1) where evidence(at: k, line, geometry, bends50: bends50, drawn: drawn, tuning) != nil {
            score[k] = tipScore(at: k, line, tuning.overlap)
        }
        let tips = farthestOut(score, line, tuning.overlap)
        let stack = tips.isEmpty || drawn ? nil : StackBends(line, tuning.switchbacks)
        return tips.filter { k in stack.map { !isStackHairpin(at: k, line, $0, tuning) } ?? true }.map { k in
            Reversal(pathIndex: k, deviationDeg: line.deviationDeg(at: k, windowM: tuning.overlap.reversalChordM) ?? halfTurnDeg)
        }
    }

    /// A reversal's deviation when its 25 m chords have no length, degrees.
    static let halfTurnDeg = 180.0

    /// Why vertex `k` of `line` reverses, nil when it does not (see the type).
    static func evidence(at k: Int, _ line: LineMeasure, _ geometry: TrackGeometry, bends50: [Double?], drawn: Bool,
                         _ tuning: GuidanceTuning) -> Evidence? {
        let t = tuning.overlap, bends = tuning.bends
        let d = line.cumM[k]
        let room = min(d, line.lengthM - d)
        // `bends50` (perhaps of the smoothed line) only picks the candidates.
        guard room >= bends.minSideM, let candidate = bends50[k], abs(candidate) >= t.longWayBackMinDeg,
              let signed50 = WalkerBends.bendDeg(line, at: k, windowM: bends.walkWindowM),
              abs(signed50) >= t.longWayBackMinDeg else { return nil }
        // An exact retrace bends 180 degrees over 50 m too: nothing under `reversalMinDeg` reverses.
        let turnsBack = abs(candidate) >= t.reversalCandidateDeg && abs(signed50) >= t.reversalMinDeg
        let gap25M = gapM(line, at: k, t.reversalNearReachM), gap50M = gapM(line, at: k, min(room, t.reversalFarReachM))
        if turnsBack && gap25M <= t.exactGapM && gap50M <= t.exactGapM { return .exact }
        let wide = abs(WalkerBends.bendDeg(line, at: k, windowM: bends.wideWindowM) ?? 0) >= t.reversalWideMinDeg
        let spurShaped = gap25M <= t.reversalGap25M && gap50M <= t.reversalGap50M
        let besideWayIn = turnsBack && (wide || spurShaped)
        guard besideWayIn || (!drawn && room >= t.longWayBackRoomM) else { return nil }
        // Not exact: the way back must walk back along the way in, not away beside it (a hairpin).
        let retrace = Retrace.verdict(geometry, at: k, drawn: drawn, t)
        if besideWayIn && retrace.retraces(drawn: drawn) { return .retraced }
        return !drawn && room >= t.longWayBackRoomM && retrace.far ? .longWayBack : nil
    }

    /// The distance between the points `reachM` before and after vertex `k`, metres.
    static func gapM(_ line: LineMeasure, at k: Int, _ reachM: Double) -> Double {
        shortDistanceM(line.point(atM: line.cumM[k] - reachM), line.point(atM: line.cumM[k] + reachM))
    }

    /// How far out vertex `k` lies: the summed distance to the points `tipReachM` back and ahead
    /// (clipped to the route's room), metres. On a spur walked out and back, the last vertex before
    /// the way back scores most; not a vertex on the way in whose 50 m bends GPS error made larger.
    static func tipScore(at k: Int, _ line: LineMeasure, _ t: GuidanceTuning.Overlap) -> Double {
        let d = line.cumM[k]
        let reach = min(t.tipReachM, min(d, line.lengthM - d))
        return shortDistanceM(line.point(atM: d - reach), line.coords[k]) + shortDistanceM(line.coords[k], line.point(atM: d + reach))
    }

    /// The vertices with a score that no other within `reversalSpacingM` along beats (an earlier
    /// one as high beats it), in route order.
    static func farthestOut(_ score: [Double?], _ line: LineMeasure, _ t: GuidanceTuning.Overlap) -> [Int] {
        score.indices.filter { k in
            guard let sk = score[k] else { return false }
            var j = k - 1
            while j >= 0, line.cumM[k] - line.cumM[j] <= t.reversalSpacingM {
                if let sj = score[j], sj >= sk { return false }
                j -= 1
            }
            j = k + 1
            while j < score.count, line.cumM[j] - line.cumM[k] <= t.reversalSpacingM {
                if let sj = score[j], sj > sk { return false }
                j += 1
            }
            return true
        }
    }
}

extension LineMeasure {
    /// The line as a `TrackGeometry` (the same vertices and distances along).
    var geometry: TrackGeometry { TrackGeometry(coords: coords, cumM: cumM) }
}
