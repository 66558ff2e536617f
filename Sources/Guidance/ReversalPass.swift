import TrailpackCore

/// U-turns: a `turn` with `dir: u-turn` at every place the route turns back on itself
/// (`Reversals`, `Retrace`), named after the POI there. Only a reversal is a U-turn.
enum ReversalPass {
    /// The reversals of the route, with `pathIndex` on `lines.bendLine` (`tips`, for pairing the
    /// passes) and on the path (`onPath`, for the cues).
    static func reversals(_ ctx: PassContext, _ lines: BendLines) -> (tips: [Reversal], onPath: [Reversal]) {
        let tips = Reversals.reversals(on: lines.bendLine, walkBends: lines.walkBends, drawn: ctx.input.isDrawn,
                                          tuning: ctx.tuning, geometry: lines.geometry)
        return (tips, tips.map { Reversal(pathIndex: lines.bendSource[$0.pathIndex], deviationDeg: $0.deviationDeg) })
    }

    /// One U-turn cue per reversal, told where the route's written line turns back
    /// (`TurnAgreement.uTurnPlace`; none where it does not): "Turn around at X" when a POI of any
    /// kind lies within `namingRadiusM` of the tip (the nearest), else "Turn around"; with the
    /// POIs so named.
    static func cues(_ ctx: PassContext, _ reversals: [Reversal]) -> (cues: [Cue], named: Set<Int>) {
        var named = Set<Int>()
        let placed = reversals.compactMap { r in
            TurnAgreement.uTurnPlace(pathIndex: r.pathIndex, ctx).map { Reversal(pathIndex: $0, deviationDeg: r.deviationDeg) }
        }
        let cues = placed.map { r in
            let poi = PoiMatcher.nearestPoi(to: ctx.input.path.coords[r.pathIndex], in: ctx.input.pois,
                                            maxDistanceM: ctx.tuning.cues.namingRadiusM)
            if let poi { named.insert(poi) }
            let name = poi.map { ctx.poi($0).name }
            return Cue(pathIndex: r.pathIndex, kind: .turn, name: name, instruction: name.map { "Turn around at \($0)" } ?? "Turn around",
                       dir: .uTurn, deviationDeg: r.deviationDeg)
        }
        return (cues, named)
    }

    /// The `dir` of a bend or a junction that is no reversal, from its deviation in degrees: its
    /// class (`Deviation.direction`), except that a U-turn's class reads sharp, on the side of
    /// the deviation. The one place where "only a reversal is a U-turn" is decided.
    static func directionNotReversing(deviationDeg: Double) -> TurnDirection {
        let dir = Deviation.direction(forDeviationDeg: deviationDeg)
        guard dir == .uTurn else { return dir }
        return deviationDeg < 0 ? .sharpLeft : .sharpRight
    }
}
