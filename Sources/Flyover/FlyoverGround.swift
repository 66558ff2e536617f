import TrailpackCore

/// The ground a flyover must clear: the highest of the grids covering a point (a route's AR
/// patch and the region grid), each read with the SPEC's bilinear sampler, and of the meshes
/// the 3D page draws of them (`FlyoverMesh`: triangles, strided over a large region).
public struct FlyoverGround: Sendable {
    /// The grids, finest first (the AR patch, then the region grid).
    public let grids: [TerrainGrid]
    /// Drawn surfaces to clear as well (the region's and the patch's triangles as the page draws them).
    public let meshes: [FlyoverMesh]

    public init(grids: [TerrainGrid], meshes: [FlyoverMesh] = []) {
        self.grids = grids
        self.meshes = meshes
    }

    /// The highest elevation in metres any grid or mesh gives at `p`; nil outside every grid.
    public func elevationM(at p: LonLat) -> Double? {
        var best: Double?
        for grid in grids {
            if let z = grid.elevationM(at: p) { best = max(best ?? z, z) }
        }
        for mesh in meshes {
            if let z = mesh.elevationM(at: p) { best = max(best ?? z, z) }
        }
        return best
    }
}
