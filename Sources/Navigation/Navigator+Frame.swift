import TrailpackCore

extension Navigator {
    /// What the app shows after the fix: the banner, what is left and the ETAs.
    func frame(fix: Fix, snap: RouteSnap, corridorM: Double, landmarks: [String]) -> NavFrame {
        let remaining = RouteETA.remaining(route, from: state.progressM)
        let walked = RouteETA.walkedDinS(route, to: state.progressM)
        let corrected = RouteETA.correctedS(remainingDinS: remaining.dinS, elapsedS: state.clock.walkingS, walkedDinS: walked, tuning: tuning)
        return NavFrame(timeS: fix.timeS, progressM: state.progressM, progressIndex: progressIndex, distanceM: snap.distanceM,
                        corridorM: corridorM, offRoute: state.offRoute, arrived: state.arrived,
                        banner: banner(fix: fix, snap: snap), remaining: remaining, etaDinS: Double(remaining.dinS),
                        etaCorrectedS: corrected, walkingS: state.clock.walkingS, landmarks: landmarks)
    }

    /// Off route: the way to the nearest route point; arrived; else the next cue ahead of the progress.
    func banner(fix: Fix, snap: RouteSnap) -> String {
        if state.offRoute {
            return Banner.offRoute(distanceM: snap.distanceM, bearingDeg: shortBearingDeg(fix.location, snap.point), tuning: tuning)
        }
        if state.arrived { return Banner.arrived }
        return Self.onRouteBanner(route, progressM: state.progressM, tuning: tuning)
    }

    /// The banner on route, not arrived, at `progressM`: the first cue ahead with its distance,
    /// "You have arrived" when none is ahead.
    public static func onRouteBanner(_ route: NavRoute, progressM: Double, tuning: NavigationTuning = .standard) -> String {
        guard let w = route.waypoints.first(where: { $0.kind != .start && route.cumM[$0.i] > progressM }) else { return Banner.arrived }
        return Banner.cue(w.instruction, distanceM: route.cumM[w.i] - progressM, tuning: tuning)
    }
}
