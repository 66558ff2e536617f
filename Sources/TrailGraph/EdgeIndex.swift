import TrailpackCore

/// Where a point meets a network: the nearest point of the nearest edge.
public struct EdgeLocation: Equatable, Sendable {
    public var edge: Int
    /// On segment `seg` (between the edge's vertices `seg` and `seg + 1`) at fraction `t` in 0..<1.
    public var seg: Int
    public var t: Double
    /// The nearest point, lon/lat.
    public var point: LonLat
    /// Geodesic distance in metres from the located point to `point`.
    public var distanceM: Double

    public init(edge: Int, seg: Int, t: Double, point: LonLat, distanceM: Double) {
        self.edge = edge
        self.seg = seg
        self.t = t
        self.point = point
        self.distanceM = distanceM
    }
}

/// The one spatial index of a network's edges (or any lines): every segment in a `SegmentGrid`,
/// each item naming its line and segment.
public struct EdgeIndex: Sendable {
    let grid: SegmentGrid
    /// Item k of the grid is segment `items[k].seg` of line `items[k].edge`.
    let items: [(edge: Int, seg: Int)]

    /// Indexes the segments of `lines` (each line's vertices, lon/lat) in `bounds`, buckets `cellM` metres wide.
    public init(lines: [[LonLat]], bounds: BBox, cellM: Double) {
        var grid = SegmentGrid(bounds: bounds, cellM: cellM)
        var items: [(edge: Int, seg: Int)] = []
        items.reserveCapacity(lines.reduce(0) { $0 + max(0, $1.count - 1) })
        for (k, coords) in lines.enumerated() {
            for s in coords.indices.dropLast() {
                grid.insert(coords[s], coords[s + 1])
                items.append((k, s))
            }
        }
        self.grid = grid
        self.items = items
    }

    /// The nearest point of any line to `p`, optionally within `maxM` metres (planar search
    /// reach) among the segments `accept` takes; nil when none.
    public func nearest(to p: LonLat, maxM: Double = .infinity,
                        accept: ((_ edge: Int, _ seg: Int) -> Bool)? = nil) -> EdgeLocation? {
        let hit: SegmentGrid.Hit?
        if let accept {
            hit = grid.nearest(to: p, maxM: maxM) { accept(items[$0].edge, items[$0].seg) }
        } else {
            hit = grid.nearest(to: p, maxM: maxM)
        }
        guard let hit else { return nil }
        let (edge, seg) = items[hit.item]
        let position = hit.t >= 1 ? (seg + 1, 0.0) : (seg, hit.t)
        return EdgeLocation(edge: edge, seg: position.0, t: position.1, point: hit.point, distanceM: Geodesic.distanceM(p, hit.point))
    }

    /// The (line, segment) pairs with a segment within about `maxM` metres of `q`, in index order.
    public func segments(near q: LonLat, maxM: Double) -> [(edge: Int, seg: Int)] {
        grid.items(near: q, maxM: maxM).map { items[$0] }
    }
}
