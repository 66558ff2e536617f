import TrailpackCore

/// Which summit a summit-like POI names. A POI names a summit on every *visit* of the route to
/// it: a maximal stretch of the resampled line within `namingRadiusM` of the POI. In each visit
/// the summit closest to the POI takes its name and any other summit the POI would name in that
/// visit is not announced, so an out-and-back over a named summit, or a route crossing it twice,
/// names it each time it gets there and never calls it "the summit, N m" a few metres away.
enum SummitNaming {
    struct Naming: Equatable {
        /// Summit vertex -> the POI (index into `input.pois`) it is named after.
        var poiOf: [Int: Int] = [:]
        /// Summit vertices not announced: a second summit in a visit to a POI that names another.
        var silent: Set<Int> = []
    }

    /// Names `summits` (resampled vertices, ascending): each after the nearest POI of a
    /// summit-like kind (`TerrainSummitCheck.isSummitKind`) within `namingRadiusM` (ties: the
    /// earlier POI), one per visit to that POI (the closest to it; ties: the earlier vertex).
    static func names(_ ctx: PassContext, summits: [Int]) -> Naming {
        let summitLike = ctx.input.pois.indices.filter { TerrainSummitCheck.isSummitKind(ctx.poi($0).kind) }
        var byPoi: [Int: [Int]] = [:]  // POI -> the summits it is nearest to, ascending
        for k in summits {
            let near = summitLike.filter { ctx.distanceM(vertex: k, poi: $0) <= ctx.tuning.cues.namingRadiusM }
            guard let p = near.min(by: { ctx.distanceM(vertex: k, poi: $0) < ctx.distanceM(vertex: k, poi: $1) }) else { continue }
            byPoi[p, default: []].append(k)
        }
        var out = Naming()
        for (p, vertices) in byPoi {
            for visit in visits(ctx, to: p, vertices) {
                guard let best = visit.min(by: { ctx.distanceM(vertex: $0, poi: p) < ctx.distanceM(vertex: $1, poi: p) }) else { continue }
                out.poiOf[best] = p
                out.silent.formUnion(visit.filter { $0 != best })
            }
        }
        return out
    }

    /// `vertices` (ascending, each within `namingRadiusM` of POI `p`) grouped by the visit to
    /// `p` they lie on: two are on one visit when every resampled vertex between them is within
    /// `namingRadiusM` of `p`.
    static func visits(_ ctx: PassContext, to p: Int, _ vertices: [Int]) -> [[Int]] {
        var out: [[Int]] = []
        for k in vertices {
            if let prev = out.last?.last,
               (prev...k).allSatisfy({ ctx.distanceM(vertex: $0, poi: p) <= ctx.tuning.cues.namingRadiusM }) {
                out[out.count - 1].append(k)
            } else {
                out.append([k])
            }
        }
        return out
    }
}
