import PackJSON
import PackReader
import TrailpackCore

/// A region's `manifest.json` as the SPEC defines it, read back for previews through
/// PackReader's located view (errors name the file, key path and line).
public struct PackManifest: Sendable, Equatable {
    public var formatVersion: Int
    public var id: String
    public var name: String
    /// `[west, south, east, north]`, degrees.
    public var bbox: [Double]
    public var attribution: [String]
    public var generator: String
    public var files: Files
    public var routes: [Route]
    /// Boxes of the DEM voids the build filled (`files.terrain.filledVoids`), empty when none.
    public var filledVoidAreas: [BBox]
    /// How many void areas the build filled (`filledVoids.areaCount`, else the boxes listed).
    public var filledVoidAreaCount: Int

    /// The `files` object: one entry per region-wide file.
    public struct Files: Sendable, Equatable {
        public var terrain: PackFileEntry
        public var hillshade: PackFileEntry
        public var contours: ContourSource
        public var trails: PackFileEntry
        public var pois: PackFileEntry
        /// `routing.json`, the trail network; nil for a region built without trails.
        public var routing: PackFileEntry? = nil
    }

    /// One entry of the manifest's `routes`.
    public struct Route: Sendable, Equatable {
        public var id: String
        public var name: String
        public var file: PackFileEntry
        public var stats: PackRouteStats
        public var arPatch: PackFileEntry
    }

    /// Reads the manifest document `doc`.
    /// - Throws: `PackReadError.malformed` at the first missing or mistyped value.
    public init(_ doc: PackDocument) throws(PackReadError) {
        let root = doc.root, path = doc.path
        let view = ManifestView(root)
        formatVersion = try root.requiredInt("formatVersion", in: path)
        id = try root.requiredString("id", in: path)
        name = try root.requiredString("name", in: path)
        bbox = try root.requiredArray("bbox", in: path).compactMap(\.doubleValue)
        attribution = view.attribution
        generator = try root.requiredString("generator", in: path)
        let filesNode = try root.required("files", in: path)
        func entry(_ key: String) throws(PackReadError) -> PackFileEntry { try PackFileEntry(try filesNode.required(key, in: path), in: path) }
        files = Files(terrain: try entry("terrain"), hillshade: try entry("hillshade"),
                      contours: try ContourSource(try filesNode.required("contours", in: path), in: path),
                      trails: try entry("trails"), pois: try entry("pois"))
        if let routingNode = filesNode["routing"] { files.routing = try PackFileEntry(routingNode, in: path) }
        var routes: [Route] = []
        for node in try root.requiredArray("routes", in: path) {
            routes.append(Route(id: try node.requiredString("id", in: path), name: try node.requiredString("name", in: path),
                                file: try PackFileEntry(try node.required("file", in: path), in: path),
                                stats: try PackRouteStats(try node.required("stats", in: path), in: path),
                                arPatch: try PackFileEntry(try node.required("arPatch", in: path), in: path)))
        }
        self.routes = routes
        filledVoidAreas = view.filledVoidAreas ?? []
        filledVoidAreaCount = view.filledVoidAreaCount ?? filledVoidAreas.count
    }

    /// The region's bbox as a `BBox`.
    /// - Throws: `PreviewError.malformed` when `bbox` does not hold four numbers.
    public func regionBBox() throws(PreviewError) -> BBox {
        guard bbox.count == 4 else { throw .malformed(path: "manifest.json", reason: "bbox has \(bbox.count) numbers, expected 4") }
        return BBox(west: bbox[0], south: bbox[1], east: bbox[2], north: bbox[3])
    }

    /// Every file entry with the label it is shown under: region files, then route files and AR patches.
    public var allFiles: [(label: String, entry: PackFileEntry)] {
        var out: [(String, PackFileEntry)] = [("terrain", files.terrain), ("hillshade", files.hillshade)]
        if case .file(let contours) = files.contours { out.append(("contours", contours)) }
        out += [("trails", files.trails), ("pois", files.pois)]
        if let routing = files.routing { out.append(("routing", routing)) }
        for r in routes {
            out.append(("route \(r.id)", r.file))
            out.append(("AR patch \(r.id)", r.arPatch))
        }
        return out
    }
}

/// Where a region keeps its contours (SPEC `files.contours`): `contours.geojson`, or a layer of
/// the map's tile archive.
public enum ContourSource: Sendable, Equatable {
    case file(PackFileEntry)
    case tiles(path: String, layer: String, intervalM: Double?)

    /// Reads `files.contours`: `{ intervalM, tiles, layer }` when it names tiles, else a file entry.
    /// - Throws: `PackReadError.malformed` when a required member is missing or mistyped.
    init(_ node: JSONNode, in file: String) throws(PackReadError) {
        guard node["tiles"] != nil else {
            self = .file(try PackFileEntry(node, in: file))
            return
        }
        self = .tiles(path: try node.requiredString("tiles", in: file), layer: try node.requiredString("layer", in: file),
                      intervalM: FileEntryView(node).intervalM)
    }

    /// `intervalM`, wherever the contours are.
    public var intervalM: Double? {
        switch self {
        case .file(let entry): entry.intervalM
        case .tiles(_, _, let intervalM): intervalM
        }
    }
}

/// A file entry of a manifest or route file: path (relative to the region folder), size, digest
/// and, for rasters and grids, their bounds and size.
public struct PackFileEntry: Sendable, Equatable {
    public var path: String
    public var bytes: Int
    public var sha256: String
    /// `[west, south, east, north]` degrees: sample bounds for TER1, outer pixel edges for PNG.
    public var bounds: [Double]?
    public var width: Int?
    public var height: Int?
    public var resolutionM: Double?
    public var intervalM: Double?

    /// Reads a `{ path, bytes, sha256, ... }` entry.
    /// - Throws: `PackReadError.malformed` when path, bytes or sha256 is missing or mistyped.
    public init(_ node: JSONNode, in file: String) throws(PackReadError) {
        let view = FileEntryView(node)
        path = try node.requiredString("path", in: file)
        bytes = try node.requiredInt("bytes", in: file)
        sha256 = try node.requiredString("sha256", in: file)
        bounds = node["bounds"].map { $0.children.compactMap(\.doubleValue) }
        width = view.width
        height = view.height
        resolutionM = view.resolutionM
        intervalM = view.intervalM
    }

    /// `bounds` as a `BBox`, nil when absent or not four numbers.
    public var boundsBox: BBox? {
        guard let b = bounds, b.count == 4 else { return nil }
        return BBox(west: b[0], south: b[1], east: b[2], north: b[3])
    }
}

/// A route's SPEC `stats`.
public struct PackRouteStats: Sendable, Equatable {
    public var distanceM: Double
    public var ascentM: Double
    public var descentM: Double
    public var minEleM: Double
    public var maxEleM: Double
    public var durationS: Int

    /// Reads a `stats` object.
    /// - Throws: `PackReadError.malformed` at the first missing or mistyped value.
    public init(_ node: JSONNode, in file: String) throws(PackReadError) {
        distanceM = try node.requiredDouble("distanceM", in: file)
        ascentM = try node.requiredDouble("ascentM", in: file)
        descentM = try node.requiredDouble("descentM", in: file)
        minEleM = try node.requiredDouble("minEleM", in: file)
        maxEleM = try node.requiredDouble("maxEleM", in: file)
        durationS = try node.requiredInt("durationS", in: file)
    }

    public var routeStats: RouteStats {
        RouteStats(distanceM: distanceM, ascentM: ascentM, descentM: descentM, minEleM: minEleM, maxEleM: maxEleM, durationS: durationS)
    }
}
