import TrailpackCore

/// A point where an edge is cut: on segment `seg` at fraction `t` (0 <= t < 1; 0 is vertex
/// `seg`), the point there, and the node placed at it.
public struct EdgeCut: Sendable, Equatable {
    public var seg: Int
    public var t: Double
    public var point: LonLat
    public var node: Int

    public init(seg: Int, t: Double, point: LonLat, node: Int) {
        self.seg = seg
        self.t = t
        self.point = point
        self.node = node
    }

    /// Ascending along the edge.
    public func isBefore(_ other: EdgeCut) -> Bool { seg != other.seg ? seg < other.seg : t < other.t }
}

/// The one edge split of the network: an edge cut at points along it into consecutive pieces.
public enum EdgeSplit {
    /// A vertex of a piece: one of the edge's own vertices, or one of the cuts.
    public enum Slot: Equatable, Sendable {
        case vertex(Int)
        case cut(Int)
    }

    /// The pieces of a line of `coords` cut at `cuts` (ascending, none at the line's ends):
    /// piece k runs from cut k - 1 (the line's first vertex for k = 0) over the line's vertices
    /// strictly between to cut k (the last vertex after the last cut); a cut at a vertex is
    /// that vertex once. Each piece as slots, so a caller carries any per-vertex value along.
    public static func pieces(_ coords: [LonLat], cuts: [EdgeCut]) -> [[Slot]] {
        let last = coords.count - 1
        func point(_ slot: Slot) -> LonLat {
            switch slot {
            case .vertex(let k): return coords[k]
            case .cut(let k): return cuts[k].point
            }
        }
        var out: [[Slot]] = []
        var from = (seg: 0, slot: Slot.vertex(0))
        for k in 0...cuts.count {
            let to = k < cuts.count ? (seg: cuts[k].seg, t: cuts[k].t, slot: Slot.cut(k)) : (seg: last, t: 0.0, slot: Slot.vertex(last))
            var piece = [from.slot]
            let upper = to.t == 0 ? to.seg : to.seg + 1
            if from.seg + 1 < upper { piece += ((from.seg + 1)..<upper).map(Slot.vertex) }
            if point(piece[piece.count - 1]) != point(to.slot) { piece.append(to.slot) }
            out.append(piece)
            from = (to.seg, to.slot)
        }
        return out
    }

    /// The pieces' vertices, lon/lat.
    public static func pieceCoords(_ coords: [LonLat], cuts: [EdgeCut]) -> [[LonLat]] {
        pieces(coords, cuts: cuts).map { piece in
            piece.map { slot in
                switch slot {
                case .vertex(let k): return coords[k]
                case .cut(let k): return cuts[k].point
                }
            }
        }
    }
}
