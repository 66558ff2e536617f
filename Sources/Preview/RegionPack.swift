import Bindings
import Foundation
import TrailpackCore

/// One region of a built pack, read back from disk exactly as it ships.
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

    /// Reads the region in `folderPath`: its manifest, route files, hillshade and GeoJSON layers.
    /// AR patches are read on demand (`arPatch(for:)`).
    /// - Throws: `PreviewError.unreadable` or `.malformed` for the first file that fails.
    public static func load(folderPath: String) throws(PreviewError) -> RegionPack {
        let manifestPath = folderPath + "/manifest.json"
        let manifest: PackManifest
        do { manifest = try JSONDecoder().decode(PackManifest.self, from: try read(manifestPath)) } catch let error as PreviewError {
            throw error
        } catch {
            throw .malformed(path: manifestPath, reason: String(describing: error))
        }
        var routes: [PackRoute] = []
        for r in manifest.routes {
            let path = try resolve(r.file.path, in: folderPath)
            routes.append(try PackRoute.decode(try read(path), path: path))
        }
        let hillshadePath = try resolve(manifest.files.hillshade.path, in: folderPath)
        let hillshade: PNGImage
        do { hillshade = try PNGImage.read(path: hillshadePath) } catch {
            throw .malformed(path: hillshadePath, reason: error.description)
        }
        let contoursPath = try resolve(manifest.files.contours.path, in: folderPath)
        let trailsPath = try resolve(manifest.files.trails.path, in: folderPath)
        let poisPath = try resolve(manifest.files.pois.path, in: folderPath)
        return RegionPack(folderPath: folderPath, manifest: manifest, routes: routes, hillshade: hillshade,
                          contours: try GeoJSONLayers.contours(try read(contoursPath), path: contoursPath),
                          trails: try GeoJSONLayers.trails(try read(trailsPath), path: trailsPath),
                          pois: try GeoJSONLayers.pois(try read(poisPath), path: poisPath))
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
        let path = try Self.resolve(route.arPatch.path, in: folderPath)
        do { return try TER1.decode([UInt8](try Self.read(path))) } catch let error as PreviewError {
            throw error
        } catch {
            throw .malformed(path: path, reason: String(describing: error))
        }
    }

    /// Size in bytes of the file at a manifest path, nil when it is missing.
    public func fileSizeOnDisk(_ relativePath: String) -> Int? {
        guard let path = try? Self.resolve(relativePath, in: folderPath),
              let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }

    /// Joins a manifest path to the region folder, refusing paths that could leave it.
    static func resolve(_ relative: String, in folder: String) throws(PreviewError) -> String {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\\"), !parts.contains("..") else {
            throw .malformed(path: folder + "/manifest.json", reason: "file path \"\(relative)\" is not a safe relative path")
        }
        return folder + "/" + relative
    }

    static func read(_ path: String) throws(PreviewError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "no such file or unreadable") }
        return data
    }
}
