import TrailpackCore

/// One piece of a multi-part track (a GPX segment, a GeoJSON/KML line feature), with the label
/// messages call it by ("feature 2", "track 0 segment 1").
public struct TrackPart: Equatable, Sendable {
    public var label: String
    /// Vertices in WGS84 degrees, lon/lat, in stored order.
    public var coords: [LonLat]
    /// When the part's first timed fix was recorded, seconds since 1970 UTC (nil: no times).
    public var startS: Double?

    public init(label: String, coords: [LonLat], startS: Double? = nil) {
        self.label = label
        self.coords = coords
        self.startS = startS
    }
}

/// Why the parts of a track do not form one way: the smallest remaining gap between the chain
/// and a part left out, and every part left out.
public struct TrackChainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Label of the part whose end starts the gap (already in the chain).
    public var fromPart: String
    /// "start" or "end": which end of `fromPart`.
    public var fromEnd: String
    public var from: LonLat
    /// Label of the part left out whose end is nearest to the chain.
    public var toPart: String
    public var toEnd: String
    public var to: LonLat
    /// Geodesic length of the gap, metres.
    public var gapM: Double
    /// The join distance in force, metres.
    public var joinM: Double
    /// Every part that could not be chained, in input order.
    public var unchained: [String]

    public var description: String {
        "gap of \(formatMetres(gapM)) between the \(fromEnd) of \(fromPart) at \(from) and the \(toEnd) of \(toPart) at \(to) "
            + "exceeds the join distance of \(formatMetres(joinM)); "
            + "\(unchained.count == 1 ? "part" : "parts") not chained: \(unchained.joined(separator: ", "))"
    }
}

/// The parts of a track chained into one line, and how each part was used.
public struct ChainedTrack: Equatable, Sendable {
    public var coords: [LonLat]
    /// Input indices of the parts in chain order, with whether each was walked backwards.
    public var order: [(part: Int, flipped: Bool)]
    /// True when the parts were chained in the order their fixes were recorded (`startS`).
    public var byTime = false
    /// True when the parts were used in their stored order and direction (empty ones skipped).
    public var isStoredOrder: Bool {
        order.allSatisfy { !$0.flipped } && zip(order, order.dropFirst()).allSatisfy { $0.part < $1.part }
    }

    public static func == (a: ChainedTrack, b: ChainedTrack) -> Bool {
        a.coords == b.coords && a.order.map(\.part) == b.order.map(\.part) && a.order.map(\.flipped) == b.order.map(\.flipped)
    }
}

/// Chains the parts of a recorded or drawn track into the one line a hiker follows, whatever
/// order and direction the parts were stored in.
public enum TrackChainer {
    /// The join distance when none is given, metres: the gap a device leaves when it loses its
    /// fix for half a minute at a walk, far below the distance between two trails' ends.
    public static let defaultJoinM = 50.0

    /// The ends of a part with a finite point: its first and last finite points.
    struct Ends {
        var index: Int
        var start: LonLat
        var end: LonLat
    }

    /// The chain being grown: its parts in order (with whether each is walked backwards), and
    /// the points at its two ends.
    struct Chain {
        var order: [(part: Int, flipped: Bool)]
        var head: LonLat
        var tail: LonLat
    }

    /// Joins `parts` into one line. When every part with a point has a start time (`startS`: a
    /// recording's fixes carry times), the parts follow in time order as stored, each within
    /// `joinM` of the one before (`timeOrdered`): the order the hiker walked them. Else, when
    /// every part's end lies within `joinM` of the next part's start, the stored order is kept.
    /// Otherwise the chain starts from the first part and grows
    /// at whichever end has the nearest free part end (ties: the tail, then the part's stored
    /// direction, then the lower index), flipping parts stored backwards, so the chain runs the
    /// way its first part was stored (`reversed` turns it around). Parts without a finite point are
    /// skipped; non-finite points are kept for the cleaner. Geodesic distances throughout.
    /// - Parameters:
    ///   - joinM: the largest gap, metres, bridged between two part ends.
    ///   - reversed: when true the chained line runs from its last point to its first.
    /// - Throws: `TrackChainError` naming the smallest gap left and every part that cannot be
    ///   chained (nothing is dropped silently).
    public static func chain(_ parts: [TrackPart], joinM: Double = defaultJoinM, reversed: Bool = false) throws(TrackChainError) -> ChainedTrack {
        let usable: [Ends] = parts.enumerated().compactMap { k, part in
            guard let s = part.coords.first(where: \.isFinite), let e = part.coords.last(where: \.isFinite) else { return nil }
            return Ends(index: k, start: s, end: e)
        }
        func assemble(_ order: [(part: Int, flipped: Bool)]) -> ChainedTrack {
            var coords: [LonLat] = []
            coords.reserveCapacity(parts.reduce(0) { $0 + $1.coords.count })
            for (k, flipped) in order { coords += flipped ? parts[k].coords.reversed() : parts[k].coords }
            if reversed { coords.reverse() }
            return ChainedTrack(coords: coords, order: order)
        }
        guard let first = usable.first else { return assemble([]) }
        if let timed = try timeOrdered(usable, parts, joinM: joinM) {
            var chained = assemble(timed)
            chained.byTime = true
            return chained
        }
        if zip(usable, usable.dropFirst()).allSatisfy({ Geodesic.distanceM($0.end, $1.start) <= joinM }) {
            return assemble(usable.map { ($0.index, false) })
        }
        var chain = Chain(order: [(first.index, false)], head: first.start, tail: first.end)
        var free = Array(usable.dropFirst())
        grow(&chain, from: &free, joinM: joinM)
        if !free.isEmpty { throw nearestGap(chain, free, parts, joinM: joinM) }
        return assemble(chain.order)
    }

    /// Grows `chain` at both ends, nearest free end first, while a part of `free` has an end
    /// within `joinM` of one of the chain's; each part taken leaves `free`.
    static func grow(_ chain: inout Chain, from free: inout [Ends], joinM: Double) {
        while !free.isEmpty {
            guard let b = nearestEnd(chain, free), b.gapM <= joinM else { break }
            let part = free.remove(at: b.slot)
            if b.atHead {
                chain.order.insert((part.index, b.flipped), at: 0)
                chain.head = b.flipped ? part.end : part.start
            } else {
                chain.order.append((part.index, b.flipped))
                chain.tail = b.flipped ? part.start : part.end
            }
        }
    }

    /// The free part end nearest to an end of `chain`: the gap, whether at the chain's head,
    /// whether the part is walked backwards, and its position in `free` (ties: the tail, then
    /// the part's stored direction, then the lower position).
    static func nearestEnd(_ chain: Chain, _ free: [Ends]) -> (gapM: Double, atHead: Bool, flipped: Bool, slot: Int)? {
        var best: (gapM: Double, atHead: Bool, flipped: Bool, slot: Int)?
        for (slot, part) in free.enumerated() {
            let options: [(Double, Bool, Bool)] = [
                (Geodesic.distanceM(chain.tail, part.start), false, false), (Geodesic.distanceM(chain.tail, part.end), false, true),
                (Geodesic.distanceM(chain.head, part.end), true, false), (Geodesic.distanceM(chain.head, part.start), true, true),
            ]
            for (gap, atHead, flipped) in options {
                guard let b = best else { best = (gap, atHead, flipped, slot); continue }
                if (gap, atHead ? 1 : 0, flipped ? 1 : 0, slot) < (b.gapM, b.atHead ? 1 : 0, b.flipped ? 1 : 0, b.slot) {
                    best = (gap, atHead, flipped, slot)
                }
            }
        }
        return best
    }

    /// The error for the parts `free` left out of `chain`: the smallest gap between an end of
    /// the chain and an end of a part left out, and every part left out.
    static func nearestGap(_ chain: Chain, _ free: [Ends], _ parts: [TrackPart], joinM: Double) -> TrackChainError {
        let unchained = free.map { parts[$0.index].label }
        let order = chain.order
        var nearest: TrackChainError?
        for part in free {
            for (point, use, isTail) in [(chain.tail, order[order.count - 1], true), (chain.head, order[0], false)] {
                for (to, toEnd) in [(part.start, "start"), (part.end, "end")] {
                    let gapM = Geodesic.distanceM(point, to)
                    if let n = nearest, n.gapM <= gapM { continue }
                    // The chain's tail is its last part's stored end, unless that part is flipped.
                    nearest = TrackChainError(fromPart: parts[use.part].label, fromEnd: isTail != use.flipped ? "end" : "start", from: point,
                                              toPart: parts[part.index].label, toEnd: toEnd, to: to, gapM: gapM, joinM: joinM, unchained: unchained)
                }
            }
        }
        return nearest!
    }
}

/// Metres with one decimal, for messages ("641.1 m").
func formatMetres(_ m: Double) -> String {
    let tenths = (m * tenthsPerMetre).rounded() / tenthsPerMetre
    return "\(tenths) m"
}

/// Decimetres in a metre: messages give metres to one decimal.
private let tenthsPerMetre = 10.0
