import Foundation
import TrailpackCore

/// A fork's side: at a routing.json node where the route and another branch both leave within
/// 30° of straight ahead, the builder says "Keep left" or "Keep right" by the side of the way
/// taken relative to the closest such branch (docs/GUIDANCE.md, *Fork*), not relative to
/// straight ahead. Read from routing.json's own edges, that side is checked exactly.
extension GuidanceRules {
    /// The node must lie this close to the cue's vertex (the builder's cue is at the node), metres.
    static let forkNodeM = 1.0
    /// A branch leaving within this of the route's way in (backwards) or way out is the route's
    /// own edge, degrees.
    static let ownEdgeDeg = 5.0
    /// The way taken and the other branch this close in angle (degrees) leave the side unsettled.
    static let forkUnsettledDeg = 5.0

    /// What routing.json says of the junction at a vertex.
    enum ForkReading {
        /// A fork: the side of the way taken relative to the other branch closest to it, that
        /// branch's deviation and the way taken's (degrees, positive right).
        case fork(side: InstructionReading.Side, rivalDeg: Double, takenDeg: Double)
        /// A node of routing.json where no other branch leaves within 30° of straight ahead with
        /// the way taken: a slight cue there is a slight bend, to its side.
        case noFork
    }

    /// The fork reading of vertex `i`; nil where no routing.json node of 3 or more edge ends lies
    /// at it, or the way taken and the closest other branch leave within `forkUnsettledDeg`.
    func forkReading(at i: Int) -> ForkReading? {
        guard let context, !context.routingBranches.isEmpty else { return nil }
        let p = line.coords[i]
        let near = context.branchNodes.candidates(near: p, radiusM: Self.forkNodeM)
        guard let k = near.first(where: { shortDistanceM(context.routingBranches[$0].node, p) <= Self.forkNodeM }),
              case let node = context.routingBranches[k],
              let inDeg = GuidanceLine.bearingDeg(line.point(atM: line.cumM[i] - Self.junctionWindowM), p),
              let outDeg = GuidanceLine.bearingDeg(p, line.point(atM: line.cumM[i] + Self.junctionWindowM)) else { return nil }
        let takenDeg = GuidanceLine.signedDeg(from: inDeg, to: outDeg)
        guard abs(takenDeg) <= Self.forkReachDeg else { return .noFork }
        let rivals = node.bearingsDeg.filter { b in
            abs(GuidanceLine.signedDeg(from: outDeg, to: b)) > Self.ownEdgeDeg && abs(GuidanceLine.signedDeg(from: inDeg + 180, to: b)) > Self.ownEdgeDeg
        }.map { GuidanceLine.signedDeg(from: inDeg, to: $0) }.filter { abs($0) <= Self.forkReachDeg }
        guard let rival = rivals.min(by: { abs($0 - takenDeg) < abs($1 - takenDeg) }) else { return .noFork }
        guard abs(rival - takenDeg) >= Self.forkUnsettledDeg else { return nil }
        return .fork(side: takenDeg < rival ? .left : .right, rivalDeg: rival, takenDeg: takenDeg)
    }

    /// `route.waypoint.bend` at a fork: a `slight-*` junction cue, and the side its instruction
    /// names, on the side of the way taken relative to the other branch. True when routing.json
    /// settled it (a fork, checked here), false when it is no fork (the bend decides the side),
    /// nil when routing.json cannot tell.
    func checkForkSide(_ cue: Cue) -> Bool? {
        guard cue.kind == .junction, let reading = forkReading(at: cue.i) else { return nil }
        guard case .fork(let side, let rivalDeg, let takenDeg) = reading else { return false }
        let fork = (side: side, rivalDeg: rivalDeg, takenDeg: takenDeg)
        guard let dir = cue.dir, dir == .slightLeft || dir == .slightRight else { return false }
        let found = "a fork: the way taken leaves at \(format((fork.takenDeg * 10).rounded() / 10))°, the other branch at \(format((fork.rivalDeg * 10).rounded() / 10))° (positive right)"
        if InstructionReading.of(dir).side != fork.side {
            log.add(.waypointBend, file: file, node: cue.dirNode, expected: "dir slight-\(fork.side.rawValue) (Keep \(fork.side.rawValue) of the other branch)", found: found)
        } else if let said = cue.instruction.map(InstructionReading.init)?.side, said != fork.side {
            log.add(.waypointBend, file: file, node: cue.instructionNode, expected: "an instruction naming \(fork.side.rawValue) (Keep \(fork.side.rawValue) of the other branch)", found: found)
        }
        return true
    }
}
