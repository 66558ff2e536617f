/// The most items a pack's JSON document may hold, array by array: the count cap beside each
/// document's size cap (`maxBytes(ofPackFile:)`). A reader counts an array once it has parsed
/// the document, before it looks at any item, and refuses the document whole when one is over
/// (`validate`'s `file.count`; `route`, `catalog` and the preview likewise); the build refuses
/// to write one. A manifest's routes and a route's coords have their own rules with the same
/// numbers (`manifest.route-count`, `route.size`).
public struct CountCap: Sendable, Equatable {
    /// The member of the document's root object holding the array (`features`, `nodes`...).
    public var key: String
    /// The most elements it may hold.
    public var max: Int
    /// What one element is, in messages ("features", "edges").
    public var items: String

    public init(key: String, max: Int, items: String) {
        self.key = key
        self.max = max
        self.items = items
    }
}

extension PackLimits {
    /// The most trail lines and route lines in trails.geojson (2,000,000: 256 MB at the
    /// smallest feature GDAL writes; 200,000 short mapped ways take 36 MB).
    public static let maxTrailFeatures = 2_000_000
    /// The most POIs in pois.geojson (500,000: some 64 MB).
    public static let maxPOIFeatures = 500_000
    /// The most contour lines in contours.geojson (5,000,000: 1 GB).
    public static let maxContourFeatures = 5_000_000
    /// The most nodes, and edges, of routing.json (2,000,000 each; the 80,000 km of trails its
    /// 256 MB holds make some 400,000 edges at a junction every 200 m).
    public static let maxRoutingNodes = 2_000_000
    public static let maxRoutingEdges = 2_000_000
    /// The most regions catalog.json lists (100,000: 64 MB at about 600 bytes a region).
    public static let maxCatalogRegions = 100_000
    /// The most layers, and sources, of style.json (1,000 each; the build writes about 20).
    public static let maxStyleLayers = 1_000
    /// The most waypoints, and landmarks, of a route file: a waypoint per vertex at most
    /// (`maxRouteVertices`), and 10,000 landmarks (a route sees at most a few hundred).
    public static let maxRouteWaypoints = maxRouteVertices
    public static let maxRouteLandmarks = 10_000

    /// The count caps of the pack's JSON document at `relative` (as `maxBytes(ofPackFile:)`
    /// names it); empty for a document with no array of its own kind to cap.
    public static func countCaps(ofPackFile relative: String) -> [CountCap] {
        switch relative {
        case PackTree.trails: return [CountCap(key: "features", max: maxTrailFeatures, items: "features")]
        case PackTree.pois: return [CountCap(key: "features", max: maxPOIFeatures, items: "features")]
        case PackTree.contours: return [CountCap(key: "features", max: maxContourFeatures, items: "features")]
        case PackTree.routing:
            return [CountCap(key: "nodes", max: maxRoutingNodes, items: "nodes"), CountCap(key: "edges", max: maxRoutingEdges, items: "edges"),
                    CountCap(key: "routes", max: maxRoutesPerRegion, items: "routes")]
        case PackTree.catalog: return [CountCap(key: "regions", max: maxCatalogRegions, items: "regions")]
        case PackTree.style:
            return [CountCap(key: "layers", max: maxStyleLayers, items: "layers"), CountCap(key: "sources", max: maxStyleLayers, items: "sources")]
        default:
            if relative.hasPrefix("routes/"), relative.hasSuffix(".json") {
                return [CountCap(key: "waypoints", max: maxRouteWaypoints, items: "waypoints"),
                        CountCap(key: "landmarks", max: maxRouteLandmarks, items: "landmarks")]
            }
            return []
        }
    }
}
