/// The guidance rules' measured figures of one route (`--json` `figures`): how close the
/// route's cues come to each rule's limit, so that thresholds can be judged on real packs.
final class GuidanceFigures {
    /// Smallest bend toward a turn cue's side over 50 m, degrees (limit `sideFloorDeg`).
    var leastTurnDeg: Double?
    /// Smallest bend toward a turn cue's side over 100 m, degrees (limit `wideFloorDeg`).
    var leastTurnWideDeg: Double?
    /// Smallest absolute 50 m bend at a U-turn, degrees (limit `uTurnMinDeg`).
    var leastUTurnDeg: Double?
    /// Largest distance of a junction cue's 25 m bend outside its dir's own class, degrees.
    var junctionOutsideClassDeg: Double?
    /// The start's compass word off the first 50 m's bearing, degrees.
    var startOffDeg: Double?
    /// Largest distance from a junction cue's stretch of line to the nearest network node, metres.
    var junctionFarthestM: Double?
    /// Most terrain probes higher than a summit cue's ground (by over `summitSlackM`).
    var summitMostHigher: Int?
    /// Largest difference between a summit's named height and its ele, metres.
    var summitHeightOffM: Double?
    /// Largest distance from a poi cue to its POI, metres.
    var poiFarthestM: Double?
    /// Largest distance from a start, end, turnaround or summit to the POI it is named after, metres.
    var namedFarthestM: Double?
    /// Longest instruction, characters.
    var longestText: Int?

    static func maxed<T: Comparable>(_ a: T?, _ b: T) -> T { a.map { max($0, b) } ?? b }
    static func mined<T: Comparable>(_ a: T?, _ b: T) -> T { a.map { min($0, b) } ?? b }

    func log(to log: ProblemLog, file: String) {
        let rows: [(ValidationRule, String, Double?, Double?)] = [
            (.waypointBend, "leastTurnDeg", leastTurnDeg, GuidanceRules.sideFloorDeg),
            (.waypointBend, "leastTurnWideDeg", leastTurnWideDeg, GuidanceRules.wideFloorDeg),
            (.waypointBend, "leastUTurnDeg", leastUTurnDeg, GuidanceRules.uTurnMinDeg),
            (.waypointBend, "junctionOutsideClassDeg", junctionOutsideClassDeg, nil),
            (.waypointStartHeading, "offDeg", startOffDeg, GuidanceRules.headingSlackDeg),
            (.waypointJunction, "farthestJunctionM", junctionFarthestM, GuidanceRules.junctionReachM),
            (.waypointSummit, "mostHigherProbes", summitMostHigher.map(Double.init), Double(GuidanceRules.summitMaxHigherProbes)),
            (.waypointSummit, "heightOffM", summitHeightOffM, GuidanceRules.heightToleranceM),
            (.waypointPOI, "farthestPoiM", poiFarthestM, GuidanceRules.poiReachM),
            (.waypointPOI, "farthestNamedM", namedFarthestM, GuidanceRules.namingReachM),
            (.waypointText, "longestCharacters", longestText.map(Double.init), Double(InstructionText.maxCharacters)),
        ]
        for (rule, name, value, limit) in rows {
            if let value { log.figure(rule, file: file, name, value, limit: limit) }
        }
    }
}
