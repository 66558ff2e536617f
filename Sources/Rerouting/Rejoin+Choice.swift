import PackReader
import TrailGraph
import TrailpackCore

extension RegionNetwork {
    /// The route vertex at or after `index` with the least walking time from the hiker (`times`:
    /// least seconds from the hiker's node to every node of the network split at the hiker);
    /// ties go to the smaller index. Nil when none can be reached.
    func quickestVertex(_ entry: NetworkRouteEntry, from index: Int, times: [Double], hiker: EdgeLocation,
                        hikerNode: Int) -> RejoinChoice? {
        var best: RejoinChoice?
        for k in locateVertex(entry, index).step..<entry.path.count {
            let step = entry.path[k], e = network.edges[step.edge]
            let c = network.coords(step), z = step.forward ? e.elevationsM : e.elevationsM.reversed()
            let u = network.from(step), v = network.to(step)
            let canAhead = e.timeS(forward: step.forward) != nil, canBack = e.timeS(forward: !step.forward) != nil
            let direct = hiker.edge == step.edge ? hikerOnStep(hiker, step: step, edge: e) : nil
            for m in c.indices where entry.nodes[k].i + m >= index {
                var t = Double.infinity
                if canAhead, times[u].isFinite { t = min(t, times[u] + seconds(Array(c[0...m]), Array(z[0...m]))) }
                if canBack, times[v].isFinite { t = min(t, times[v] + seconds(Array(c[m...].reversed()), Array(z[m...].reversed()))) }
                if let direct, let s = directSeconds(from: direct, to: m, c: c, z: z, canAhead: canAhead, canBack: canBack) { t = min(t, s) }
                if t.isFinite, best == nil || t < best!.timeS { best = RejoinChoice(index: entry.nodes[k].i + m, timeS: t) }
            }
        }
        return best
    }

    /// Seconds to walk a line in its order (0 for a single point).
    func seconds(_ coords: [LonLat], _ elevationsM: [Double]) -> Double {
        guard coords.count >= 2 else { return 0 }
        let profile = EdgeProfile.measure(coords: coords, elevationsM: elevationsM, rates: network.rates, oneway: false)
        return Double(profile.timeS[0] ?? 0)
    }

    /// The hiker's place on a step of the route: between vertices `before` and `before + 1` of
    /// the step's coords (in walking order), at `point`.
    func hikerOnStep(_ hiker: EdgeLocation, step: PathStep, edge: RoutingEdge) -> (before: Int, atVertex: Bool, point: LonLat, eleM: Double) {
        let last = edge.coords.count - 1
        let atVertex = hiker.t == 0
        let before = step.forward ? hiker.seg : (atVertex ? last - hiker.seg : last - hiker.seg - 1)
        let point = atVertex ? edge.coords[hiker.seg] : hiker.point.rounded7
        let eleM = atVertex ? edge.elevationsM[hiker.seg] : EdgeProfile.round1(terrainElevationM(point))
        return (max(0, before), atVertex, point, eleM)
    }

    /// Seconds from the hiker, on the same edge as step vertex `m`, along the edge to it.
    func directSeconds(from h: (before: Int, atVertex: Bool, point: LonLat, eleM: Double), to m: Int, c: [LonLat], z: [Double],
                       canAhead: Bool, canBack: Bool) -> Double? {
        if m == h.before && h.atVertex { return 0 }
        if m > h.before {
            guard canAhead else { return nil }
            return seconds([h.point] + c[(h.before + 1)...m], [h.eleM] + z[(h.before + 1)...m])
        }
        guard canBack else { return nil }
        return seconds([h.point] + c[m...h.before].reversed(), [h.eleM] + z[m...h.before].reversed())
    }
}
