import TrailpackCore

/// A turn, junction or U-turn cue at a vertex of the cleaned path, before it becomes a waypoint.
struct Cue: Equatable {
    var pathIndex: Int
    var kind: WaypointKind
    var name: String?
    var instruction: String
    var dir: TurnDirection
    /// Signed deviation of the way on from the way in, degrees (positive right).
    var deviationDeg: Double

    /// Its row of the precedence table.
    var waypointClass: WaypointClass { WaypointClass(kind: kind, dir: dir) }
}

/// The classes of waypoint the precedence table orders: the SPEC kinds, with a U-turn (a `turn`
/// with `dir: u-turn`) apart from other turns.
enum WaypointClass: Equatable, Sendable {
    case start, junction, turn, summit, uTurn, poi, end

    init(kind: WaypointKind, dir: TurnDirection?) {
        switch kind {
        case .start: self = .start
        case .junction: self = .junction
        case .turn: self = dir == .uTurn ? .uTurn : .turn
        case .summit: self = .summit
        case .poi: self = .poi
        case .end: self = .end
        }
    }
}

/// How near along the route a cue must be to another for one to absorb the other.
enum CueReach: Equatable, Sendable {
    /// At the same vertex of the cleaned path.
    case sameVertex
    /// Closer than `GuidanceTuning.Cues.mergeWithinM` (a turn to a junction).
    case mergeWithin
    /// Closer than `GuidanceTuning.Cues.mergeTurnsWithinM` (two turns, a turn to a U-turn).
    case mergeTurnsWithin

    /// True when cues at `a` and `b` (path indices) are this near on `line`.
    func holds(_ a: Int, _ b: Int, on line: LineMeasure, tuning: GuidanceTuning) -> Bool {
        switch self {
        case .sameVertex: a == b
        case .mergeWithin: abs(line.cumM[a] - line.cumM[b]) < tuning.cues.mergeWithinM
        case .mergeTurnsWithin: abs(line.cumM[a] - line.cumM[b]) < tuning.cues.mergeTurnsWithinM
        }
    }
}

/// The one precedence table of guidance, for merging cues and for ordering waypoints.
enum CuePrecedence {
    /// One row per class, in the order waypoints at the same `i` are listed (a U-turn after a
    /// summit at the same vertex: "Reach the summit", then "Turn around"); each row names the
    /// classes of cue it absorbs and how near they must be. Two cues of one class that absorb
    /// each other keep the larger absolute deviation (then the earlier). Two junctions never
    /// merge: each node where a wrong branch is possible keeps its cue.
    static let table: [(waypointClass: WaypointClass, absorbs: [WaypointClass: CueReach])] = [
        (.start, [:]),
        (.junction, [.turn: .mergeWithin]),
        (.turn, [.turn: .mergeTurnsWithin]),
        (.summit, [:]),
        (.uTurn, [.junction: .sameVertex, .turn: .mergeTurnsWithin]),
        (.poi, [:]),
        (.end, [:]),
    ]

    /// Position of `c` in `table`: the order at equal `i`.
    static func rank(_ c: WaypointClass) -> Int { table.firstIndex { $0.waypointClass == c } ?? table.count }

    /// How near `b` must be for `a` to absorb it; nil when `a` never absorbs `b`.
    static func reach(_ a: WaypointClass, absorbing b: WaypointClass) -> CueReach? {
        table.first { $0.waypointClass == a }?.absorbs[b]
    }

    /// True when no class absorbs `c`: such a cue always stays (a U-turn).
    static func isFixed(_ c: WaypointClass) -> Bool { !table.contains { $0.absorbs[c] != nil } }

    /// `cues` merged by the table, ordered by path index: a fixed cue stays and removes every cue
    /// it absorbs; the rest merge in route order, each against the last kept.
    static func merged(_ cues: [Cue], on line: LineMeasure, tuning: GuidanceTuning) -> [Cue] {
        let fixed = cues.filter { isFixed($0.waypointClass) }
        let free = cues.filter { c in
            !isFixed(c.waypointClass) && !fixed.contains { f in
                reach(f.waypointClass, absorbing: c.waypointClass)?.holds(f.pathIndex, c.pathIndex, on: line, tuning: tuning) == true
            }
        }
        var kept: [Cue] = []
        for c in free.sorted(by: { $0.pathIndex < $1.pathIndex }) {
            guard let prev = kept.last else { kept.append(c); continue }
            let (a, b) = (prev.waypointClass, c.waypointClass)
            guard let r = reach(a, absorbing: b) ?? reach(b, absorbing: a),
                  r.holds(prev.pathIndex, c.pathIndex, on: line, tuning: tuning) else {
                kept.append(c)
                continue
            }
            let cWins = a == b ? abs(c.deviationDeg) > abs(prev.deviationDeg) : reach(b, absorbing: a) != nil
            if cWins { kept[kept.count - 1] = c }
        }
        return (kept + fixed).sorted { $0.pathIndex < $1.pathIndex }
    }

    /// `waypoints` ordered by `i`, then by the table; the order given where both are equal.
    static func ordered(_ waypoints: [Waypoint]) -> [Waypoint] {
        waypoints.enumerated().sorted { a, b in
            if a.element.i != b.element.i { return a.element.i < b.element.i }
            let ra = rank(WaypointClass(kind: a.element.kind, dir: a.element.dir))
            let rb = rank(WaypointClass(kind: b.element.kind, dir: b.element.dir))
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }
}
