import TrailpackCore

/// Turn cues off the network: the walker's bends (`WalkerBends.turns`) except those within a
/// switchback run (`SwitchbackRuns`), where the trail is the only way on. On the network every
/// decision point is a junction, and the trail's own bends need no cue.
enum TurnPass {
    /// The turn cues of the route. On a recording that walks back along itself, both passes are
    /// read as one (`PassFusion`) when `fusingPasses`; `tips` are its reversals on `lines.bendLine`.
    static func cues(_ ctx: PassContext, _ lines: BendLines, tips: [Reversal], fusingPasses: Bool) -> [Cue] {
        guard !ctx.input.path.onNetwork else { return [] }
        var partners: [Double?]?
        if !ctx.input.isDrawn, fusingPasses {
            let found = PassFusion.partners(on: lines.bendLine, tips: tips.map(\.pathIndex), tuning: ctx.tuning,
                                            geometry: lines.geometry)
            if found.contains(where: { $0 != nil }) { partners = found }
        }
        let fusedLine = partners.map { PassFusion.fused(lines.turnLine, partners: $0, tuning: ctx.tuning) } ?? lines.turnLine
        let fusedBends = partners.map {
            WalkerBends.walkBends(on: fusedLine, updating: lines.walkBends, movedAt: $0.map { $0 != nil }, tuning: ctx.tuning)
        } ?? lines.walkBends
        let cues = turnCues(fusedLine, lines.bendSource, fusedBends, unsmoothed: lines.bendLine, partners: partners,
                            tuning: ctx.tuning)
        return agreeingWithWrittenLine(cues, ctx)
    }

    /// `cues` less those that contradict the route's written line at their vertex
    /// (`TurnAgreement`, the reading `trailpack validate` makes).
    static func agreeingWithWrittenLine(_ cues: [Cue], _ ctx: PassContext) -> [Cue] {
        guard let last = cues.last else { return cues }
        let written = ctx.resampled.around(ctx.input.resampledIndexOfPathVertex[last.pathIndex], aheadM: ctx.tuning.bends.wideWindowM)
        return cues.filter { cue in
            let k = ctx.input.resampledIndexOfPathVertex[cue.pathIndex]
            return TurnAgreement.agrees(deviationDeg: cue.deviationDeg, at: k, on: written, tuning: ctx.tuning)
        }
    }

    /// The turns of `line` (the smoothed, perhaps fused, bend line whose vertex `k` is path vertex
    /// `source[k]`) outside switchback runs, as cues; with `partners`, turns and runs are
    /// mirrored onto the other pass.
    static func turnCues(_ line: LineMeasure, _ source: [Int], _ walkBends: [Double?],
                         unsmoothed: LineMeasure, partners: [Double?]?, tuning: GuidanceTuning) -> [Cue] {
        var runs = SwitchbackRuns.runs(on: unsmoothed, tuning: tuning).map { r in
            let marginM = tuning.switchbacks.marginM
            return (line.cumM[r.tips[0]] - marginM)...(line.cumM[r.tips[r.tips.count - 1]] + marginM)
        }
        // A zigzag walked twice is a run on both passes, wherever one pass reads it as one.
        if let partners { runs += PassFusion.mirroredRanges(runs, partners: partners, line: line) }
        var turns = WalkerBends.turns(on: line, walkBends: walkBends, unsmoothed: unsmoothed, tuning: tuning)
        if let partners {
            turns = PassFusion.mirrored(turns, partners: partners, line: line, walkBends: walkBends, unsmoothed: unsmoothed,
                                         tuning: tuning)
        }
        return turns.filter { t in
            !runs.contains { $0.contains(line.cumM[t.pathIndex]) }
        }.map {
            let dir = ReversalPass.directionNotReversing(deviationDeg: $0.deviationDeg)
            return Cue(pathIndex: source[$0.pathIndex], kind: .turn, name: nil, instruction: Deviation.turnVerb(dir),
                       dir: dir, deviationDeg: $0.deviationDeg)
        }
    }
}
