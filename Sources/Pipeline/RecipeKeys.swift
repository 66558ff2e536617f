/// The objects of a recipe that have fixed keys, by key path (`""` for the root, `[]` for the
/// entries of a list), and the keys each accepts. `RecipeLoader` accepts exactly these, and
/// Recipes/README.md's key tables document each (`RecipeDocsTests` keeps them equal).
public enum RecipeObject: String, CaseIterable, Sendable {
    case root = ""
    case demSource = "dem[]"
    case poi = "pois[]"
    case terrain = "terrain"
    case voids = "terrain.voids"
    case hillshade = "terrain.hillshade"
    case ar = "ar"
    case stats = "stats"
    case map = "map"
    case landmarks = "landmarks"
    case landmarkPoint = "landmarks.include[]"
    case route = "routes[]"
    case track = "routes[].track"

    /// The keys an object at this path may hold, in the order the README lists them.
    public var keys: [String] {
        switch self {
        case .root: ["id", "name", "attribution", "bbox", "bboxMarginM", "dem", "trails", "trailNames", "pois",
                     "terrain", "ar", "stats", "sizeBudgetMB", "routes", "trailTags", "landmarks", "map"]
        case .demSource: ["file", "verticalUnit"]
        case .poi: ["file", "kind", "name", "lon", "lat"]
        case .terrain: ["resolutionM", "kernel", "contourIntervalM", "hillshade", "voids", "memoryLimitMiB"]
        case .voids: ["maxFillDistanceM", "maxFilledPercent", "warnFilledPercent", "maxRouteFilledM"]
        case .hillshade: ["azimuthDeg", "altitudeDeg", "zFactor", "multidirectional"]
        case .ar: ["resolutionM", "marginM", "budgetMiB"]
        case .stats: ["thresholdM", "flatSpeedKmh", "ascentMPerH", "descentMPerH"]
        case .map: ["vectorTilesAboveMB"]
        case .landmarks: ["maxDistanceM", "minProminenceM", "demSummits", "include", "exclude"]
        case .landmarkPoint: ["name", "kind", "lon", "lat"]
        case .route: ["id", "name", "blurb", "via", "track"]
        case .track: ["file", "select", "reverse", "joinM", "snap", "drawn", "gaps"]
        }
    }
}

/// Every number a recipe may set, by key path, with the range the loader accepts (units as the
/// key's name says). Recipes/README.md shows each range (`RecipeDocsTests`).
public enum RecipeNumber: String, CaseIterable, Sendable {
    case bboxMarginM = "bboxMarginM"
    case sizeBudgetMB = "sizeBudgetMB"
    case terrainResolutionM = "terrain.resolutionM"
    case contourIntervalM = "terrain.contourIntervalM"
    case azimuthDeg = "terrain.hillshade.azimuthDeg"
    case altitudeDeg = "terrain.hillshade.altitudeDeg"
    case zFactor = "terrain.hillshade.zFactor"
    case maxFillDistanceM = "terrain.voids.maxFillDistanceM"
    case maxFilledPercent = "terrain.voids.maxFilledPercent"
    case warnFilledPercent = "terrain.voids.warnFilledPercent"
    case maxRouteFilledM = "terrain.voids.maxRouteFilledM"
    case memoryLimitMiB = "terrain.memoryLimitMiB"
    case arResolutionM = "ar.resolutionM"
    case arMarginM = "ar.marginM"
    case arBudgetMiB = "ar.budgetMiB"
    case thresholdM = "stats.thresholdM"
    case flatSpeedKmh = "stats.flatSpeedKmh"
    case ascentMPerH = "stats.ascentMPerH"
    case descentMPerH = "stats.descentMPerH"
    case vectorTilesAboveMB = "map.vectorTilesAboveMB"
    case landmarkMaxDistanceM = "landmarks.maxDistanceM"
    case minProminenceM = "landmarks.minProminenceM"
    case joinM = "routes[].track.joinM"

    /// The values the loader accepts; anything else stops the build naming the range.
    public var range: ClosedRange<Double> {
        switch self {
        case .bboxMarginM, .maxFillDistanceM: 0...100_000
        case .sizeBudgetMB: 1...100_000
        case .terrainResolutionM, .contourIntervalM: 1...1000
        case .azimuthDeg: 0...360
        case .altitudeDeg: 0...90
        case .zFactor: 0.01...100
        case .maxFilledPercent, .warnFilledPercent: 0...100
        case .maxRouteFilledM: 0...1_000_000
        case .memoryLimitMiB: 1...16_777_216
        case .arResolutionM: 1...100
        case .arMarginM: 100...5000
        case .arBudgetMiB: 0.1...512
        case .thresholdM: 0...200
        case .flatSpeedKmh: 0.5...30
        case .ascentMPerH, .descentMPerH: 10...5000
        case .vectorTilesAboveMB: 0...10_000
        case .landmarkMaxDistanceM: 100...25_000
        case .minProminenceM: 10...5000
        case .joinM: 0...10_000
        }
    }
}
