import TrailpackCore

/// One recorded or drawn line, computed once: its vertices on the one local planar frame
/// (`GnomonicFrame` about the line's bounding box), its distance along, the point and the heading
/// at a distance along, one spatial index over its segments, and where it walks the same ground
/// the other way (`overlaps`, the self-overlap map).
public struct TrackGeometry: Sendable {
    /// The line's vertices.
    public let coords: [LonLat]
    /// Metres from the first vertex to each vertex, non-decreasing.
    public let cumM: [Double]
    /// The frame `positions` are in.
    public let frame: GnomonicFrame
    /// Each vertex on the frame, metres east and north.
    public let positions: [Vec2]
    /// The segments, by where they lie on the frame.
    public let index: SegmentIndex

    /// The index's cells are this wide, metres: about the reach of the searches that use it.
    public static let defaultCellM = 32.0

    /// The geometry of `coords` with distances along `cumM` (one per vertex, non-decreasing; nil:
    /// measured on the short-range metric, `AlongLine.cumulativeM`), indexed in cells `cellM` wide.
    public init(coords: [LonLat], cumM: [Double]? = nil, cellM: Double = defaultCellM) {
        self.coords = coords
        self.cumM = cumM ?? AlongLine.cumulativeM(coords)
        frame = GnomonicFrame(centeredOn: coords)
        let frame = frame
        positions = coords.map { frame.position($0) }
        index = SegmentIndex(positions: positions, cellM: cellM)
    }

    /// The line's length, metres.
    public var lengthM: Double { cumM.last ?? 0 }

    /// The last vertex at or before `m` metres along (0 before the start; the one before the last
    /// vertex at or after the end, so a segment always follows it on a line of two or more).
    public func segment(atM m: Double) -> Int { Self.segment(atM: m, cumM: cumM) }

    /// `segment(atM:)` of a line whose vertices lie `cumM` metres along.
    public static func segment(atM m: Double, cumM: [Double]) -> Int {
        var lo = 0, hi = cumM.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumM[mid] <= m { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The first vertex at least `m` metres along (the vertex count when none is).
    public func vertex(atOrAfterM m: Double) -> Int { AlongLine.vertex(atOrAfterM: m, cumM: cumM) }

    /// The vertex nearest to `m` metres along (the earlier of two as near).
    public func nearestVertex(toM m: Double) -> Int { AlongLine.nearestVertex(toM: m, cumM: cumM) }

    /// The point `m` metres along the line on the frame (clamped to the line's ends).
    public func position(atM m: Double) -> Vec2 { Self.position(atM: m, positions: positions, cumM: cumM) }

    /// `position(atM:)` of the line through `positions`, which lie `cumM` metres along.
    public static func position(atM m: Double, positions: [Vec2], cumM: [Double]) -> Vec2 {
        guard let first = positions.first else { return .zero }
        if m <= 0 || positions.count == 1 { return first }
        if m >= cumM[cumM.count - 1] { return positions[positions.count - 1] }
        let j = segment(atM: m, cumM: cumM)
        let segM = cumM[j + 1] - cumM[j]
        guard segM > 0 else { return positions[j] }
        return positions[j] + ((m - cumM[j]) / segM) * (positions[j + 1] - positions[j])
    }

    /// The way the line heads `m` metres along: the chord from the point `halfChordM` back to the
    /// point `halfChordM` ahead (clamped to the ends), metres east and north.
    public func heading(atM m: Double, halfChordM: Double) -> Vec2 {
        position(atM: m + halfChordM) - position(atM: m - halfChordM)
    }

    /// The point of the stretch from `fromM` to `toM` metres along (clamped to the line) nearest
    /// to `p`: its distance from `p` and its distance along, metres (the first of equally near ones).
    public func nearest(to p: Vec2, alongFromM fromM: Double, toM: Double) -> (distanceM: Double, alongM: Double) {
        let a = max(0, fromM), b = min(lengthM, toM)
        guard a <= b, positions.count >= 2 else { return ((position(atM: a) - p).length, a) }
        var best = (distanceM: Double.infinity, alongM: a)
        var j = segment(atM: a)
        var from = (point: position(atM: a), alongM: a)
        while true {
            let end = j + 1 < cumM.count && cumM[j + 1] < b
            let to = end ? (point: positions[j + 1], alongM: cumM[j + 1]) : (point: position(atM: b), alongM: b)
            let hit = p.projected(ontoSegment: from.point, to.point)
            let d = hit.distanceSquared.squareRoot()
            if d < best.distanceM { best = (d, from.alongM + hit.t * (to.alongM - from.alongM)) }
            guard end else { break }
            from = to
            j += 1
        }
        return best
    }
}
