import TrailpackCore

/// Summit waypoints: high points of the profile that the terrain confirms (or cols it
/// confirms), named after a summit-like POI (`SummitNaming`), else worded with their elevation.
enum SummitPass {
    /// A summit of the profile kept for a cue: its resampled vertex, whether it reads as a col,
    /// and whether a POI may name it (a col the terrain confirms is never named after a POI).
    struct Summit: Equatable {
        var vertex: Int
        var isCol: Bool
        var nameable: Bool
    }

    /// The summit waypoints, and the POIs that name a summit (never also passed as a `poi`).
    /// A summit named after the POI the start or end is named after is left to them.
    static func waypoints(_ ctx: PassContext) -> (waypoints: [Waypoint], named: Set<Int>) {
        let summits = candidates(ctx)
        let naming = SummitNaming.names(ctx, summits: summits.filter(\.nameable).map(\.vertex))
        var out: [Waypoint] = []
        for s in summits where !naming.silent.contains(s.vertex) {
            let eleM = ctx.input.elevationsM[s.vertex], ele = MetresFormat.wholeMetres(eleM)
            if let p = naming.poiOf[s.vertex] {
                if p == ctx.endPoi || p == ctx.startPoi { continue }
                let name = ctx.poi(p).name
                out.append(Waypoint(i: s.vertex, kind: .summit, name: name, instruction: "Reach the summit of \(name)"))
            } else if s.isCol {
                out.append(Waypoint(i: s.vertex, kind: .summit, name: MetresFormat.labelled("Pass", eleM: eleM), instruction: "Reach the high point of the pass, " + ele))
            } else {
                out.append(Waypoint(i: s.vertex, kind: .summit, name: MetresFormat.labelled("Summit", eleM: eleM), instruction: "Reach the summit, " + ele))
            }
        }
        return (out, Set(naming.poiOf.values))
    }

    /// The profile's summits (`SummitDetector`) more than `endsRadiusM` along from either end
    /// that the terrain confirms as a high point (`TerrainSummitCheck.isHighPoint`) or as a col
    /// the route crosses (`SummitDetector.isPass` and `TerrainSummitCheck.isCol`, the way in and
    /// out on `angleChordM` chords). Without terrain (tests) every summit is kept and may be
    /// named; unnamed, it reads as a col when `SummitDetector.isPass`.
    static func candidates(_ ctx: PassContext) -> [Summit] {
        let input = ctx.input, tuning = ctx.tuning
        let endsM = tuning.cues.endsRadiusM, chordM = tuning.cues.angleChordM
        return SummitDetector.summitIndices(input.elevationsM, tuning: tuning).compactMap { k in
            guard input.cumM[k] > endsM && ctx.totalM - input.cumM[k] > endsM else { return nil }
            let isPass = SummitDetector.isPass(input.elevationsM, input.cumM, at: k, tuning: tuning)
            guard let terrain = input.terrain else { return Summit(vertex: k, isCol: isPass, nameable: true) }
            let p = input.resampledCoords[k]
            if TerrainSummitCheck.isHighPoint(p, on: terrain, tuning: tuning) { return Summit(vertex: k, isCol: false, nameable: true) }
            let line = ctx.resampled.around(k, aheadM: chordM)
            guard isPass, let inDeg = line.incomingBearingDeg(at: k, windowM: chordM),
                  let outDeg = line.outgoingBearingDeg(at: k, windowM: chordM),
                  TerrainSummitCheck.isCol(p, inBearingDeg: inDeg, outBearingDeg: outDeg, on: terrain, tuning: tuning)
            else { return nil }
            return Summit(vertex: k, isCol: true, nameable: false)
        }
    }
}
