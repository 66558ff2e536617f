import TrailpackCore

/// Junction cues: one at every network node of the route where another trail branches off,
/// except at the route's first and last vertex (the start and end cover them).
enum JunctionPass {
    static func cues(_ ctx: PassContext) -> [Cue] {
        let path = ctx.input.path, line = ctx.pathLine
        let chordM = ctx.tuning.cues.angleChordM
        var seen = Set<Int>()
        var out: [Cue] = []
        for j in path.junctions.sorted(by: { $0.index < $1.index }) {
            guard j.index > 0, j.index < path.coords.count - 1, seen.insert(j.index).inserted else { continue }
            guard let inDeg = line.incomingBearingDeg(at: j.index, windowM: chordM),
                  let outDeg = line.outgoingBearingDeg(at: j.index, windowM: chordM) else { continue }
            let situation = JunctionSituation(
                incomingTrail: trailName(path, segment: j.index - 1),
                outgoingTrail: trailName(path, segment: j.index),
                takenDeviationDeg: Deviation.signedDeg(from: inDeg, to: outDeg),
                branches: j.branches.map { (Deviation.signedDeg(from: inDeg, to: $0.bearingDeg), $0.trailName) },
                offTrailBearingDeg: path.isOffTrail(segment: j.index) && !path.isOffTrail(segment: j.index - 1) ? outDeg : nil)
            // A reversal replaces this cue where the route turns back (`CuePrecedence`).
            let (text, dir) = JunctionPhraser.phrase(situation, tuning: ctx.tuning, direction: ReversalPass.directionNotReversing)
            out.append(Cue(pathIndex: j.index, kind: .junction, name: situation.outgoingTrail,
                           instruction: text, dir: dir, deviationDeg: situation.takenDeviationDeg))
        }
        return out
    }

    /// The trail name of path segment `s`, nil when unnamed or unknown.
    static func trailName(_ path: RoutePath, segment s: Int) -> String? {
        path.segmentTrailNames.indices.contains(s) ? path.segmentTrailNames[s] : nil
    }
}
