import Foundation
import Pipeline
import TestSupport
import TrailpackCore

/// Regions built once per test process for the map tests: the two demo regions, and a region
/// over the demo's data with non-ASCII POI names whose contours become vector tiles.
enum RegionPacks {
    static let demo: Result<URL, any Error> = Result {
        let root = TestData.scratchFolder("map-demo")
        for recipe in ["pliny-kilkenny", "jacksboro"] {
            _ = try TestData.build(recipePath: TestData.repoRoot.appendingPathComponent("Recipes/\(recipe).json5").path, outRoot: root.path)
        }
        return root.appendingPathComponent("regions")
    }

    /// Two builds of the tiles region (for byte identity), in two pack roots.
    static let tiles: Result<[URL], any Error> = Result {
        try (0..<2).map { k in
            let root = TestData.scratchFolder("map-tiles-\(k)")
            let recipe = root.appendingPathComponent("tiles.json5")
            try tilesRecipe.write(to: recipe, atomically: true, encoding: .utf8)
            _ = try TestData.build(recipePath: recipe.path, outRoot: root.appendingPathComponent("pack").path)
            return root.appendingPathComponent("pack/regions/tiles")
        }
    }

    /// The whole N44W072 DEM tile at 90 m with 20 m contours, the demo's trails and a route
    /// through vias: a big region whose tiles start at zoom 7.
    static let wholeTile: Result<URL, any Error> = Result {
        let root = TestData.scratchFolder("map-whole-tile")
        let recipe = root.appendingPathComponent("whole-tile.json5")
        try """
        { id: "whole-tile", name: "N44W072", attribution: ["SRTM (public domain); © OpenStreetMap contributors"],
          bbox: [-71.999, 44.001, -71.001, 44.999], dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          trails: ["\(TestData.path("white-mountains/wmnf-pliney.geojson"))"],
          pois: [{ name: "Mount Cabot", kind: "summit", lon: -71.4141, lat: 44.5059 }],
          terrain: { resolutionM: 90, contourIntervalM: 20 }, sizeBudgetMB: 1000,
          routes: [{ id: "cabot", name: "Cabot", via: [[-71.3608696, 44.4942774], [-71.4141, 44.5059]] }] }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        _ = try TestData.build(recipePath: recipe.path, outRoot: root.appendingPathComponent("pack").path)
        return root.appendingPathComponent("pack/regions/whole-tile")
    }

    /// A route file's vertices.
    static func routeCoords(_ region: URL, id: String) throws -> [LonLat] {
        let coords = try json(region.appendingPathComponent("routes/\(id).json"))["coords"] as? [[Double]] ?? []
        return coords.map { LonLat($0[0], $0[1]) }
    }

    static let nonASCIINames = ["Mont Ventoux – Sommet", "Šetnjica"]
    static let nonASCIIPlaces = [LonLat(-71.4141, 44.5059), LonLat(-71.4000, 44.5183)]

    static var tilesRecipe: String {
        """
        { id: "tiles", name: "Tiles", attribution: ["SRTM (public domain); © OpenStreetMap contributors"],
          bbox: [-71.48, 44.45, -71.34, 44.55], dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          trails: ["\(TestData.path("white-mountains/wmnf-pliney.geojson"))"],
          terrain: { resolutionM: 30, contourIntervalM: 10 }, map: { vectorTilesAboveMB: 0.2 },
          pois: [\(zip(nonASCIINames, nonASCIIPlaces).map { "{ name: \"\($0)\", kind: \"summit\", lon: \($1.lon), lat: \($1.lat) }" }.joined(separator: ", "))],
          routes: [{ id: "cabot", name: "Cabot", via: [[-71.3608696, 44.4942774], [-71.4141, 44.5059]] }] }
        """
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }

    /// Line features of a GeoJSON file: properties and the first part's coordinates.
    static func lines(_ url: URL) throws -> [(properties: [String: Any], coords: [LonLat])] {
        let features = try json(url)["features"] as? [[String: Any]] ?? []
        return features.compactMap { f in
            guard let g = f["geometry"] as? [String: Any], let c = g["coordinates"] as? [Any] else { return nil }
            let first = (g["type"] as? String == "MultiLineString" ? c.first as? [[Double]] : c as? [[Double]]) ?? []
            return (f["properties"] as? [String: Any] ?? [:], first.map { LonLat($0[0], $0[1]) })
        }
    }
}
