import Flyover
import Foundation
import TrailpackCore

/// Every route's flyover (`Flyover.FlyoverPath`) over the region's own grids as read back from
/// disk (its AR patch, then `terrain.bin`, and the region mesh as the page draws it when strided:
/// `FlyoverMesh`), in the frame centred on the region's bbox that the
/// 3D page draws in; and the `<regionId>-<routeId>-flyover.json` documents.
public struct RegionFlyovers: Sendable {
    public struct Entry: Sendable {
        public var routeId: String
        /// File name beside the page.
        public var file: String
        public var keyframes: [FlyoverKeyframe]
        public var bytes: [UInt8]
        /// The route's `ele` against its AR patch (`FlyoverRouteGround`).
        public var ground: FlyoverRouteGround
    }

    public var frame: FlyoverFrame
    public var entries: [Entry]

    /// The flyovers of `pack`'s routes, in manifest order.
    /// - Throws: `PreviewError` when a grid cannot be read, or `.malformed` when a route's
    ///   numbers give a keyframe that is not finite.
    public static func make(_ pack: RegionPack, region: TerrainGrid, tuning: FlyoverTuning = .standard) throws(PreviewError) -> RegionFlyovers {
        let frame = FlyoverFrame(origin: try pack.manifest.regionBBox().center)
        var entries: [Entry] = []
        let mesh = FlyoverMesh(grid: region)
        for route in pack.routes {
            let patch = try pack.arPatch(for: route)
            let ground = Self.ground(patch: patch, region: region, regionMesh: mesh)
            let keyframes = FlyoverPath.make(coords: route.coords, elevationsM: route.elevationsM, cumM: route.cumulativeM,
                                             ground: ground, frame: frame, tuning: tuning)
            let bytes: [UInt8]
            do { bytes = try FlyoverJSON.bytes(routeId: route.id, keyframes: keyframes, tuning: tuning) } catch {
                throw .malformed(path: pack.folderPath + "/routes/\(route.id).json", reason: "its flyover has a number that is not finite")
            }
            entries.append(Entry(routeId: route.id, file: "\(pack.manifest.id)-\(route.id)-flyover.json", keyframes: keyframes, bytes: bytes,
                                 ground: FlyoverRouteGround.measure(coords: route.coords, elevationsM: route.elevationsM, patch: patch)))
        }
        return RegionFlyovers(frame: frame, entries: entries)
    }

    /// The ground a route's camera clears: its AR patch and the region grid read bilinearly, and
    /// the triangles the page draws of them (the region's mesh, strided over a large region, and
    /// the patch's), which rise up to metres above the bilinear surface between samples.
    static func ground(patch: TerrainGrid, region: TerrainGrid, regionMesh: FlyoverMesh) -> FlyoverGround {
        FlyoverGround(grids: [patch, region], meshes: [regionMesh, FlyoverMesh(grid: patch, maxVertices: patch.width * patch.height)])
    }
}
