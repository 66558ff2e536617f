import Flyover
import Foundation
import TrailpackCore

/// Every route's flyover (`Flyover.FlyoverPath`) over the region's own grids as read back from
/// disk (its AR patch, then `terrain.bin`), in the frame centred on the region's bbox that the
/// 3D page draws in; and the `<regionId>-<routeId>-flyover.json` documents.
public struct RegionFlyovers: Sendable {
    public struct Entry: Sendable {
        public var routeId: String
        /// File name beside the page.
        public var file: String
        public var keyframes: [FlyoverKeyframe]
        public var bytes: [UInt8]
    }

    public var frame: FlyoverFrame
    public var entries: [Entry]

    /// The flyovers of `pack`'s routes, in manifest order.
    /// - Throws: `PreviewError` when a grid cannot be read, or `.malformed` when a route's
    ///   numbers give a keyframe that is not finite.
    public static func make(_ pack: RegionPack, region: TerrainGrid, tuning: FlyoverTuning = .standard) throws(PreviewError) -> RegionFlyovers {
        let frame = FlyoverFrame(origin: try pack.manifest.regionBBox().center)
        var entries: [Entry] = []
        for route in pack.routes {
            let ground = FlyoverGround(grids: [try pack.arPatch(for: route), region])
            let keyframes = FlyoverPath.make(coords: route.coords, elevationsM: route.elevationsM, cumM: route.cumulativeM,
                                             ground: ground, frame: frame, tuning: tuning)
            let bytes: [UInt8]
            do { bytes = try FlyoverJSON.bytes(routeId: route.id, keyframes: keyframes, tuning: tuning) } catch {
                throw .malformed(path: pack.folderPath + "/routes/\(route.id).json", reason: "its flyover has a number that is not finite")
            }
            entries.append(Entry(routeId: route.id, file: "\(pack.manifest.id)-\(route.id)-flyover.json", keyframes: keyframes, bytes: bytes))
        }
        return RegionFlyovers(frame: frame, entries: entries)
    }
}
