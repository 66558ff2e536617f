import Foundation
import PackJSON
import TrailpackCore

/// What a route file's waypoints mean, checked against the route's own line and the region's
/// other files, without a DEM (docs/VALIDATION.md, *Guidance means what the line does*):
/// `route.waypoint.bend`, `.wording`, `.start-heading`, `.junction`, `.summit`, `.poi`, `.text`.
/// Form (kinds, order, `dir` vocabulary, start and end places) is `RouteRules`' job: a waypoint
/// whose `i` or `kind` is malformed is skipped here.
struct GuidanceRules {
    let file: String
    let log: ProblemLog
    /// The region's trails, routing junctions and POIs; nil when none could be read.
    let context: GuidanceContext?
    /// The route's line (`coords` lon/lat).
    let line: GuidanceLine
    /// The route's `ele`, metres, one per vertex.
    let elevationsM: [Double]
    /// The terrain summits are judged on: the route's AR patch, else the region grid.
    let terrain: TerrainGrid?
    /// How close the cues come to the limits (logged as figures).
    let figures = GuidanceFigures()
    /// The profile's segment tree for the summit cues, built on first use.
    let profileCache = ProfileSearchCache()

    /// One waypoint as read.
    struct Cue {
        /// Position in `waypoints`.
        var index: Int
        var node: JSONNode
        /// Index into `coords`, valid.
        var i: Int
        var kind: WaypointKind
        var dir: TurnDirection?
        var instruction: String?
        var name: String?

        var dirNode: JSONNode { node["dir"] ?? node }
        var instructionNode: JSONNode { node["instruction"] ?? node }
        var nameNode: JSONNode { node["name"] ?? node }
        /// The place in a report: "waypoints[3] (turn at coords[41])".
        var label: String { "waypoints[\(index)] (\(kind.rawValue) at coords[\(i)])" }
    }

    func check(_ waypointsNode: JSONNode) {
        guard line.coords.count >= 2 else { return }
        for cue in cues(waypointsNode) {
            checkText(cue)
            if cue.kind == .turn || cue.kind == .junction {
                checkWording(cue)
                checkBend(cue)
            }
            switch cue.kind {
            case .start: checkStartHeading(cue)
            case .junction: checkJunctionPlace(cue)
            case .summit: checkSummit(cue)
            case .poi: checkPoi(cue)
            case .end, .turn: checkNamedPlace(cue)
            }
            if cue.kind == .start { checkNamedPlace(cue) }
        }
        figures.log(to: log, file: file)
    }

    /// The waypoints whose `i` is an index into `coords` and whose `kind` is known.
    private func cues(_ waypointsNode: JSONNode) -> [Cue] {
        waypointsNode.children.enumerated().compactMap { j, w in
            guard w.type == .object, let i = JSONFields.integerValue(w["i"]), line.coords.indices.contains(i),
                  let kind = JSONFields.stringValue(w["kind"]).flatMap(WaypointKind.init(rawValue:)) else { return nil }
            return Cue(index: j, node: w, i: i, kind: kind,
                       dir: JSONFields.stringValue(w["dir"]).flatMap(TurnDirection.init(rawValue:)),
                       instruction: JSONFields.stringValue(w["instruction"]), name: JSONFields.stringValue(w["name"]))
        }
    }

    /// `route.waypoint.text`: length, printable characters, not blank, no distance.
    private func checkText(_ cue: Cue) {
        guard let text = cue.instruction else { return }
        let names = context?.names ?? []
        let limit = InstructionText.maxCharacters(for: text, names: names)
        figures.longestText = GuidanceFigures.maxed(figures.longestText, text.count)
        if text.count > limit {
            log.add(.waypointText, file: file, node: cue.instructionNode,
                    expected: "an instruction of at most \(limit) characters", found: "\(text.count) characters")
        }
        if let s = InstructionText.unprintable(text) {
            log.add(.waypointText, file: file, node: cue.instructionNode,
                    expected: "printable text (no control, format or zero-width character)",
                    found: "U+" + String(format: "%04X", s.value) + " (\(s.properties.name ?? "\(s.properties.generalCategory)"))")
        } else if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }) {
            log.add(.waypointText, file: file, node: cue.instructionNode, expected: "visible text", found: "only blank characters")
        }
        guard text.contains(where: \.isNumber) || text.contains("½") || text.contains("¼") || text.contains("¾") else { return }
        let spared = names.union(cue.name.map { [$0] } ?? [])
        for d in InstructionText.distances(in: text, outside: spared) {
            if cue.kind == .summit, InstructionText.isHeight(d.text, range: d.range, in: text) { continue }
            log.add(.waypointText, file: file, node: cue.instructionNode,
                    expected: "no distance (SPEC: a client adds the distance to the instruction)", found: JSONWriter.quoted(d.text))
            break
        }
    }

    /// `route.waypoint.wording`: the side and class the instruction's verb names agree with `dir`.
    private func checkWording(_ cue: Cue) {
        guard let dir = cue.dir, let text = cue.instruction else { return }
        let said = InstructionReading(text), meant = InstructionReading.of(dir)
        var wrong: String?
        if let side = said.side, meant.dirClass != .uTurn, side != meant.side {
            wrong = meant.side == nil ? "a side (\(side.rawValue)) for dir \(dir.rawValue)" : "the other side (\(side.rawValue))"
        } else if let c = said.dirClass, c != meant.dirClass {
            wrong = "a verb of class \(c) for dir \(dir.rawValue)"
        }
        guard let wrong else { return }
        log.add(.waypointWording, file: file, node: cue.instructionNode,
                expected: "wording of dir \(dir.rawValue) (\(Self.wordingExample(dir, kind: cue.kind)))",
                found: "\(JSONWriter.quoted(text)): \(wrong)")
    }

    /// The builder's wording of `dir` (docs/GUIDANCE.md).
    static func wordingExample(_ dir: TurnDirection, kind: WaypointKind) -> String {
        switch dir {
        case .straight: "Continue ..."
        case .slightLeft: kind == .junction ? "Keep left ..." : "Bear left"
        case .slightRight: kind == .junction ? "Keep right ..." : "Bear right"
        case .left: "Turn left"
        case .right: "Turn right"
        case .sharpLeft: "Turn sharp left"
        case .sharpRight: "Turn sharp right"
        case .uTurn: "Turn around / Make a U-turn"
        }
    }
}
