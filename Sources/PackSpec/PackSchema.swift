/// The keys of every JSON object a pack holds (SPEC, plus docs/FORMAT.md's documented
/// extensions): what the builder writes, what `validate` accepts without `json.unknown-key`,
/// and what the preview and `trailpack route` read. GeoJSON members are RFC 7946's (plus the
/// `name` OGR writes on a collection); style.json's are MapLibre's and not listed.
public enum PackSchema {
    /// `{ path, bytes, sha256 }`: every listed file.
    public static let fileEntry: Set<String> = ["path", "bytes", "sha256"]
    /// A TER1 grid's entry (terrain, AR patch).
    public static let gridEntry: Set<String> = fileEntry.union(["bounds", "width", "height", "resolutionM"])

    public static let catalog: Set<String> = ["formatVersion", "generator", "regions"]
    public static let catalogRegion: Set<String> = ["id", "name", "bbox", "manifest", "sha256", "bytes", "routes"]
    public static let catalogRoute: Set<String> = ["id", "name", "distanceM", "ascentM", "descentM", "durationS"]

    public static let manifest: Set<String> = ["formatVersion", "id", "name", "bbox", "attribution", "generator", "files", "routes"]
    public static let files: Set<String> = ["terrain", "hillshade", "contours", "trails", "pois", "routing", "style", "mapAssets"]
    /// `files.terrain`; `filledVoids` is trailpack's extension (docs/FORMAT.md).
    public static let terrainEntry: Set<String> = gridEntry.union(["filledVoids"])
    public static let filledVoids: Set<String> = ["cells", "areaCount", "largestCells", "largestBounds", "areas"]
    public static let hillshadeEntry: Set<String> = fileEntry.union(["bounds", "width", "height", "azimuthDeg", "altitudeDeg", "zFactor",
                                                                     "multidirectional"])
    /// `files.contours`: the GeoJSON file with `intervalM`, or `{ intervalM, tiles, layer }` when the contours are in the tiles.
    public static let contoursEntry: Set<String> = fileEntry.union(["intervalM", "tiles", "layer"])
    public static let routingEntry: Set<String> = fileEntry.union(["nodes", "edges"])
    public static let manifestRoute: Set<String> = ["id", "name", "file", "stats", "arPatch"]
    /// A manifest route's `arPatch`; `filledVoids` (the route's run over filled DEM voids) is trailpack's extension (docs/FORMAT.md).
    public static let manifestARPatch: Set<String> = gridEntry.union(["filledVoids"])
    public static let routeFilledVoids: Set<String> = ["routeM", "longestM", "vertices"]

    public static let stats: Set<String> = ["distanceM", "ascentM", "descentM", "minEleM", "maxEleM", "durationS"]
    public static let route: Set<String> = ["id", "name", "blurb", "coords", "cum", "waypoints", "stats", "arPatch", "landmarks"]
    public static let waypoint: Set<String> = ["i", "kind", "name", "instruction", "dir"]
    public static let landmark: Set<String> = ["name", "kind", "lon", "lat", "ele", "nearestM", "visible"]

    /// routing.json; `rates.climbThresholdM` is trailpack's extension (docs/FORMAT.md).
    public static let routing: Set<String> = ["formatVersion", "rates", "nodes", "edges", "routes"]
    public static let routingRates: Set<String> = ["horizontalKmh", "ascentMPerH", "descentMPerH", "climbThresholdM"]
    public static let routingEdge: Set<String> = ["a", "b", "name", "trail", "lengthM", "ascentM", "descentM", "timeS", "coords",
                                                  "oneway", "steps", "sacScale"]
    public static let routingRoute: Set<String> = ["id", "path", "nodes"]

    public static let geojsonCollection: Set<String> = ["type", "features", "bbox", "name"]
    public static let geojsonFeature: Set<String> = ["type", "geometry", "properties", "id", "bbox"]
    public static let geojsonGeometry: Set<String> = ["type", "coordinates", "bbox"]
}
