import Foundation
import PackJSON
import PackReader
import TrailpackCore

/// One entry of a route file's `landmarks` (SPEC routes section), read back for previews.
public struct PackLandmark: Sendable, Equatable {
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

/// Reads the optional `landmarks` of a region's route files through PackReader (files that
/// predate the key give an empty list). Kept apart from `PackRoute` so the route reader stays as it is.
public enum PackLandmarks {
    /// Decodes the `landmarks` of a route document.
    /// - Throws: `PreviewError.malformed` (naming the file, key path and line) when the key is
    ///   not a SPEC list.
    public static func decode(_ doc: PackDocument) throws(PreviewError) -> [PackLandmark] {
        do { return try read(doc) } catch { throw PreviewError(error) }
    }

    private static func read(_ doc: PackDocument) throws(PackReadError) -> [PackLandmark] {
        let path = doc.path
        var out: [PackLandmark] = []
        for node in RouteView(doc.root).landmarks {
            var visible: [[Int]] = []
            for range in try node.requiredArray("visible", in: path) {
                let ends = range.children.compactMap(\.intValue)
                guard ends.count == 2, range.children.count == 2 else { throw PackReadError.at(range, in: path, "expected [from, to]") }
                visible.append(ends)
            }
            out.append(PackLandmark(name: try node.requiredString("name", in: path), kind: try node.requiredString("kind", in: path),
                                    lon: try node.requiredDouble("lon", in: path), lat: try node.requiredDouble("lat", in: path),
                                    ele: try node.requiredDouble("ele", in: path), nearestM: try node.requiredDouble("nearestM", in: path),
                                    visible: visible))
        }
        return out
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
