import Bindings
import Foundation
import PackReader
import Rerouting
import TrailpackCore
import Validation

/// One region of a built pack, read back from disk exactly as it ships, through PackReader
/// (the same reader `trailpack validate` uses).
public struct RegionPack: Sendable {
    /// The region folder (holding `manifest.json`).
    public var folderPath: String
    public var manifest: PackManifest
    /// Route files in manifest order.
    public var routes: [PackRoute]
    public var hillshade: PNGImage
    public var contours: [ContourFeature]
    public var trails: [TrailFeature]
    public var pois: [POIFeature]
    /// The trail network of `routing.json`; nil for a region without one.
    public var network: RoutingNetwork? = nil

    /// Reads the region in `folderPath`: its manifest, route files, hillshade, GeoJSON layers and
    /// (when the manifest lists it) `routing.json`.
    /// AR patches are read on demand (`arPatch(for:)`).
    /// - Throws: `PreviewError.unreadable` or `.malformed` for the first file that fails.
    public static func load(folderPath: String) throws(PreviewError) -> RegionPack {
        let folder = RegionFolder(url: URL(fileURLWithPath: folderPath))
        func document(_ relative: String) throws(PreviewError) -> PackDocument {
            do { return try folder.document(relative) } catch { throw PreviewError(error) }
        }
        let manifest: PackManifest
        do { manifest = try PackManifest(try folder.document("manifest.json")) } catch { throw PreviewError(error) }
        var routes: [PackRoute] = []
        for r in manifest.routes { routes.append(try PackRoute.decode(try document(r.file.path))) }
        let hillshadePath = folder.displayPath(manifest.files.hillshade.path)
        let hillshade: PNGImage
        do {
            hillshade = try PNGImage.decode(try folder.requireBytes(manifest.files.hillshade.path), label: hillshadePath)
        } catch let error as PackReadError {
            throw PreviewError(error)
        } catch {
            throw .malformed(path: hillshadePath, reason: String(describing: error))
        }
        return RegionPack(folderPath: folderPath, manifest: manifest, routes: routes, hillshade: hillshade,
                          contours: try contours(manifest.files.contours, folder: folder),
                          trails: try GeoJSONLayers.trails(try document(manifest.files.trails.path)),
                          pois: try GeoJSONLayers.pois(try document(manifest.files.pois.path)),
                          network: try manifest.files.routing.map { e throws(PreviewError) in try network(try document(e.path)) })
    }

    /// The region's contours: `contours.geojson`, or the deepest zoom of the tile layer holding
    /// them (pieces with their tile buffers, so lines run on across tile edges).
    /// - Throws: `PreviewError.unreadable` or `.malformed` naming the file.
    static func contours(_ source: ContourSource, folder: RegionFolder) throws(PreviewError) -> [ContourFeature] {
        switch source {
        case .file(let entry):
            let doc: PackDocument
            do { doc = try folder.document(entry.path) } catch { throw PreviewError(error) }
            return try GeoJSONLayers.contours(doc)
        case .tiles(let path, let layer, _):
            let bytes: [UInt8]
            do { bytes = try folder.requireBytes(path) } catch { throw PreviewError(error) }
            do {
                let tiles = try PackTiles(bytes: bytes)
                let deepest = tiles.entries.map(\.tile.z).max() ?? 0
                return try tiles.lines(layer: layer, zoom: deepest, insideOnly: false).compactMap { line in
                    guard let ele = line.number("ele") else { return nil }
                    return ContourFeature(eleM: ele, isIndex: line.property("index") == .bool(true), parts: line.parts)
                }
            } catch {
                throw .malformed(path: folder.displayPath(path), reason: String(describing: error))
            }
        }
    }

    /// The trail network of a `routing.json` document.
    /// - Throws: `PreviewError.malformed` naming the key path and line of the first bad value.
    static func network(_ doc: PackDocument) throws(PreviewError) -> RoutingNetwork {
        do { return try RoutingNetwork(json: doc.root) } catch {
            throw .malformed(path: doc.path, reason: "\(error.path) (line \(error.line)): \(error.message)")
        }
    }

    /// The hillshade's outer pixel edges (`files.hillshade.bounds`).
    /// - Throws: `PreviewError.malformed` when the manifest has no valid bounds for it.
    public func hillshadeBounds() throws(PreviewError) -> BBox {
        guard let box = manifest.files.hillshade.boundsBox, box.problem == nil else {
            throw .malformed(path: folderPath + "/manifest.json", reason: "files.hillshade.bounds is missing or invalid")
        }
        return box
    }

    /// Decodes the TER1 AR patch of `route`.
    /// - Throws: `PreviewError.unreadable` or `.malformed` when the patch cannot be read or decoded.
    public func arPatch(for route: PackRoute) throws(PreviewError) -> TerrainGrid {
        let folder = RegionFolder(url: URL(fileURLWithPath: folderPath))
        let bytes: [UInt8]
        do { bytes = try folder.requireBytes(route.arPatch.path) } catch { throw PreviewError(error) }
        do { return try TER1.decode(bytes) } catch {
            throw .malformed(path: folder.displayPath(route.arPatch.path), reason: String(describing: error))
        }
    }

    /// Size in bytes of the file at a manifest path, nil when it is missing.
    public func fileSizeOnDisk(_ relativePath: String) -> Int? {
        guard PackDisk.pathProblem(relativePath) == nil,
              let attributes = try? FileManager.default.attributesOfItem(atPath: folderPath + "/" + relativePath) else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }
}
