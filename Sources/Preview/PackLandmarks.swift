import Foundation
import TrailpackCore

/// One entry of a route file's `landmarks` (SPEC routes section), read back for previews.
public struct PackLandmark: Decodable, Sendable, Equatable {
    public var name: String
    public var kind: String
    public var lon: Double
    public var lat: Double
    public var ele: Double
    public var nearestM: Double
    /// Inclusive index ranges into the route's coords, `[from, to]`.
    public var visible: [[Int]]

    public var location: LonLat { LonLat(lon, lat) }

    /// True when vertex `i` sees the landmark.
    public func isVisible(from i: Int) -> Bool { visible.contains { $0.count == 2 && $0[0] <= i && i <= $0[1] } }

    /// How many vertices see it.
    public var visibleVertexCount: Int { visible.reduce(0) { $0 + ($1.count == 2 ? max(0, $1[1] - $1[0] + 1) : 0) } }
}

/// Reads the optional `landmarks` of a region's route files (files that predate the key give
/// an empty list). Kept apart from `PackRoute` so the route reader stays as it is.
public enum PackLandmarks {
    private struct Raw: Decodable { var landmarks: [PackLandmark]? }

    /// Decodes the `landmarks` of a route file's bytes.
    /// - Throws: `PreviewError.malformed` (labelled with `path`) when the key is not a SPEC list.
    public static func decode(_ data: Data, path: String) throws(PreviewError) -> [PackLandmark] {
        do { return try JSONDecoder().decode(Raw.self, from: data).landmarks ?? [] } catch {
            throw .malformed(path: path, reason: "landmarks: \(error)")
        }
    }

    /// The landmarks of every route of `pack`, in manifest order.
    /// - Throws: `PreviewError.unreadable` or `.malformed` for the first route file that fails.
    public static func read(_ pack: RegionPack) throws(PreviewError) -> [[PackLandmark]] {
        var out: [[PackLandmark]] = []
        for r in pack.manifest.routes {
            let path = try RegionPack.resolve(r.file.path, in: pack.folderPath)
            out.append(try decode(try RegionPack.read(path), path: path))
        }
        return out
    }

    /// The region's terrain grid (`terrain.bin`).
    /// - Throws: `PreviewError.unreadable` or `.malformed` when it cannot be read or decoded.
    public static func regionTerrain(_ pack: RegionPack) throws(PreviewError) -> TerrainGrid {
        let path = try RegionPack.resolve(pack.manifest.files.terrain.path, in: pack.folderPath)
        do { return try TER1.decode([UInt8](try RegionPack.read(path))) } catch let error as PreviewError {
            throw error
        } catch {
            throw .malformed(path: path, reason: String(describing: error))
        }
    }
}
