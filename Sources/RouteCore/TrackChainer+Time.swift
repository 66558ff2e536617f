import TrailpackCore

extension TrackChainer {
    /// The chain order of `usable` parts by their start times, when each has one and there are
    /// at least two: every part as stored (a recording's parts are never walked backwards), in
    /// time order (ties: stored order). Nil when some part has no time.
    /// - Throws: `TrackChainError` for the first gap over `joinM` between one part's end and the
    ///   next part's start in time, naming every later part as not chained.
    static func timeOrdered(_ usable: [Ends], _ parts: [TrackPart], joinM: Double) throws(TrackChainError) -> [(part: Int, flipped: Bool)]? {
        guard usable.count > 1 else { return nil }
        var timed: [(startS: Double, ends: Ends)] = []
        for ends in usable {
            guard let startS = parts[ends.index].startS else { return nil }
            timed.append((startS, ends))
        }
        timed.sort { ($0.startS, $0.ends.index) < ($1.startS, $1.ends.index) }
        for k in 1..<timed.count {
            let from = timed[k - 1].ends, to = timed[k].ends
            let gapM = Geodesic.distanceM(from.end, to.start)
            guard gapM <= joinM else {
                throw TrackChainError(fromPart: parts[from.index].label, fromEnd: "end", from: from.end,
                                      toPart: parts[to.index].label, toEnd: "start", to: to.start, gapM: gapM, joinM: joinM,
                                      unchained: timed[k...].map { parts[$0.ends.index].label })
            }
        }
        return timed.map { ($0.ends.index, false) }
    }
}
