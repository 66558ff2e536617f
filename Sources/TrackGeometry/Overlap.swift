import Foundation

/// Where a line walks the same ground the other way: for a vertex, the nearest point farther
/// along the line whose heading is opposite to the vertex's.
public struct Overlap: Equatable, Sendable {
    /// The point's distance along the line, metres.
    public var alongM: Double
    /// Its distance from the vertex, metres.
    public var distanceM: Double

    public init(alongM: Double, distanceM: Double) {
        self.alongM = alongM
        self.distanceM = distanceM
    }
}

/// What counts as the same ground the other way (`TrackGeometry.overlaps`).
public struct OverlapRule: Equatable, Sendable {
    /// The point lies within this of the vertex, metres.
    public var reachM: Double
    /// ...at least this much farther along the line, metres.
    public var minAheadM: Double
    /// Headings are chords this many metres either side (`TrackGeometry.heading`), metres.
    public var halfChordM: Double
    /// The two headings are opposite within this many degrees (90: any that head back at all).
    public var oppositeWithinDeg: Double
    /// nil, or: a vertex whose ground the line passes more than this many times at least
    /// `minAheadM` farther along (separate runs of segments within `reachM`) has no overlap (a
    /// tangle), found after visiting those passes only.
    public var maxPasses: Int?

    /// Opposite within a right angle: any heading with a component back the other way.
    public static let anyBackDeg = 90.0

    public init(reachM: Double, minAheadM: Double = 0, halfChordM: Double, oppositeWithinDeg: Double = anyBackDeg,
                maxPasses: Int? = nil) {
        self.reachM = reachM
        self.minAheadM = minAheadM
        self.halfChordM = halfChordM
        self.oppositeWithinDeg = oppositeWithinDeg
        self.maxPasses = maxPasses
    }

    /// True when headings `a` and `b` are opposite within `oppositeWithinDeg` (never for a heading
    /// of no length).
    public func opposite(_ a: Vec2, _ b: Vec2) -> Bool {
        let dot = a.dot(b)
        guard dot < 0 else { return false }
        return dot <= -cos(oppositeWithinDeg * Double.pi / Self.halfTurnDeg) * (a.length * b.length)
    }

    /// Degrees in a half turn.
    static let halfTurnDeg = 180.0
}

extension TrackGeometry {
    /// The self-overlap map: for each vertex, `overlap(at:rule:)`.
    public func overlaps(_ rule: OverlapRule) -> [Overlap?] {
        positions.indices.map { overlap(at: $0, rule) }
    }

    /// For vertex `i`: of each segment at or after it, the point nearest the vertex at least
    /// `rule.minAheadM` farther along; among those within `rule.reachM` whose heading is opposite
    /// to the vertex's (`rule.opposite`), the nearest (the first along of equally near ones).
    public func overlap(at i: Int, _ rule: OverlapRule) -> Overlap? {
        let own = heading(atM: cumM[i], halfChordM: rule.halfChordM)
        return nearestOpposite(to: positions[i], heading: own, fromM: cumM[i] + rule.minAheadM, withinM: rule.reachM, rule,
                               segments: i..<max(i, positions.count - 1))
    }

    /// True when `overlap(at: i, rule)` lies within `window` metres along, found without visiting
    /// every segment near vertex `i`: the nearest ground the other way among the segments that
    /// start by the window's end, then, when that lies in the window, whether a segment after
    /// them comes nearer still (every point of those lies beyond the window). A line that passes
    /// the vertex again and again (a tangle) costs the segments up to the window and those
    /// visited until one comes nearer.
    public func overlap(at i: Int, _ rule: OverlapRule, liesWithin window: ClosedRange<Double>) -> Bool {
        let own = heading(atM: cumM[i], halfChordM: rule.halfChordM)
        let fromM = cumM[i] + rule.minAheadM, segmentCount = max(i, positions.count - 1)
        // The first vertex beyond the window's end: segments from it on lie wholly beyond it.
        var beyond = i, hi = positions.count
        while beyond < hi {
            let mid = (beyond + hi) / 2
            if cumM[mid] <= window.upperBound { beyond = mid + 1 } else { hi = mid }
        }
        let split = min(beyond, segmentCount)
        guard let near = nearestOpposite(to: positions[i], heading: own, fromM: fromM, withinM: rule.reachM, rule, segments: i..<split),
              window.contains(near.alongM) else { return false }
        return nearestOpposite(to: positions[i], heading: own, fromM: fromM, withinM: near.distanceM.nextDown, rule,
                               segments: split..<segmentCount, stopAtFirst: true) == nil
    }

    /// Of the segments `range` that may come within `withinM` of `p`, in ascending order: the
    /// point nearest `p` at least `fromM` along, within `withinM`, where the line heads opposite to
    /// `own` (`rule.opposite`, chords `rule.halfChordM` either side), the first along of equally
    /// near ones; with `stopAtFirst`, the first such point found; nil once more than
    /// `rule.maxPasses` runs of segments come within `withinM`.
    func nearestOpposite(to p: Vec2, heading own: Vec2, fromM: Double, withinM: Double, _ rule: OverlapRule,
                         segments range: Range<Int>, stopAtFirst: Bool = false) -> Overlap? {
        var best: Overlap?
        var passes = 0, lastNear = Int.min
        index.forEachSegment(near: p, withinM: withinM, in: range) { j in
            guard cumM[j + 1] >= fromM, let hit = candidate(p, onSegment: j, fromM: fromM), hit.distanceM <= withinM else { return true }
            if let maxPasses = rule.maxPasses {
                if j != lastNear + 1 { passes += 1 }
                lastNear = j
                if passes > maxPasses {
                    best = nil
                    return false
                }
            }
            guard best.map({ hit.distanceM < $0.distanceM || (hit.distanceM == $0.distanceM && hit.alongM < $0.alongM) }) ?? true,
                  rule.opposite(own, heading(atM: hit.alongM, halfChordM: rule.halfChordM)) else { return true }
            best = hit
            return !stopAtFirst
        }
        return best
    }

    /// The point of segment `j` (its part at least `fromM` along) nearest to `p`, nil when the
    /// segment ends before `fromM`.
    public func candidate(_ p: Vec2, onSegment j: Int, fromM: Double) -> Overlap? {
        guard cumM[j + 1] >= fromM else { return nil }
        let startM = max(cumM[j], fromM)
        let a = startM > cumM[j] ? position(atM: startM) : positions[j]
        let hit = p.projected(ontoSegment: a, positions[j + 1])
        return Overlap(alongM: startM + hit.t * (cumM[j + 1] - startM), distanceM: hit.distanceSquared.squareRoot())
    }
}

extension TrackGeometry {
    /// The point of the stretch from `fromM` to `toM` metres along nearest to `p` (the line's
    /// point `atM` metres along), when the line there heads the other way from the line at `atM`
    /// (chords `halfChordM` either side, `heading`): where a way back meets the ground it came
    /// along; nil when the nearest ground heads the same way (a zigzag's next leg). Where
    /// `overlap(at:_:)` asks for the nearest ground heading the other way, this asks which way
    /// the nearest ground heads: a way back that leaves along a trail it joins is then seen to
    /// leave (`Retrace`'s spur rule), and a pass is paired only where it runs beside the other
    /// (`PassFusion`).
    public func facing(_ p: Vec2, atM: Double, alongFromM fromM: Double, toM: Double, halfChordM: Double) -> Overlap? {
        let hit = nearest(to: p, alongFromM: fromM, toM: toM)
        guard heading(atM: atM, halfChordM: halfChordM).dot(heading(atM: hit.alongM, halfChordM: halfChordM)) < 0 else { return nil }
        return Overlap(alongM: hit.alongM, distanceM: hit.distanceM)
    }
}
