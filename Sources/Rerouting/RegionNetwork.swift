import Foundation
import Landmarks
import PackJSON
import PackReader
import PackSpec
import RouteFinish
import TrailGraph
import TrailpackCore

/// Everything a client has for rerouting in one region folder, read from the pack alone:
/// the network, the region terrain, the POIs and the routes with their AR patches.
public struct RegionNetwork {
    public let folder: String
    public let network: RoutingNetwork
    public let router: NetworkRouter
    public let terrain: TerrainGrid
    public let bbox: BBox
    public let pois: [PointOfInterest]
    /// The manifest's routes in order: id, name, route file path, AR patch path and bounds.
    public let routes: [(id: String, name: String, file: String, arPatch: String, arBounds: BBox?)]
    /// What a computed route looks for (`landmarkField`), read once; nil when no route file lists a landmark.
    public let landmarks: LandmarkField?
    let disk: RegionFolder

    /// Reads the region folder's manifest, `routing.json`, `terrain.bin`, `pois.geojson` and the
    /// route files' landmarks.
    /// - Throws: `RerouteError.pack` naming the file and place of what cannot be read,
    ///   `.noNetwork` for a region without `routing.json`.
    public init(folder: String) throws(RerouteError) {
        let disk = RegionFolder(url: URL(fileURLWithPath: folder))
        self.disk = disk
        self.folder = folder
        do {
            let manifest = try disk.document("manifest.json")
            let view = ManifestView(manifest.root)
            guard let routingPath = view.file("routing")?.path else { throw RerouteError.noNetwork(region: folder) }
            let routing = try disk.document(routingPath)
            do { network = try RoutingNetwork(json: routing.root) } catch {
                throw RerouteError.pack(.malformed(path: routing.path, at: error.path.description, line: error.line, column: error.column, reason: error.message))
            }
            router = NetworkRouter(network: network)
            terrain = try Self.grid(disk, view.file("terrain")?.path ?? PackTree.terrain)
            bbox = view.bbox ?? terrain.bounds
            pois = try Self.pois(disk, view.file("pois")?.path ?? PackTree.pois)
            routes = view.routes.compactMap { r in
                guard let id = r.id, let file = r.file?.path else { return nil }
                return (id, r.name ?? id, file, r.arPatch?.path ?? PackTree.arPatchFile(id), r.arPatch?.bounds)
            }
            landmarks = try Self.landmarkField(disk, routeFiles: routes.map(\.file), terrain: terrain)
        } catch let e as RerouteError {
            throw e
        } catch let e as PackReadError {
            throw .pack(e)
        } catch {
            throw .pack(.unreadable(path: folder, reason: "\(error)"))
        }
    }

    /// A TER1 grid of the folder.
    static func grid(_ disk: RegionFolder, _ relative: String) throws(PackReadError) -> TerrainGrid {
        let bytes = try disk.requireBytes(relative)
        do { return try TER1.decode(bytes) } catch {
            throw .unreadable(path: disk.displayPath(relative), reason: "not a valid TER1 grid at byte \(error.offset): \(error)")
        }
    }

    /// The POIs of `pois.geojson` (name, kind, point; `ele` when given).
    static func pois(_ disk: RegionFolder, _ relative: String) throws(PackReadError) -> [PointOfInterest] {
        let document = try disk.document(relative)
        return FeatureCollectionView(document.root).features.compactMap { f in
            guard let p = f.point, let name = f.properties?["name"]?.stringValue else { return nil }
            var poi = PointOfInterest(name: name, kind: f.properties?["kind"]?.stringValue ?? "poi", location: p)
            poi.eleM = f.properties?["ele"]?.doubleValue
            return poi
        }
    }

    /// The AR patch of route `id`.
    /// - Throws: `RerouteError.pack` when it cannot be read.
    public func arPatch(route id: String) throws(RerouteError) -> TerrainGrid {
        guard let r = routes.first(where: { $0.id == id }) else { throw .argument(name: "route", message: "no route \(id)") }
        do { return try Self.grid(disk, r.arPatch) } catch { throw .pack(error) }
    }

    /// What a computed route looks for: the landmarks the region's route files list (the build's
    /// candidates that some route sees, after the recipe's include and exclude), over
    /// `terrain.bin`, within the default `LandmarkOptions.maxDistanceM` (the recipe's own limit
    /// is not in the pack). Nil when no route file lists one.
    /// - Throws: `PackReadError` naming a route file that cannot be read.
    static func landmarkField(_ disk: RegionFolder, routeFiles: [String], terrain: TerrainGrid) throws(PackReadError) -> LandmarkField? {
        var seen: [String: Landmark] = [:]
        for file in routeFiles {
            for e in try PackLandmark.read(try disk.document(file)) {
                seen["\(e.name)|\(e.lon)|\(e.lat)"] = Landmark(name: e.name, kind: e.kind, location: e.location, eleM: e.ele)
            }
        }
        guard !seen.isEmpty else { return nil }
        let candidates = seen.values.sorted { ($0.name, $0.location.lon, $0.location.lat) < ($1.name, $1.location.lon, $1.location.lat) }
        return LandmarkField(candidates: candidates, region: TerrainSurface(terrain), maxDistanceM: LandmarkOptions().maxDistanceM)
    }

    /// The finest terrain of the pack that holds every point of `coords`: the smallest AR patch
    /// covering them all by its manifest bounds (a route's own patch for its own line; only that
    /// one is read), else `terrain.bin`.
    public func finestTerrain(covering coords: [LonLat]) -> TerrainGrid {
        guard let box = BBox(covering: coords) else { return terrain }
        let covering = routes.filter { r in
            guard let b = r.arBounds else { return false }
            return b.contains(LonLat(box.west, box.south)) && b.contains(LonLat(box.east, box.north))
        }
        guard let smallest = covering.min(by: { $0.arBounds!.areaDeg2 < $1.arBounds!.areaDeg2 }),
              let patch = try? arPatch(route: smallest.id) else { return terrain }
        return patch
    }
}

extension BBox {
    /// Area in square degrees (for comparing boxes only).
    var areaDeg2: Double { (east - west) * (north - south) }
}
