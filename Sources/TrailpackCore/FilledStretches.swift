import Foundation

/// How much of a route runs over filled DEM voids of its AR patch: all stretches together and
/// the longest one (metres, first and last vertex index). The build computes it (`along`), says
/// it in its note or warning and records it in the manifest's route entry
/// (`arPatch.filledVoids`); `validate` names the same vertices from that record (`vertexText`),
/// so both tell one stretch. `.none` for a route over measured terrain.
public struct FilledStretches: Sendable, Equatable {
    public var totalM: Double
    public var longestM: Double
    /// First and last vertex (indices into the route's `coords`) of the longest stretch.
    public var from: Int
    public var to: Int
    public static let none = FilledStretches(totalM: 0, longestM: 0, from: 0, to: 0)

    public init(totalM: Double, longestM: Double, from: Int, to: Int) {
        (self.totalM, self.longestM, self.from, self.to) = (totalM, longestM, from, to)
    }

    /// "longest stretch 1179 m, vertices 188 to 223": the words the build and `validate` share.
    public var vertexText: String {
        String(format: "longest stretch %.0f m, vertices %d to %d", longestM, from, to)
    }

    /// The stretches of `coords` over filled cells of `grid` (`filled`: row-major mask of its
    /// cells; a vertex counts as filled when any of the four cells its bilinear sample uses was
    /// filled); each stretch reaches halfway to the unfilled neighbours on either side.
    public static func along(_ coords: [LonLat], grid: TerrainGrid, filled: [Bool]) -> FilledStretches {
        guard !filled.isEmpty, coords.count >= 2 else { return .none }
        func onFilled(_ p: LonLat) -> Bool {
            let (c, r) = grid.gridPosition(of: p)
            let c0 = max(0, min(grid.width - 1, Int(c.rounded(.down)))), r0 = max(0, min(grid.height - 1, Int(r.rounded(.down))))
            let c1 = min(grid.width - 1, c0 + 1), r1 = min(grid.height - 1, r0 + 1)
            return filled[r0 * grid.width + c0] || filled[r0 * grid.width + c1] || filled[r1 * grid.width + c0] || filled[r1 * grid.width + c1]
        }
        let cumM = Geodesic.cumulativeDistancesM(coords)
        var result = FilledStretches.none
        var start: Int?
        for k in 0...coords.count {
            if k < coords.count && onFilled(coords[k]) {
                if start == nil { start = k }
            } else if let s = start {
                let lo = s > 0 ? (cumM[s - 1] + cumM[s]) / 2 : cumM[s]
                let hi = k < coords.count ? (cumM[k - 1] + cumM[k]) / 2 : cumM[k - 1]
                result.totalM += hi - lo
                if hi - lo > result.longestM { (result.longestM, result.from, result.to) = (hi - lo, s, k - 1) }
                start = nil
            }
        }
        return result
    }
}
