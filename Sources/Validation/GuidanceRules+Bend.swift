import Foundation
import PackJSON
import TrailpackCore

/// `route.waypoint.bend` and `route.waypoint.start-heading`: cues against the bends of the
/// route's own line, measured as the builder measures them (docs/GUIDANCE.md, *Angles*, *Bends
/// at a walker's scale*): turns on 50 m chords, junctions on 25 m chords, the start on the chord
/// to the point 50 m along.
extension GuidanceRules {
    /// Turns are measured on chords of this many metres.
    static let turnWindowM = 50.0
    /// A turn must hold over chords of this many metres...
    static let wideWindowM = 100.0
    /// ...bending at least this many degrees to its side there: the builder's 20° at a corner
    /// (55° elsewhere), less 5° for rounding and resampling.
    static let wideFloorDeg = 15.0
    /// Junctions are measured on chords of this many metres.
    static let junctionWindowM = 25.0
    /// A turn or junction cue with a side bends at least this many degrees to that side: the
    /// builder's turns bend at least 20° that way on their own line, and its slight junctions
    /// 20° on 25 m chords; 5° is left for a line measured after rounding and resampling (and a
    /// recording's junction measured beside its node).
    static let sideFloorDeg = 15.0
    /// A measured bend may lie this many degrees outside the range of the classes next to its
    /// `dir`'s (one class off near a threshold is fine).
    static let classSlackDeg = 10.0
    /// A fork's "Keep left/right" is relative to the other branch, not to straight ahead: up to
    /// the fork's 30° to the other side, plus `classSlackDeg`, is no contradiction.
    static let forkReachDeg = 30.0
    /// From this bend on, the side is read from where the way after lies (`wayAfterOffsetM`):
    /// a metre flips the sign of a bend near 180°.
    static let hairpinDeg = 150.0
    /// ...and is unsettled (either side agrees) when the way after lies within this of the way in.
    static let hairpinMinOffsetM = 4.0
    /// A U-turn bends at least this many degrees over 50 m (the builder's reversals bend 110° or
    /// more, the rest of a 180° turn lost to fixes dropped at the tip).
    static let uTurnMinDeg = 100.0
    /// The start's compass word may be this far from the bearing of the first 50 m, degrees: its
    /// own sector or the next one either way.
    static let headingSlackDeg = 67.5

    /// The measured bend of a cue, signed (positive right), and the side that it settles.
    struct MeasuredBend {
        var bendDeg: Double
        var windowM: Double
        /// nil: a hairpin whose way after lies within `hairpinMinOffsetM` of the way in.
        var side: InstructionReading.Side?
    }

    func measuredBend(at i: Int, windowM: Double) -> MeasuredBend? {
        guard let b = line.bendDeg(at: i, windowM: windowM) else { return nil }
        var side: InstructionReading.Side? = b > 0 ? .right : .left
        if abs(b) >= Self.hairpinDeg {
            let offsetM = line.wayAfterOffsetM(at: i, reachM: windowM / 2) ?? 0
            side = abs(offsetM) < Self.hairpinMinOffsetM ? nil : offsetM > 0 ? .right : .left
        }
        return MeasuredBend(bendDeg: b, windowM: windowM, side: side)
    }

    /// The absolute bends, degrees, that a cue of `dir` may have: the classes next to its own,
    /// widened by `classSlackDeg`, never under `sideFloorDeg` for a dir with a side.
    static func allowedBendDeg(_ dir: TurnDirection) -> ClosedRange<Double> {
        let reading = InstructionReading.of(dir)
        guard let c = reading.dirClass else { return 0...180 }
        let below = InstructionReading.DirClass(rawValue: max(c.rawValue - 1, 0))!
        let above = InstructionReading.DirClass(rawValue: min(c.rawValue + 1, 4))!
        let lo = InstructionReading.bendRangeDeg(of: below).lowerBound - classSlackDeg
        let hi = InstructionReading.bendRangeDeg(of: above).upperBound + classSlackDeg
        return max(lo, reading.side == nil ? 0 : sideFloorDeg)...min(hi, 180)
    }

    /// `route.waypoint.bend` for a turn or junction cue: its `dir`, and the side its instruction
    /// names, agree with the bend of the line at its vertex.
    func checkBend(_ cue: Cue) {
        let windowM = cue.kind == .junction ? Self.junctionWindowM : Self.turnWindowM
        guard let bend = measuredBend(at: cue.i, windowM: windowM) else { return }
        let found = Self.describe(bend)
        if let dir = cue.dir { measure(dir, bend: bend, kind: cue.kind) }
        let forkKnown = checkForkSide(cue)
        if forkKnown == true { return }
        let kind = forkKnown == false ? WaypointKind.turn : cue.kind  // no fork: a bend like a turn's
        if let dir = cue.dir, let problem = contradiction(InstructionReading.of(dir), dir: dir, bend: bend, kind: kind) {
            log.add(.waypointBend, file: file, node: cue.dirNode, expected: "dir \(dir.rawValue): \(problem)", found: found)
            return
        }
        let said = cue.instruction.map(InstructionReading.init)
        if let text = cue.instruction, let said, said.side != nil, let problem = contradiction(said, dir: nil, bend: bend, kind: kind) {
            log.add(.waypointBend, file: file, node: cue.instructionNode,
                    expected: "\(JSONWriter.quoted(text)): \(problem)", found: found)
            return
        }
        if cue.kind == .turn, let side = cue.dir.map(InstructionReading.of)?.side ?? said?.side {
            checkTurnHolds(cue, side: side, bend: bend)
        }
    }

    /// A turn cue's bend holds over 100 m: docs/GUIDANCE.md, *Turns*: "the side of a turn cue
    /// always agrees with the bend over 50 m and over 100 m" (its 100 m bend at least 55°, or
    /// 20° at a corner); not asked of a hairpin, whose 100 m side is unsettled, nor where the
    /// 100 m bend itself turns back (`hairpinDeg` or more: its sign flips with a metre of error).
    func checkTurnHolds(_ cue: Cue, side: InstructionReading.Side, bend: MeasuredBend) {
        guard abs(bend.bendDeg) < Self.hairpinDeg, let wideDeg = line.bendDeg(at: cue.i, windowM: Self.wideWindowM),
              abs(wideDeg) < Self.hairpinDeg else { return }
        let towardDeg = side == .right ? wideDeg : -wideDeg
        figures.leastTurnWideDeg = GuidanceFigures.mined(figures.leastTurnWideDeg, towardDeg)
        guard towardDeg < Self.wideFloorDeg else { return }
        log.add(.waypointBend, file: file, node: cue.dir != nil ? cue.dirNode : cue.instructionNode,
                expected: "a turn to the \(side.rawValue) that holds over \(format(Self.wideWindowM)) m: at least \(format(Self.wideFloorDeg))° that way",
                found: "the line bends \(format((wideDeg * 10).rounded() / 10))° over \(format(Self.wideWindowM)) m chords (\(format((bend.bendDeg * 10).rounded() / 10))° over \(format(bend.windowM)) m)")
    }

    /// Why a cue that says `said` (`dir` when it is a SPEC dir) contradicts `bend`; nil when it does not.
    func contradiction(_ said: InstructionReading, dir: TurnDirection?, bend: MeasuredBend, kind: WaypointKind) -> String? {
        let a = abs(bend.bendDeg)
        if said.dirClass == .uTurn {
            return a >= Self.uTurnMinDeg ? nil : "a bend of at least \(format(Self.uTurnMinDeg))° (the route turns back)"
        }
        let fork = kind == .junction && (said.dirClass == .slight || (said.dirClass == nil && a <= Self.forkReachDeg))
        if let side = said.side, let measured = bend.side, measured != side {
            // A fork's side is relative to the branch not taken.
            if !(fork && a <= Self.forkReachDeg + Self.classSlackDeg) {
                return "a bend to the \(side.rawValue)"
            }
        }
        if let dir {
            let allowed = Self.allowedBendDeg(dir)
            let floorDeg = fork ? 0 : allowed.lowerBound
            if a < floorDeg || a > allowed.upperBound {
                return "a bend of \(format(floorDeg))° to \(format(allowed.upperBound))° (its class or the next, ±\(format(Self.classSlackDeg))°)"
            }
        } else if said.side != nil, !fork, a < Self.sideFloorDeg {
            return "a bend of at least \(format(Self.sideFloorDeg))° to the \(said.side!.rawValue)"
        }
        return nil
    }

    /// Records how close a cue of `dir` comes to the bend limits (`figures`).
    func measure(_ dir: TurnDirection, bend: MeasuredBend, kind: WaypointKind) {
        let a = abs(bend.bendDeg), meant = InstructionReading.of(dir)
        if dir == .uTurn {
            figures.leastUTurnDeg = GuidanceFigures.mined(figures.leastUTurnDeg, a)
        } else if kind == .turn, let side = meant.side {
            let towardDeg = bend.side == nil ? a : bend.side == side ? a : -a
            figures.leastTurnDeg = GuidanceFigures.mined(figures.leastTurnDeg, towardDeg)
        } else if kind == .junction, let c = meant.dirClass {
            let range = InstructionReading.bendRangeDeg(of: c)
            let outside = c == .slight ? 0 : max(0, range.lowerBound - a, a - range.upperBound)
            figures.junctionOutsideClassDeg = GuidanceFigures.maxed(figures.junctionOutsideClassDeg, outside)
        }
    }

    static func describe(_ bend: MeasuredBend) -> String {
        let side = bend.side.map { " (\($0.rawValue))" } ?? (abs(bend.bendDeg) >= hairpinDeg ? " (turning back, side unsettled)" : "")
        return "the line bends \(format((bend.bendDeg * 10).rounded() / 10))°\(side) over \(format(bend.windowM)) m chords"
    }

    /// `route.waypoint.start-heading`: the start's compass word names the bearing of the chord
    /// from the first vertex to the point 50 m along (docs/GUIDANCE.md, *Start and end*) within
    /// `headingSlackDeg`.
    func checkStartHeading(_ cue: Cue) {
        guard let text = cue.instruction, let named = Self.compassBearingDeg(in: text),
              let bearing = GuidanceLine.bearingDeg(line.coords[0], line.point(atM: Self.turnWindowM)) else { return }
        let offDeg = abs(GuidanceLine.signedDeg(from: named.bearingDeg, to: bearing))
        figures.startOffDeg = offDeg
        guard offDeg > Self.headingSlackDeg else { return }
        log.add(.waypointStartHeading, file: file, node: cue.instructionNode,
                expected: "a heading within \(format(Self.headingSlackDeg))° of the first 50 m's bearing, \(format((bearing * 10).rounded() / 10))° (its compass sector or the next)",
                found: "\(JSONWriter.quoted(named.word)) (\(format(named.bearingDeg))°, \(format((offDeg * 10).rounded() / 10))° off)")
    }

    /// Compass words and their bearings, 16 points (the builder writes the 8 main ones).
    static let compassDeg: [(word: String, deg: Double)] = [
        ("north-northeast", 22.5), ("east-northeast", 67.5), ("east-southeast", 112.5), ("south-southeast", 157.5),
        ("south-southwest", 202.5), ("west-southwest", 247.5), ("west-northwest", 292.5), ("north-northwest", 337.5),
        ("northeast", 45), ("southeast", 135), ("southwest", 225), ("northwest", 315),
        ("north-east", 45), ("south-east", 135), ("south-west", 225), ("north-west", 315),
        ("north", 0), ("east", 90), ("south", 180), ("west", 270),
    ]

    /// The compass word right after the start's verb ("Head east on ..." → east, 90°), nil when
    /// the instruction names none there.
    static func compassBearingDeg(in text: String) -> (word: String, bearingDeg: Double)? {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init)
        guard words.count >= 2, ["head", "go", "walk", "start", "set", "hike", "leave"].contains(words[0]) else { return nil }
        let candidate = words[1] == "off" || words[1] == "out" ? (words.count > 2 ? words[2] : "") : words[1]
        return compassDeg.first { $0.word == candidate }.map { ($0.word, $0.deg) }
    }
}
