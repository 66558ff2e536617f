import TrailpackCore

/// The ground a flyover must clear: the highest of the grids covering a point (a route's AR
/// patch and the region grid), each read with the SPEC's bilinear sampler.
public struct FlyoverGround: Sendable {
    /// The grids, finest first (the AR patch, then the region grid).
    public let grids: [TerrainGrid]

    public init(grids: [TerrainGrid]) { self.grids = grids }

    /// The highest elevation in metres any grid gives at `p`; nil outside every grid.
    public func elevationM(at p: LonLat) -> Double? {
        var best: Double?
        for grid in grids {
            if let z = grid.elevationM(at: p) { best = max(best ?? z, z) }
        }
        return best
    }
}
