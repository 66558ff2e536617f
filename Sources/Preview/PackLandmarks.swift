import Foundation
import PackJSON
import PackReader
import TrailpackCore

/// Reads the optional `landmarks` of a region's route files through PackReader's `PackLandmark`
/// (files that predate the key give an empty list), as preview errors.
public enum PackLandmarks {
    /// Decodes the `landmarks` of a route document.
    /// - Throws: `PreviewError.malformed` (naming the file, key path and line) when the key is
    ///   not a SPEC list.
    public static func decode(_ doc: PackDocument) throws(PreviewError) -> [PackLandmark] {
        do { return try PackLandmark.read(doc) } catch { throw PreviewError(error) }
    }

    /// The landmarks of every route of `pack`, in manifest order.
    /// - Throws: `PreviewError.unreadable` or `.malformed` for the first route file that fails.
    public static func read(_ pack: RegionPack) throws(PreviewError) -> [[PackLandmark]] {
        let folder = RegionFolder(url: URL(fileURLWithPath: pack.folderPath))
        var out: [[PackLandmark]] = []
        for r in pack.manifest.routes {
            let doc: PackDocument
            do { doc = try folder.document(r.file.path) } catch { throw PreviewError(error) }
            out.append(try decode(doc))
        }
        return out
    }

    /// The region's terrain grid (`terrain.bin`).
    /// - Throws: `PreviewError.unreadable` or `.malformed` when it cannot be read or decoded.
    public static func regionTerrain(_ pack: RegionPack) throws(PreviewError) -> TerrainGrid {
        let folder = RegionFolder(url: URL(fileURLWithPath: pack.folderPath))
        let relative = pack.manifest.files.terrain.path
        let bytes: [UInt8]
        do { bytes = try folder.requireBytes(relative) } catch { throw PreviewError(error) }
        do { return try TER1.decode(bytes) } catch {
            throw .malformed(path: folder.displayPath(relative), reason: String(describing: error))
        }
    }
}
