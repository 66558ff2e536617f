import TrailpackCore

/// The start and end waypoints: where the route starts and where it arrives, each named by the
/// same rule so a route and its reverse agree.
enum EndpointPass {
    /// The POIs naming the start and the end: the nearest POI (any kind) within `namingRadiusM`
    /// of the first (last) vertex, except one farther than `endsRadiusM` from that vertex that
    /// the route passes (`onRouteVertex`) more than `endsRadiusM` along from that end: that POI
    /// is passed ("Pass X"), not where the route starts or ends.
    static func endPois(_ input: GuidanceInput, onRouteVertex: [Int: Int], tuning: GuidanceTuning) -> (start: Int?, end: Int?) {
        let last = input.resampledCoords.count - 1
        let totalM = input.cumM[last], endsM = tuning.cues.endsRadiusM
        func endpointPoi(_ p: LonLat, passedAt: (Int) -> Bool) -> Int? {
            input.pois.indices.filter { k in
                let d = shortDistanceM(p, input.pois[k].location)
                return d <= endsM || (d <= tuning.cues.namingRadiusM && !(onRouteVertex[k].map(passedAt) ?? false))
            }.min { shortDistanceM(p, input.pois[$0].location) < shortDistanceM(p, input.pois[$1].location) }
        }
        return (endpointPoi(input.resampledCoords[0]) { input.cumM[$0] > endsM },
                endpointPoi(input.resampledCoords[last]) { totalM - input.cumM[$0] > endsM })
    }

    /// The start ("Head north on X", named after its POI, else the first trail on the network)
    /// and the end ("Arrive at X", or "Arrive at the end of the route").
    static func waypoints(_ ctx: PassContext) -> [Waypoint] {
        let input = ctx.input, path = input.path
        let windowM = ctx.tuning.cues.startWindowM
        let startBearing = shortBearingDeg(input.resampledCoords[0], ctx.resampled.around(0, aheadM: windowM).point(atM: windowM))
        let firstTrail = path.onNetwork ? path.segmentTrailNames.first ?? nil : nil
        var head = "Head " + Compass.point8(bearingDeg: startBearing)
        if let t = firstTrail { head += " on \(t)" }
        let start = Waypoint(i: 0, kind: .start, name: ctx.startPoi.map { ctx.poi($0).name } ?? firstTrail, instruction: head)
        guard let p = ctx.endPoi else {
            return [start, Waypoint(i: ctx.lastIndex, kind: .end, instruction: "Arrive at the end of the route")]
        }
        return [start, Waypoint(i: ctx.lastIndex, kind: .end, name: ctx.poi(p).name, instruction: "Arrive at \(ctx.poi(p).name)")]
    }
}
