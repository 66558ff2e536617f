import Foundation
import PackJSON
import TrailpackCore

/// `route.waypoint.junction`, `.summit` and `.poi`: cues stand where the region's trails branch,
/// where the route and the terrain are high, and near the POI they name.
extension GuidanceRules {
    /// A junction cue stands beside a node of the trail network (a routing.json node, or a
    /// trails.geojson line end or vertex shared by lines): the node lies within `junctionReachM`
    /// (metres) of the route's line within `junctionAlongM` along of the cue's vertex. The
    /// builder puts junction cues at nodes (0 m); on a recording matched beside the trails, at
    /// the nearer end of the recorded segment that passes within 16 m of the node, which may be
    /// a long segment where fixes were dropped.
    static let junctionReachM = 25.0
    static let junctionAlongM = 50.0
    /// A summit's ele is the profile's high point: walking away from it either way, the route's
    /// `ele` falls this many metres below it (or the route ends) before rising more than
    /// `summitSlackM` above it (the builder: 20 m before rising above it at all).
    static let summitDropM = 10.0
    static let summitSlackM = 5.0
    /// Terrain probes around a summit (36 at 100 m, as the builder's) higher than its ground by
    /// more than `summitSlackM`: at most this many (the builder: at most 3 higher at all).
    static let summitMaxHigherProbes = 9
    /// A height a summit cue names is its vertex's `ele` within this many metres (the builder
    /// writes the `ele` rounded to whole metres).
    static let heightToleranceM = 10.0
    /// A `poi` cue's POI lies within this of its vertex: the builder's 50 m from the route line,
    /// plus half a 12 m step (the vertex closest to it) and slack.
    static let poiReachM = 60.0
    /// A start, end, turnaround or summit named after a POI lies within this of it: the
    /// builder's 150 m naming radius, plus slack.
    static let namingReachM = 160.0

    /// `route.waypoint.junction`.
    func checkJunctionPlace(_ cue: Cue) {
        guard let context, context.hasRouting || context.hasTrails else { return }
        let p = line.coords[cue.i]
        let fromM = line.cumM[cue.i] - Self.junctionAlongM, toM = line.cumM[cue.i] + Self.junctionAlongM
        // Only nodes that can lie within reach of that stretch of line are measured to it.
        // Found through the node grid: a cue costs the nodes near it, not every node.
        let reachM = Self.junctionAlongM + Self.junctionReachM
        let nodes = context.networkNodes.points
        let candidates = context.networkNodes.candidates(near: p, radiusM: reachM).map { nodes[$0] }.filter {
            shortDistanceM(p, $0) <= reachM
        }
        let nearestM = candidates.map { line.distanceM(from: $0, alongFromM: fromM, toM: toM) }.min()
        figures.junctionFarthestM = GuidanceFigures.maxed(figures.junctionFarthestM, nearestM ?? .infinity)
        if let nearestM, nearestM <= Self.junctionReachM { return }
        let vertexM = (context.routingNodes + context.trailNodes).map { shortDistanceM(p, $0) }.min()
        log.add(.waypointJunction, file: file, node: cue.node,
                expected: "a node of the trail network (a routing.json node, a trails.geojson line end or shared vertex) within \(format(Self.junctionReachM)) m of the route within \(format(Self.junctionAlongM)) m along of coords[\(cue.i)]",
                found: vertexM.map { "the nearest node \(metres($0)) from coords[\(cue.i)]" } ?? "no trail network in the region")
    }

    /// `route.waypoint.summit`: a high point of the route's profile and of the terrain, naming
    /// its height (when it names one) and a POI near it (when it names one).
    func checkSummit(_ cue: Cue) {
        let topM = elevationsM[cue.i]
        if let problem = profileProblem(at: cue.i) {
            log.add(.waypointSummit, file: file, node: cue.node,
                    expected: "a high point of the route's ele: \(format(Self.summitDropM)) m lower on both sides before it rises over \(format(topM + Self.summitSlackM))",
                    found: problem)
            return
        }
        // A pass ("Reach the high point of the pass, 936 m", `name` "Pass 936 m") is a col of the terrain.
        let isPass = [cue.instruction, cue.name].contains { text in
            (text ?? "").lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0 == "pass" || $0 == "col" || $0 == "saddle" }
        }
        let higher = terrain.flatMap { higherProbes(around: line.coords[cue.i], on: $0) }
        if !isPass, let higher { figures.summitMostHigher = GuidanceFigures.maxed(figures.summitMostHigher, higher) }
        if !isPass, let higher, higher > Self.summitMaxHigherProbes {
            log.add(.waypointSummit, file: file, node: cue.node,
                    expected: "a high point of the terrain: at most \(Self.summitMaxHigherProbes) of 36 probes 100 m around it higher by over \(format(Self.summitSlackM)) m",
                    found: "\(higher) of 36 higher")
            return
        }
        for (text, node) in [(cue.instruction, cue.instructionNode), (cue.name, cue.nameNode)] {
            guard let text, let heightM = InstructionText.heightM(in: text) else { continue }
            figures.summitHeightOffM = GuidanceFigures.maxed(figures.summitHeightOffM, abs(heightM - topM))
            guard abs(heightM - topM) > Self.heightToleranceM else { continue }
            log.add(.waypointSummit, file: file, node: node,
                    expected: "the summit's height, \(format(topM)) m (its ele) within \(format(Self.heightToleranceM)) m",
                    found: "\(JSONWriter.quoted(text)) names \(format(heightM)) m")
            return
        }
        checkSummitName(cue)
        checkNamedPlace(cue)
    }

    /// Why vertex `i` is no high point of the route's `ele`; nil when it is one.
    func profileProblem(at i: Int) -> String? {
        let topM = elevationsM[i]
        // The walk from i each way stops at the first vertex above topM + slack (a problem) or
        // summitDropM below topM; the segment tree finds that vertex in O(log n).
        let search = profileCache.search(elevationsM)
        for step in [-1, 1] {
            guard let j = search.first(from: i + step, forward: step > 0, ceilingM: topM + Self.summitSlackM,
                                       topM: topM, dropM: Self.summitDropM), elevationsM[j] > topM + Self.summitSlackM else { continue }
            return "ele \(format(topM)) at coords[\(i)], \(format(elevationsM[j])) at coords[\(j)], \(metres(abs(line.cumM[j] - line.cumM[i]))) \(step < 0 ? "before" : "after") it with no drop of \(format(Self.summitDropM)) m between"
        }
        return nil
    }

    /// Probes 100 m around `p` (every 10°) higher than the ground at `p` by over `summitSlackM`;
    /// a probe outside the grid is not counted.
    func higherProbes(around p: LonLat, on terrain: TerrainGrid) -> Int? {
        guard let centreM = terrain.elevationM(at: p) else { return nil }
        return (0..<36).count { k in
            guard let e = terrain.elevationM(at: Geodesic.destination(from: p, bearingDeg: Double(k) * 10, distanceM: 100)) else { return false }
            return e > centreM + Self.summitSlackM
        }
    }

    /// `route.waypoint.poi`: a `poi` cue names a POI of pois.geojson (by `name`, else in its
    /// instruction) lying within `poiReachM` of its vertex.
    func checkPoi(_ cue: Cue) {
        guard let context, context.pois != nil else { return }
        let named = context.poisNamed(cue.name, instruction: cue.instruction)
        let p = line.coords[cue.i]
        let nearestM = named.map { shortDistanceM(p, $0.location) }.min()
        if let nearestM { figures.poiFarthestM = GuidanceFigures.maxed(figures.poiFarthestM, nearestM) }
        if let nearestM, nearestM <= Self.poiReachM { return }
        log.add(.waypointPOI, file: file, node: cue.name != nil ? cue.nameNode : cue.instructionNode,
                expected: "a POI of pois.geojson it names within \(format(Self.poiReachM)) m of coords[\(cue.i)]",
                found: nearestM.map { "\(named[0].name) \(metres($0)) away" } ?? "no POI of that name")
    }

    /// `route.waypoint.poi` for a start, end, turnaround or summit named after a POI (its `name`
    /// is the POI's; without a `name`, its instruction holds the POI's name, except at the start,
    /// whose instruction names a trail): that POI lies within `namingReachM` (the builder names
    /// them after a POI within 150 m).
    func checkNamedPlace(_ cue: Cue) {
        guard let context, context.pois != nil else { return }
        if cue.kind == .turn && cue.dir != .uTurn { return }
        let named = context.poisNamed(cue.name, instruction: cue.kind == .start ? nil : cue.instruction)
        guard !named.isEmpty else { return }
        let nearest = named.min { shortDistanceM(line.coords[cue.i], $0.location) < shortDistanceM(line.coords[cue.i], $1.location) }!
        let nearestM = shortDistanceM(line.coords[cue.i], nearest.location)
        figures.namedFarthestM = GuidanceFigures.maxed(figures.namedFarthestM, nearestM)
        guard nearestM > Self.namingReachM else { return }
        log.add(.waypointPOI, file: file, node: cue.name != nil ? cue.nameNode : cue.instructionNode,
                expected: "the POI \(JSONWriter.quoted(nearest.name)) within \(format(Self.namingReachM)) m of coords[\(cue.i)] (the \(cue.kind.rawValue) is named after it)",
                found: "\(metres(nearestM)) away")
    }

    /// `route.waypoint.summit` for a summit named after a POI: the POI is of a summit-like kind
    /// (docs/GUIDANCE.md, *Summits*: summit, peak, mountain, hill, top, volcano, dome, knob,
    /// butte), so that a summit is never named after a pond or a trailhead.
    func checkSummitName(_ cue: Cue) {
        guard let context, let name = cue.name else { return }
        let named = context.poisNamed(name, instruction: nil)
        guard !named.isEmpty, !named.contains(where: { Self.summitKinds.contains($0.kind.lowercased()) }) else { return }
        log.add(.waypointSummit, file: file, node: cue.nameNode,
                expected: "a POI of a summit-like kind (\(Self.summitKinds.sorted().joined(separator: ", ")))",
                found: "\(JSONWriter.quoted(name)) is of kind \(JSONWriter.quoted(named[0].kind))")
    }

    /// POI kinds that may name a summit (compared case-insensitively; the builder's
    /// `TerrainSummitCheck.summitKinds`).
    static let summitKinds: Set<String> = ["summit", "peak", "mountain", "hill", "top", "volcano", "dome", "knob", "butte"]
}
