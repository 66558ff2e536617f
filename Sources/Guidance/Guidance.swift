import TrailpackCore

/// Turns a route into the SPEC's `waypoints`: start, turns, junctions, summits, points of
/// interest and end, worded for a hiker. The rules and vocabulary are in docs/GUIDANCE.md.
public enum Guidance {
    /// A turn cue closer than this along the route to a junction cue merges into it, metres.
    public static let mergeWithinM = 40.0
    /// Two turn cues closer than this along the route merge into one, metres. With 25 m chords,
    /// two corners this close share their chords; on recorded tracks they are mostly one bend
    /// drawn as a zigzag by the GPS.
    public static let mergeTurnsWithinM = 40.0
    /// Junction angles and a pass's way in and out are measured on chords this long, metres.
    public static let angleChordM = 25.0
    /// Window over which the start direction is measured, metres.
    public static let startWindowM = 50.0
    /// A POI this close to the route (metres) becomes a `poi` waypoint.
    public static let poiOnRouteM = 50.0
    /// Summits, turnarounds, the start and the end take the name of the nearest (fitting) POI
    /// within this many metres; the same radius at both ends, so a route and its reverse agree.
    public static let namingRadiusM = 150.0
    /// A POI or summit this close (metres) to the first or last vertex belongs to the start or end.
    public static let endsRadiusM = 50.0

    /// The waypoints of one route, ordered by `i` (an index into `input.resampledCoords`):
    /// exactly one `start` at 0 first, exactly one `end` at the last index last; at equal `i`
    /// the order is start, junction, turn, summit, U-turn, poi, end.
    /// - Throws: `GuidanceError` when the input arrays do not fit together.
    public static func waypoints(for input: GuidanceInput) throws(GuidanceError) -> [Waypoint] {
        try waypoints(for: input, fusingPasses: true)
    }

    /// `waypoints(for:)`, with the passes of a recording that walks back along itself read as one
    /// (`PassFusion`) only when `fusingPasses` (false for tests that measure what it does).
    static func waypoints(for input: GuidanceInput, fusingPasses: Bool) throws(GuidanceError) -> [Waypoint] {
        try validate(input)
        let path = input.path
        let pathLine = LineMeasure(path.coords)
        let last = input.resampledCoords.count - 1

        // Turn and junction cues on the cleaned path, merged, then mapped to resampled indices;
        // a U-turn at every reversal, named after the POI there.
        let (bendLine, bendSource) = pathLine.decimated(minStepM: WalkerBends.groundStepM)
        let turnLine = WalkerBends.smoothed(bendLine)
        let walkBends = WalkerBends.walkBends(on: turnLine)
        let tips = WalkerBends.reversals(on: bendLine, walkBends: walkBends, drawn: input.isDrawn)
        let reversals = tips.map { Reversal(pathIndex: bendSource[$0.pathIndex], deviationDeg: $0.deviationDeg) }
        let reversalIndices = Set(reversals.map(\.pathIndex))
        // A recording that walks back along itself: both passes read as one (`PassFusion`).
        var partners: [Double?]?
        if !input.isDrawn, fusingPasses {
            let found = PassFusion.partners(on: bendLine, tips: tips.map(\.pathIndex))
            if found.contains(where: { $0 != nil }) { partners = found }
        }
        let fusedLine = partners.map { PassFusion.fused(turnLine, partners: $0) } ?? turnLine
        let fusedBends = partners.map { WalkerBends.walkBends(on: fusedLine, updating: walkBends, movedAt: $0.map { $0 != nil }) } ?? walkBends
        let turns = turnCues(path, fusedLine, bendSource, fusedBends, unsmoothed: bendLine, partners: partners)
        let others = (junctionCues(path, pathLine) + turns).filter { c in
            c.kind == .junction ? !reversalIndices.contains(c.pathIndex)
                : !reversals.contains { abs(pathLine.cumM[$0.pathIndex] - pathLine.cumM[c.pathIndex]) < mergeTurnsWithinM }
        }
        var turnaroundPois = Set<Int>()
        let uTurns: [Cue] = reversals.map { r in
            let poi = PoiMatcher.nearestPoi(to: path.coords[r.pathIndex], in: input.pois, maxDistanceM: namingRadiusM)
            if let poi { turnaroundPois.insert(poi) }
            let name = poi.map { input.pois[$0].name }
            return Cue(pathIndex: r.pathIndex, kind: .turn, name: name, instruction: name.map { "Turn around at \($0)" } ?? "Turn around",
                       dir: .uTurn, deviationDeg: r.deviationDeg)
        }
        let cues = (mergeCues(others, pathLine) + uTurns).sorted { $0.pathIndex < $1.pathIndex }
        var out: [Waypoint] = cues.map {
            Waypoint(i: input.resampledIndexOfPathVertex[$0.pathIndex], kind: $0.kind, name: $0.name,
                     instruction: $0.instruction, dir: $0.dir)
        }

        // The resampled line, measured only as far as the start's and the summits' bearings need.
        var measured: LineMeasure?
        func line(around k: Int, aheadM: Double) -> LineMeasure {
            func covers(_ l: LineMeasure) -> Bool {
                l.coords.count == input.resampledCoords.count || (k < l.coords.count && l.cumM[k] + aheadM < l.lengthM)
            }
            if let l = measured, covers(l) { return l }
            var l = LineMeasure(input.resampledCoords, coveringM: 2 * (input.cumM[k] + aheadM) + 1000)
            if !covers(l) { l = LineMeasure(input.resampledCoords) }
            measured = l
            return l
        }
        let first = input.resampledCoords[0], lastPoint = input.resampledCoords[last]
        let totalM = input.cumM[last]

        // POIs on the route, each at its closest vertex.
        let onRoute = PoiMatcher.matches(input.pois, on: input.resampledCoords, maxDistanceM: poiOnRouteM)
        let onRouteVertex = Dictionary(onRoute.map { ($0.poiIndex, $0.vertexIndex) }, uniquingKeysWith: { a, _ in a })

        // Start and end: named after the nearest POI within 150 m of the first (last) vertex,
        // the same rule at both ends; a POI farther than 50 m from that vertex that the route
        // passes more than 50 m along from that end is passed ("Pass X"), not where the route
        // starts or ends.
        func endpointPoi(_ p: LonLat, passedAt: (Int) -> Bool) -> Int? {
            input.pois.indices.filter { k in
                let d = shortDistanceM(p, input.pois[k].location)
                return d <= endsRadiusM || (d <= namingRadiusM && !(onRouteVertex[k].map(passedAt) ?? false))
            }.min { shortDistanceM(p, input.pois[$0].location) < shortDistanceM(p, input.pois[$1].location) }
        }
        let startPoi = endpointPoi(first) { input.cumM[$0] > endsRadiusM }
        let endPoi = endpointPoi(lastPoint) { totalM - input.cumM[$0] > endsRadiusM }
        // POIs at the route's ends: within 50 m of the first (last) vertex, or on the route with
        // their closest vertex within 50 m along the route of it. The start and end cover them.
        func atStart(_ p: Int) -> Bool {
            shortDistanceM(first, input.pois[p].location) <= endsRadiusM
                || onRouteVertex[p].map { input.cumM[$0] <= endsRadiusM } == true
        }
        func atEnd(_ p: Int) -> Bool {
            shortDistanceM(lastPoint, input.pois[p].location) <= endsRadiusM
                || onRouteVertex[p].map { totalM - input.cumM[$0] <= endsRadiusM } == true
        }

        // Summits: high points of the profile that the terrain confirms (or cols it confirms),
        // each named after the nearest summit-like POI within 150 m (a POI names at most one
        // summit: the closest to it). A summit within 50 m of either end, or named after the
        // POI the start or end is named after, is left to the start and end instructions.
        var passes = Set<Int>()
        let summits = SummitDetector.summitIndices(input.elevationsM).filter { k in
            guard input.cumM[k] > endsRadiusM && totalM - input.cumM[k] > endsRadiusM else { return false }
            guard let terrain = input.terrain else { return true }
            if TerrainSummitCheck.isHighPoint(input.resampledCoords[k], on: terrain) { return true }
            guard SummitDetector.isPass(input.elevationsM, input.cumM, at: k),
                  let inDeg = line(around: k, aheadM: angleChordM).incomingBearingDeg(at: k, windowM: angleChordM),
                  let outDeg = line(around: k, aheadM: angleChordM).outgoingBearingDeg(at: k, windowM: angleChordM),
                  TerrainSummitCheck.isCol(input.resampledCoords[k], inBearingDeg: inDeg, outBearingDeg: outDeg, on: terrain)
            else { return false }
            passes.insert(k)
            return true
        }
        let summitLike = input.pois.enumerated().filter { TerrainSummitCheck.isSummitKind($0.element.kind) }.map(\.offset)
        var summitPoi: [Int: Int] = [:]  // summit vertex -> poi index
        var claimedBy: [Int: (vertex: Int, distanceM: Double)] = [:]  // poi index -> summit
        for k in summits where !passes.contains(k) {
            guard let p = summitLike.filter({ shortDistanceM(input.resampledCoords[k], input.pois[$0].location) <= namingRadiusM })
                .min(by: { shortDistanceM(input.resampledCoords[k], input.pois[$0].location) < shortDistanceM(input.resampledCoords[k], input.pois[$1].location) })
            else { continue }
            let d = shortDistanceM(input.resampledCoords[k], input.pois[p].location)
            if let other = claimedBy[p], other.distanceM <= d { continue }
            if let other = claimedBy[p] { summitPoi[other.vertex] = nil }
            claimedBy[p] = (k, d)
            summitPoi[k] = p
        }
        for k in summits {
            let ele = MetresFormat.wholeMetres(input.elevationsM[k])
            if let p = summitPoi[k] {
                if p == endPoi || p == startPoi { continue }
                let name = input.pois[p].name
                out.append(Waypoint(i: k, kind: .summit, name: name, instruction: "Reach the summit of \(name)"))
            } else if input.terrain == nil ? SummitDetector.isPass(input.elevationsM, input.cumM, at: k) : passes.contains(k) {
                out.append(Waypoint(i: k, kind: .summit, name: "Pass, " + ele, instruction: "Reach the high point of the pass, " + ele))
            } else {
                out.append(Waypoint(i: k, kind: .summit, name: "Summit, " + ele, instruction: "Reach the summit, " + ele))
            }
        }

        // POIs on the route, except those already named by a summit, the start or the end,
        // and those at either end.
        for m in onRoute {
            if claimedBy[m.poiIndex] != nil || m.poiIndex == endPoi || m.poiIndex == startPoi || turnaroundPois.contains(m.poiIndex)
                || atStart(m.poiIndex) || atEnd(m.poiIndex) { continue }
            let name = input.pois[m.poiIndex].name
            out.append(Waypoint(i: m.vertexIndex, kind: .poi, name: name, instruction: "Pass \(name)"))
        }

        // Start and end.
        let startBearing = shortBearingDeg(first, line(around: 0, aheadM: startWindowM).point(atM: startWindowM))
        let firstTrail = path.onNetwork ? path.segmentTrailNames.first ?? nil : nil
        var head = "Head " + Compass.point8(bearingDeg: startBearing)
        if let t = firstTrail { head += " on \(t)" }
        out.append(Waypoint(i: 0, kind: .start, name: startPoi.map { input.pois[$0].name } ?? firstTrail, instruction: head))
        if let p = endPoi {
            out.append(Waypoint(i: last, kind: .end, name: input.pois[p].name, instruction: "Arrive at \(input.pois[p].name)"))
        } else {
            out.append(Waypoint(i: last, kind: .end, instruction: "Arrive at the end of the route"))
        }

        // Order by i, then kind; the sort is made stable by the original position.
        // A U-turn comes after a summit at the same vertex: "Reach the summit", then "Turn around".
        let rank: [WaypointKind: Int] = [.start: 0, .junction: 1, .turn: 2, .summit: 3, .poi: 5, .end: 6]
        func order(_ w: Waypoint) -> Int { w.kind == .turn && w.dir == .uTurn ? 4 : rank[w.kind]! }
        return out.enumerated().sorted { a, b in
            if a.element.i != b.element.i { return a.element.i < b.element.i }
            let ra = order(a.element), rb = order(b.element)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    // MARK: - Cues

    /// A turn or junction cue at a vertex of the cleaned path.
    struct Cue: Equatable {
        var pathIndex: Int
        var kind: WaypointKind
        var name: String?
        var instruction: String
        var dir: TurnDirection
        var deviationDeg: Double
    }

    static func junctionCues(_ path: RoutePath, _ line: LineMeasure) -> [Cue] {
        var seen = Set<Int>()
        var out: [Cue] = []
        let n = path.coords.count
        for j in path.junctions.sorted(by: { $0.index < $1.index }) {
            // The start and end instructions cover nodes at the route's ends.
            guard j.index > 0, j.index < n - 1, seen.insert(j.index).inserted else { continue }
            guard let inDeg = line.incomingBearingDeg(at: j.index, windowM: angleChordM),
                  let outDeg = line.outgoingBearingDeg(at: j.index, windowM: angleChordM) else { continue }
            let situation = JunctionSituation(
                incomingTrail: trailName(path, segment: j.index - 1),
                outgoingTrail: trailName(path, segment: j.index),
                takenDeviationDeg: Deviation.signedDeg(from: inDeg, to: outDeg),
                branches: j.branches.map { (Deviation.signedDeg(from: inDeg, to: $0.bearingDeg), $0.trailName) })
            var (text, dir) = JunctionPhraser.phrase(situation)
            if dir == .uTurn {
                // Only a reversal is a U-turn (and a reversal replaces this cue): read it as sharp.
                var sharp = situation
                sharp.takenDeviationDeg = situation.takenDeviationDeg < 0 ? -159.9 : 159.9
                (text, dir) = JunctionPhraser.phrase(sharp)
            }
            out.append(Cue(pathIndex: j.index, kind: .junction, name: situation.outgoingTrail,
                           instruction: text, dir: dir, deviationDeg: situation.takenDeviationDeg))
        }
        return out
    }

    /// Turn cues off the network: the walker's bends (`WalkerBends.turns`) except those within a
    /// switchback run (`SwitchbackRuns`), where the trail is the only way on.
    static func turnCues(_ path: RoutePath, _ line: LineMeasure, _ source: [Int], _ walkBends: [Double?],
                         unsmoothed: LineMeasure, partners: [Double?]? = nil) -> [Cue] {
        // On the network every decision point is a junction; bends of the trail itself are not cues.
        guard !path.onNetwork else { return [] }
        var runs = SwitchbackRuns.runs(on: unsmoothed).map { r in
            (line.cumM[r.tips[0]] - SwitchbackRuns.marginM)...(line.cumM[r.tips[r.tips.count - 1]] + SwitchbackRuns.marginM)
        }
        // A zigzag walked twice is a run on both passes, wherever one pass reads it as one.
        if let partners { runs += PassFusion.mirroredRanges(runs, partners: partners, line: line) }
        var turns = WalkerBends.turns(on: line, walkBends: walkBends, unsmoothed: unsmoothed)
        if let partners { turns = PassFusion.mirrored(turns, partners: partners, line: line, walkBends: walkBends, unsmoothed: unsmoothed) }
        return turns.filter { t in
            !runs.contains { $0.contains(line.cumM[t.pathIndex]) }
        }.map {
            let dir = notReversing(Deviation.direction(forDeviationDeg: $0.deviationDeg), $0.deviationDeg)
            return Cue(pathIndex: source[$0.pathIndex], kind: .turn, name: nil, instruction: Deviation.turnVerb(dir),
                       dir: dir, deviationDeg: $0.deviationDeg)
        }
    }

    /// `dir` with a U-turn read as sharp (by the side of `deviationDeg`): only a reversal is a U-turn.
    static func notReversing(_ dir: TurnDirection, _ deviationDeg: Double) -> TurnDirection {
        dir == .uTurn ? (deviationDeg < 0 ? .sharpLeft : .sharpRight) : dir
    }

    /// Merges a turn cue with its neighbour when they are closer than `mergeWithinM` (turn and
    /// junction) or `mergeTurnsWithinM` (two turns): a junction beats a turn, then the larger
    /// deviation, then the earlier cue. Two junctions are never merged: each network node where
    /// a wrong branch is possible keeps its cue.
    static func mergeCues(_ cues: [Cue], _ line: LineMeasure) -> [Cue] {
        var kept: [Cue] = []
        for c in cues.sorted(by: { $0.pathIndex < $1.pathIndex }) {
            guard let prev = kept.last, !(prev.kind == .junction && c.kind == .junction),
                  line.cumM[c.pathIndex] - line.cumM[prev.pathIndex]
                      < (prev.kind == .turn && c.kind == .turn ? mergeTurnsWithinM : mergeWithinM) else {
                kept.append(c)
                continue
            }
            if outranks(c, prev) { kept[kept.count - 1] = c }
        }
        return kept
    }

    static func outranks(_ a: Cue, _ b: Cue) -> Bool {
        if a.kind != b.kind { return a.kind == .junction }
        return abs(a.deviationDeg) > abs(b.deviationDeg)
    }

    static func trailName(_ path: RoutePath, segment s: Int) -> String? {
        path.segmentTrailNames.indices.contains(s) ? path.segmentTrailNames[s] : nil
    }

    // MARK: - Validation

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
