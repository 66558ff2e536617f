import TrailpackCore

/// `poi` waypoints: "Pass X" at the route vertex closest to each POI on the route.
enum PoiPass {
    /// A waypoint per POI of `ctx.onRoute`, except those that name something else already (a
    /// summit or a turnaround: `named`; the start or the end) and those at either end (`atEnd`).
    static func waypoints(_ ctx: PassContext, named: Set<Int>) -> [Waypoint] {
        ctx.onRoute.compactMap { m in
            let p = m.poiIndex
            if named.contains(p) || p == ctx.endPoi || p == ctx.startPoi || atEnd(ctx, p, start: true) || atEnd(ctx, p, start: false) {
                return nil
            }
            let name = ctx.poi(p).name
            return Waypoint(i: m.vertexIndex, kind: .poi, name: name, instruction: "Pass \(name)")
        }
    }

    /// True when POI `p` lies at the route's start (`start`) or end: within `endsRadiusM` of the
    /// first (last) vertex, or on the route with its closest vertex within `endsRadiusM` along of
    /// it. The start and end instructions cover it.
    static func atEnd(_ ctx: PassContext, _ p: Int, start: Bool) -> Bool {
        let endsM = ctx.tuning.cues.endsRadiusM
        let vertex = start ? 0 : ctx.lastIndex
        if ctx.distanceM(vertex: vertex, poi: p) <= endsM { return true }
        guard let k = ctx.onRouteVertex[p] else { return false }
        return (start ? ctx.input.cumM[k] : ctx.totalM - ctx.input.cumM[k]) <= endsM
    }
}
