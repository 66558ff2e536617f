import Landmarks
import PackSpec
import PackJSON
import TrailpackCore

/// What the landmark meaning rules need of a region: terrain.bin (as a grid and, built once on
/// first use, as a sightline surface) and the POIs of pois.geojson.
final class LandmarkRegion {
    /// terrain.bin, when valid.
    let terrain: TerrainGrid
    /// pois.geojson's Point features with a string name and kind; nil when it could not be read.
    var pois: [RegionPOI]?
    /// What the recipe says of landmarks, when it is known (`validate --recipes`).
    let recipe: RegionExpectations
    private var builtSurface: TerrainSurface?

    init(terrain: TerrainGrid, recipe: RegionExpectations = RegionExpectations()) {
        self.terrain = terrain
        self.recipe = recipe
    }

    /// terrain.bin prepared for sightlines (block maxima), built on first use.
    var surface: TerrainSurface {
        if let builtSurface { return builtSurface }
        let made = TerrainSurface(terrain)
        builtSurface = made
        return made
    }

    /// Reads the named points of a parsed pois.geojson (its own rules report anything malformed;
    /// features that are not a Point with string `name` and `kind` are skipped here).
    static func pois(of doc: JSONNode) -> [RegionPOI] {
        guard let features = doc["features"], features.type == .array else { return [] }
        return features.children.compactMap { feature in
            guard let geometry = feature["geometry"], JSONFields.stringValue(geometry["type"]) == "Point",
                  let coordinates = geometry["coordinates"], coordinates.type == .array, coordinates.count >= 2,
                  let lon = JSONFields.numberValue(coordinates.children[0]), let lat = JSONFields.numberValue(coordinates.children[1]),
                  let properties = feature["properties"], let name = JSONFields.stringValue(properties["name"]),
                  let kind = JSONFields.stringValue(properties["kind"]) else { return nil }
            return RegionPOI(name: name, kind: kind, location: LonLat(lon, lat))
        }
    }
}

/// One POI of pois.geojson.
struct RegionPOI: Sendable {
    var name: String
    var kind: String
    /// Its point, lon/lat degrees as written.
    var location: LonLat

    /// True for the kinds the builder moves to the highest terrain sample within 100 m
    /// (`LandmarkOptions.summitKinds`, compared lower-cased).
    var isSummit: Bool { LandmarkOptions.summitKinds.contains(kind.lowercased()) }
}

/// One entry of a route's `landmarks` whose fields and visible ranges are well formed.
struct ListedLandmark: Sendable {
    /// Index in `landmarks`.
    var index: Int
    var name: String
    var kind: String
    var location: LonLat
    /// Its `ele`, metres.
    var eleM: Double
    /// Inclusive vertex index ranges, ascending and disjoint.
    var ranges: [(from: Int, to: Int)]

    /// True for the kinds the builder treats as summits (`LandmarkOptions.summitKinds`).
    var isSummit: Bool { LandmarkOptions.summitKinds.contains(kind.lowercased()) }
}
