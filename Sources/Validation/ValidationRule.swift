/// Every rule `trailpack validate` enforces, with its stable id (the raw value), its severity
/// and a one-line summary. Ids never change once released: tools and CI filter on them.
public enum ValidationRule: String, CaseIterable, Sendable, Hashable {
    // Layout and reading.
    case packLayout = "pack.layout"
    case fileRead = "file.read"
    case jsonSyntax = "json.syntax"
    case jsonKeyMissing = "json.key-missing"
    case jsonType = "json.type"
    case formatVersion = "format.version"
    case formatGenerator = "format.generator"
    case bboxInvalid = "bbox.invalid"
    case jsonBOM = "json.bom"
    case jsonKeyOrder = "json.key-order"
    case jsonInteger = "json.integer"

    // Ids and paths.
    case idSyntax = "id.syntax"
    case idUnique = "id.unique"
    case pathAbsolute = "path.absolute"
    case pathBackslash = "path.backslash"
    case pathParent = "path.parent"
    case pathEmpty = "path.empty"
    case pathDuplicate = "path.duplicate"
    case pathSymlink = "path.symlink"
    case pathTree = "path.tree"
    case pathRouteId = "path.route-id"

    // Listed files.
    case fileMissing = "file.missing"
    case fileBytes = "file.bytes"
    case fileSHA256 = "file.sha256"
    case fileUnlisted = "file.unlisted"

    // Manifest.
    case manifestAttribution = "manifest.attribution"
    case manifestRouteStats = "manifest.route-stats"
    case manifestRouteARPatch = "manifest.route-ar-patch"

    // TER1 grids (terrain.bin and AR patches).
    case ter1Header = "ter1.header"
    case ter1Magic = "ter1.magic"
    case ter1Dimensions = "ter1.dimensions"
    case ter1Size = "ter1.size"
    case ter1Bounds = "ter1.bounds"
    case ter1Void = "ter1.void"
    case terrainHeaderMatch = "terrain.header-match"
    case terrainCoversBBox = "terrain.covers-bbox"
    case terrainResolution = "terrain.resolution"
    case arHeaderMatch = "ar.header-match"
    case ter1Range = "ter1.range"
    case ter1Spike = "ter1.spike"

    // Hillshade.
    case pngDecode = "png.decode"
    case pngFormat = "png.format"
    case pngSize = "png.size"
    case hillshadeCoversTerrain = "hillshade.covers-terrain"
    case hillshadeLighting = "hillshade.lighting"

    // GeoJSON.
    case geojsonType = "geojson.type"
    case geojsonGeometry = "geojson.geometry"
    case geojsonCoordinates = "geojson.coordinates"
    case geojsonRange = "geojson.range"
    case geojsonDecimals = "geojson.decimals"
    case geojsonCRS = "geojson.crs"
    case contoursEle = "contours.ele"
    case contoursIndex = "contours.index"
    case contoursInterval = "contours.interval"
    case trailsName = "trails.name"
    case trailsRouteId = "trails.route-id"
    case poisProperties = "pois.properties"

    // Route files.
    case routeManifestMatch = "route.manifest-match"
    case routeCoords = "route.coords"
    case routeCumLength = "route.cum.length"
    case routeCumStart = "route.cum.start"
    case routeCumIncreasing = "route.cum.increasing"
    case routeCumGeodesic = "route.cum.geodesic"
    case routeStepMax = "route.step.max"
    case routeDistance = "route.distance"
    case routeInBBox = "route.in-bbox"
    case routeARMargin = "route.ar-margin"
    case routeEleAR = "route.ele-ar"
    case routeDecimals = "route.decimals"
    case waypointIndex = "route.waypoint.index"
    case waypointOrder = "route.waypoint.order"
    case waypointStart = "route.waypoint.start"
    case waypointEnd = "route.waypoint.end"
    case waypointKind = "route.waypoint.kind"
    case waypointDir = "route.waypoint.dir"
    case waypointInstruction = "route.waypoint.instruction"
    case routeAscentIdentity = "route.ascent-identity"
    case routeEleExtremes = "route.ele-extremes"
    case routeDuration = "route.duration"
    case routeDurationRange = "route.duration-range"
    case routeEleTerrain = "route.ele-terrain"
    case landmarkVisible = "route.landmark.visible"
    case landmarkOrder = "route.landmark.order"
    case landmarkNearest = "route.landmark.nearest"
    case landmarkEle = "route.landmark.ele"

    // routing.json (optional: the trail network).
    case routingCount = "routing.count"
    case routingRates = "routing.rates"
    case routingNode = "routing.node"
    case routingNodeEle = "routing.node.ele"
    case routingEdgeCoords = "routing.edge.coords"
    case routingEdgeEnds = "routing.edge.ends"
    case routingEdgeThrough = "routing.edge.through"
    case routingEdgeStep = "routing.edge.step"
    case routingEdgeLength = "routing.edge.length"
    case routingEdgeEle = "routing.edge.ele"
    case routingEdgeClimb = "routing.edge.climb"
    case routingEdgeTime = "routing.edge.time"
    case routingOneway = "routing.oneway"
    case routingEdgeTags = "routing.edge.tags"
    case routingEdgeTrail = "routing.edge.trail"
    case routingEdgeName = "routing.edge.name"
    case routingTrailCoverage = "routing.trail-coverage"
    case routingRouteId = "routing.route.id"
    case routingRoutePath = "routing.route.path"
    case routingRouteCoords = "routing.route.coords"
    case routingRouteNodes = "routing.route.nodes"
    case routingDecimals = "routing.decimals"

    // The source DEM (`validate --dem`).
    case demRead = "dem.read"
    case demTerrain = "dem.terrain"
    case demARPatch = "dem.ar-patch"
    case demContours = "dem.contours"
    case demHillshade = "dem.hillshade"
    case demPOIEle = "dem.poi-ele"

    // Catalog.
    case catalogSorted = "catalog.sorted"
    case catalogRegionMissing = "catalog.region-missing"
    case catalogRegionUnlisted = "catalog.region-unlisted"
    case catalogManifestPath = "catalog.manifest-path"
    case catalogSHA256 = "catalog.sha256"
    case catalogBytes = "catalog.bytes"
    case catalogRegionMatch = "catalog.region-match"
    case catalogRoutes = "catalog.routes"

    // Warnings: legal but suspicious.
    case routeSparseWaypoints = "route.sparse-waypoints"
    case routeVoidFill = "route.void-fill"
    case arCoarsened = "ar.coarsened"
    case poiSummitOffPeak = "pois.summit-off-peak"
    case regionSizeBudget = "region.size-budget"
    case jsonUnknownKey = "json.unknown-key"
    case regionStaleTemp = "region.stale-temp"
    case terrainFilledVoids = "terrain.filled-voids"

    /// The stable id, e.g. `ter1.magic`.
    public var id: String { rawValue }

    /// Errors make a pack invalid; warnings fail only a strict run.
    public var severity: Severity {
        switch self {
        case .routeSparseWaypoints, .routeVoidFill, .arCoarsened, .poiSummitOffPeak, .regionSizeBudget, .jsonUnknownKey,
             .regionStaleTemp, .terrainFilledVoids:
            .warning
        default:
            .error
        }
    }

    /// What the rule requires, in one line (for `--list-rules` and documentation).
    public var summary: String {
        switch self {
        case .packLayout: "PATH is a pack root (catalog.json) or a region folder (manifest.json)"
        case .fileRead: "every file the pack needs can be read"
        case .jsonSyntax: "catalog, manifest, route and GeoJSON files are strict RFC 8259 JSON"
        case .jsonKeyMissing: "every key the SPEC requires is present"
        case .jsonType: "every SPEC key has the SPEC's type (string, number, integer, array, object)"
        case .formatVersion: "formatVersion is 1"
        case .formatGenerator: "generator is \"trailpack <semver>\""
        case .bboxInvalid: "bbox and bounds are [west, south, east, north] with west < east, south < north, within -180...180 / -85.05...85.05"
        case .jsonBOM: "JSON files start with their first token: no UTF-8 byte-order mark"
        case .jsonKeyOrder: "catalog.json, manifest.json and route files have every object's keys sorted (byte order)"
        case .jsonInteger: "integer fields (indices, sizes, durationS, formatVersion) are written without a decimal point or exponent"
        case .pathTree: "region files have the SPEC Tree's names: terrain.bin, hillshade.png, contours.geojson, trails.geojson, pois.geojson, routing.json"
        case .pathRouteId: "a route's files are routes/<routeId>.json and ar/<routeId>.bin"
        case .ter1Range: "TER1 elevations lie in a physical range (-500...9000 m)"
        case .ter1Spike: "no TER1 sample stands more than max(100 m, 1.5 cells) above or below all its neighbours (an isolated spike or pit)"
        case .geojsonCRS: "GeoJSON has no crs member (RFC 7946: coordinates are CRS84)"
        case .routeDurationRange: "durationS lies between DIN 33466 hiking times at the fastest and slowest rates a recipe may set, for the route's distance, ascent and descent (+-60 s)"
        case .routeEleTerrain: "route ele agrees with terrain.bin: mean difference within max(5 m, 0.1 x spacing), every vertex within max(20 m, 0.25 x spacing) of the range of the 4x4 terrain samples around it"
        case .landmarkVisible: "landmark visible ranges are [from, to] index pairs inside coords, from <= to, ascending and disjoint, at least one"
        case .landmarkOrder: "landmarks are sorted by first visible index, then by name"
        case .landmarkNearest: "landmark nearestM has one decimal and is the smallest geodesic distance from a visible vertex (within 0.5 m)"
        case .landmarkEle: "landmark ele is terrain.bin's elevation at its lon/lat (within 1 m)"
        case .routingCount: "files.routing nodes and edges equal the lengths of routing.json's nodes and edges arrays"
        case .routingRates: "routing.json rates horizontalKmh, ascentMPerH, descentMPerH are positive numbers (climbThresholdM, where present, a number >= 0)"
        case .routingNode: "a routing node is [lon, lat, ele] of finite numbers inside the region bbox (1e-7 deg), at its own position, and an end of at least one edge"
        case .routingNodeEle: "a routing node's ele is terrain.bin sampled at its lon/lat (SPEC sampler), within 0.15 m"
        case .routingEdgeCoords: "an edge's coords are at least 2 [lon, lat, ele] finite numbers inside the region bbox (1e-7 deg)"
        case .routingEdgeEnds: "an edge's a and b index two different nodes, and its first and last lon/lat are exactly those of nodes[a] and nodes[b]"
        case .routingEdgeThrough: "an edge passes through no third node: no interior vertex has a node's lon/lat"
        case .routingEdgeStep: "no step of an edge is longer than 12.0 m (WGS84 geodesic)"
        case .routingEdgeLength: "an edge's lengthM is the sum of its geodesic steps within 0.06 m (one decimal)"
        case .routingEdgeEle: "an edge vertex's ele is terrain.bin sampled at its lon/lat (SPEC sampler), within 0.15 m"
        case .routingEdgeClimb: "an edge's ascentM and descentM are the rises and drops between its profile extremes (climbThresholdM hysteresis) from a to b, within 0.11 m"
        case .routingEdgeTime: "an edge's timeS is [a to b, b to a], each a whole number of seconds >= 0 or null, within 1 s of DIN 33466 per leg with the region's rates"
        case .routingOneway: "oneway is only true; an edge is walkable from a to b (timeS[0] not null), and timeS[1] is null exactly when oneway is true"
        case .routingEdgeTags: "steps is only true; sacScale is a non-empty string"
        case .routingEdgeTrail: "an edge's trail is the index of a trails.geojson feature that is a trail (no routeId)"
        case .routingEdgeName: "an edge's name is a string or null, equal to its trail feature's name"
        case .routingTrailCoverage: "every vertex of a trail feature some edge names lies within 5 m of an edge naming it"
        case .routingRouteId: "a routing route's id names a route of the manifest, once"
        case .routingRoutePath: "a routing route's path is a non-empty list of [edge, forward]; consecutive edges share a node in walking order; no oneway edge is walked from b to a"
        case .routingRouteCoords: "a routing route's edges laid end to end (reversed where forward is false, joints once) are its route file's coords, vertex for vertex (1e-7 deg)"
        case .routingRouteNodes: "a routing route's nodes are [i, node] pairs ascending in i, each route vertex i at nodes[node], listing the first and last vertex and every joint of its path"
        case .routingDecimals: "routing.json coordinates have at most 7 decimals, ele, lengthM, ascentM and descentM at most 1 (raw text)"
        case .demRead: "the --dem sources can be read and cover the region"
        case .demTerrain: "terrain.bin matches the source DEM at seeded random samples: RMS <= 2 m, worst <= 20 m"
        case .demARPatch: "each AR patch matches the source DEM at seeded random samples: RMS <= 2 m, worst <= 20 m"
        case .demContours: "at most 2% of contour vertices are more than one interval off the source DEM"
        case .demHillshade: "hillshade.png correlates with a hillshade recomputed from the source DEM at 0.9 or more"
        case .demPOIEle: "POI ele is within 2 m of the source DEM resampled onto the terrain grid"
        case .jsonUnknownKey: "warning: a JSON object holds a key neither the SPEC nor docs/FORMAT.md defines"
        case .regionStaleTemp: "warning: a stale temporary region folder (regions/.<id>.tmp-<pid>) is left in the pack root"
        case .terrainFilledVoids: "warning: more than 5% of terrain.bin's cells are filled DEM voids"
        case .idSyntax: "ids match ^[a-z0-9][a-z0-9-]{0,62}$"
        case .idUnique: "ids are unique within their list"
        case .pathAbsolute: "paths are relative (no leading /)"
        case .pathBackslash: "paths use / and contain no backslash"
        case .pathParent: "paths contain no .. segment"
        case .pathEmpty: "paths are non-empty and have no empty or . segments"
        case .pathDuplicate: "no two manifest entries name the same file"
        case .pathSymlink: "no symlink leads out of the region folder (or the pack root)"
        case .fileMissing: "every listed file exists and is a regular file"
        case .fileBytes: "bytes equals the file's size"
        case .fileSHA256: "sha256 is the lowercase hex SHA-256 of the file"
        case .fileUnlisted: "a region folder holds only manifest.json and the files its manifest lists"
        case .manifestAttribution: "attribution holds at least one string, all non-empty"
        case .manifestRouteStats: "a manifest route's stats equal those of its route file"
        case .manifestRouteARPatch: "a manifest route's arPatch equals that of its route file"
        case .ter1Header: "a TER1 file is at least 44 bytes"
        case .ter1Magic: "a TER1 file starts with ASCII TER1"
        case .ter1Dimensions: "TER1 w and h are at least 2"
        case .ter1Size: "a TER1 file is exactly 44 + 2*w*h bytes"
        case .ter1Bounds: "TER1 bounds are finite with west < east, south < north, inside -180...180 / -85.05...85.05"
        case .ter1Void: "TER1 grids hold no -32768"
        case .terrainHeaderMatch: "files.terrain width, height and bounds equal the terrain.bin header"
        case .terrainCoversBBox: "terrain.bin covers the region bbox to within half a cell"
        case .terrainResolution: "files.terrain.resolutionM is the grid's ground spacing at the centre latitude (within 2%)"
        case .arHeaderMatch: "arPatch width, height and bounds equal the AR patch header"
        case .pngDecode: "hillshade.png is a PNG that decodes"
        case .pngFormat: "hillshade.png is 8-bit grey or grey+alpha"
        case .pngSize: "hillshade.png has the listed width and height"
        case .hillshadeCoversTerrain: "hillshade bounds match terrain.bin's area to within one pixel"
        case .hillshadeLighting: "hillshade lighting parameters, when recorded, are numbers (multidirectional a boolean)"
        case .geojsonType: "GeoJSON files are a FeatureCollection of Features with properties objects"
        case .geojsonGeometry: "geometry types: LineString/MultiLineString for contours and trails, Point for pois"
        case .geojsonCoordinates: "positions are arrays of 2 or 3 finite numbers; lines have at least 2 positions"
        case .geojsonRange: "longitudes within -180...180, latitudes within -90...90"
        case .geojsonDecimals: "coordinates have at most 7 decimals (checked on the raw text)"
        case .contoursEle: "contour ele is a multiple of files.contours.intervalM"
        case .contoursIndex: "contour index is true exactly when ele is a multiple of 5 x intervalM"
        case .contoursInterval: "files.contours.intervalM is a positive number"
        case .trailsName: "trail name is a string or null"
        case .trailsRouteId: "trail routeId, where present, names one of the manifest's routes"
        case .poisProperties: "POI properties name (string), kind (string), ele (number)"
        case .routeManifestMatch: "a route file's id and name equal its manifest entry"
        case .routeCoords: "coords is an array of at least 2 [lon, lat, ele] finite numbers"
        case .routeCumLength: "coords and cum have the same length"
        case .routeCumStart: "cum[0] is 0"
        case .routeCumIncreasing: "cum is strictly increasing"
        case .routeCumGeodesic: "cum matches the running sum of WGS84 geodesic steps within 0.05% + 0.2 m"
        case .routeStepMax: "no step is longer than 12.0 m (12.05 m accepted for rounding)"
        case .routeDistance: "stats.distanceM equals the last cum"
        case .routeInBBox: "every route vertex lies inside the region bbox"
        case .routeARMargin: "every route vertex lies at least 100 m (geodesic) inside its AR patch's edges"
        case .routeEleAR: "ele agrees with the AR patch, sampled per SPEC, within 1 m"
        case .routeDecimals: "ele and cum have at most one decimal (raw text)"
        case .waypointIndex: "waypoint i is an index into coords"
        case .waypointOrder: "waypoints are ordered by i"
        case .waypointStart: "the first waypoint is kind start at i = 0, and start appears nowhere else"
        case .waypointEnd: "the last waypoint is kind end at the last index, and end appears nowhere else"
        case .waypointKind: "waypoint kind is one of start, turn, junction, summit, poi, end"
        case .waypointDir: "waypoint dir, where present, is in the SPEC vocabulary"
        case .waypointInstruction: "waypoint instruction is a non-empty string"
        case .routeAscentIdentity: "ascentM - descentM equals last ele - first ele within 1 m"
        case .routeEleExtremes: "minEleM and maxEleM are the extremes of ele"
        case .routeDuration: "durationS is a non-negative whole number"
        case .catalogSorted: "catalog regions are sorted by id (byte order)"
        case .catalogRegionMissing: "every region the catalog lists has its folder and manifest"
        case .catalogRegionUnlisted: "every folder under regions/ is listed in the catalog"
        case .catalogManifestPath: "a region's manifest path is regions/<id>/manifest.json"
        case .catalogSHA256: "a region's sha256 is its manifest's"
        case .catalogBytes: "a region's bytes is the total size of every file in its folder"
        case .catalogRegionMatch: "a region's id, name and bbox equal its manifest's"
        case .catalogRoutes: "a region's route summaries equal its manifest's route stats"
        case .routeSparseWaypoints: "warning: a route over 5 km has no waypoint between start and end"
        case .routeVoidFill: "warning: a route crosses an area whose DEM voids were filled"
        case .arCoarsened: "warning: an AR patch is coarser than the recipe default (10 m) by more than 1 m"
        case .poiSummitOffPeak: "warning: a summit/mount/peak POI stands 50 m or more below the DEM's highest cell within 150 m"
        case .regionSizeBudget: "warning: a region's files total more than its size budget (150 MB)"
        }
    }
}

/// How serious a problem is.
public enum Severity: String, Sendable, Hashable, Comparable {
    /// The pack breaks the SPEC: it must not ship.
    case error
    /// Legal but suspicious: fails only `--strict`.
    case warning
    /// A check that could not run, said so the reader knows (never fails).
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
