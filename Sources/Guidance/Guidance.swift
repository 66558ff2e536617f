import TrailpackCore

/// Turns a route into the SPEC's `waypoints`: start, turns, junctions, summits, points of
/// interest and end, worded for a hiker. The rules and vocabulary are in docs/GUIDANCE.md; the
/// thresholds in `GuidanceTuning`.
///
/// One pass per kind of cue reads a `PassContext` computed once: reversals (`ReversalPass`),
/// turns (`TurnPass`), junctions (`JunctionPass`), summits (`SummitPass`), POIs (`PoiPass`), the
/// start and end (`EndpointPass`). One table (`CuePrecedence`) merges the turn, junction and
/// U-turn cues and orders the waypoints at equal `i`.
public enum Guidance {
    /// The waypoints of one route, ordered by `i` (an index into `input.resampledCoords`):
    /// exactly one `start` at 0 first, exactly one `end` at the last index last; at equal `i`
    /// the order is start, junction, turn, summit, U-turn, poi, end (`CuePrecedence.table`).
    /// - Throws: `GuidanceError` when the input arrays do not fit together.
    public static func waypoints(for input: GuidanceInput, tuning: GuidanceTuning = .standard) throws(GuidanceError) -> [Waypoint] {
        try waypoints(for: input, fusingPasses: true, tuning: tuning)
    }

    /// `waypoints(for:)`, with the passes of a recording that walks back along itself read as one
    /// (`PassFusion`) only when `fusingPasses` (false for tests that measure what it does).
    static func waypoints(for input: GuidanceInput, fusingPasses: Bool,
                          tuning: GuidanceTuning = .standard) throws(GuidanceError) -> [Waypoint] {
        try validate(input)
        let ctx = PassContext(input, tuning: tuning)
        let lines = BendLines(ctx.pathLine, tuning: tuning)
        let reversals = ReversalPass.reversals(ctx, lines)
        let uTurns = ReversalPass.cues(ctx, reversals.onPath)
        let turns = TurnPass.cues(ctx, lines, tips: reversals.tips, fusingPasses: fusingPasses)
        let cues = CuePrecedence.merged(JunctionPass.cues(ctx) + turns + uTurns.cues, on: ctx.pathLine, tuning: tuning)
        let summits = SummitPass.waypoints(ctx)
        let cueWaypoints = cues.map {
            Waypoint(i: input.resampledIndexOfPathVertex[$0.pathIndex], kind: $0.kind, name: $0.name,
                     instruction: $0.instruction, dir: $0.dir)
        }
        let pois = PoiPass.waypoints(ctx, named: summits.named.union(uTurns.named))
        return CuePrecedence.ordered(cueWaypoints + summits.waypoints + pois + EndpointPass.waypoints(ctx))
    }

    // MARK: - Validation

    /// Checks that the arrays of `input` fit together (docs/GUIDANCE.md, *Errors*).
    /// - Throws: `GuidanceError` naming the array and the index that does not fit.
    static func validate(_ input: GuidanceInput) throws(GuidanceError) {
        let n = input.resampledCoords.count
        let m = input.path.coords.count
        guard n >= 2 else { throw .tooFewVertices(what: "resampledCoords", count: n) }
        guard m >= 2 else { throw .tooFewVertices(what: "path.coords", count: m) }
        guard input.cumM.count == n else { throw .countMismatch(what: "cumM", expected: n, found: input.cumM.count) }
        guard input.elevationsM.count == n else { throw .countMismatch(what: "elevationsM", expected: n, found: input.elevationsM.count) }
        guard input.resampledIndexOfPathVertex.count == m else {
            throw .countMismatch(what: "resampledIndexOfPathVertex", expected: m, found: input.resampledIndexOfPathVertex.count)
        }
        let names = input.path.segmentTrailNames.count
        guard names == 0 || names == m - 1 else { throw .countMismatch(what: "path.segmentTrailNames", expected: m - 1, found: names) }
        for (k, p) in input.resampledCoords.enumerated() where !p.isFinite { throw .notFinite(what: "resampledCoords", index: k) }
        for (k, p) in input.path.coords.enumerated() where !p.isFinite { throw .notFinite(what: "path.coords", index: k) }
        for (k, e) in input.elevationsM.enumerated() where !e.isFinite { throw .notFinite(what: "elevationsM", index: k) }
        for (k, c) in input.cumM.enumerated() {
            guard c.isFinite else { throw .notFinite(what: "cumM", index: k) }
            guard k == 0 ? c == 0 : c >= input.cumM[k - 1] else { throw .badCumulativeDistance(index: k) }
        }
        for (k, r) in input.resampledIndexOfPathVertex.enumerated() {
            guard r >= 0, r < n, k == 0 || r >= input.resampledIndexOfPathVertex[k - 1] else { throw .badIndexMap(index: k) }
        }
        guard input.resampledIndexOfPathVertex.first == 0 else { throw .badIndexMap(index: 0) }
        guard input.resampledIndexOfPathVertex.last == n - 1 else { throw .badIndexMap(index: m - 1) }
        for j in input.path.junctions where !(0..<m).contains(j.index) { throw .junctionOutOfRange(index: j.index) }
    }
}
