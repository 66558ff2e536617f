import Bindings
import MapStyle
import Testing
import TrailGraph
import TrailpackCore
@testable import Pipeline

/// The lines that carry trail names are simplified once per build (`TrailNameLines`), and the
/// style's `trails-label` minzoom and the tiles' `trail-names` features take their zooms from
/// that one list, clamped to the tiles' last zoom by one rule (`carriedZooms`).
@Suite struct TrailNameLinesTests {
    /// Named trails of 0.5 to 8 km (room for their names from different zooms), and one unnamed.
    static func trails() -> [TrailLine] {
        let lengthsKm = [0.5, 1, 2, 4, 8]
        return lengthsKm.enumerated().map { k, km in
            let lat = 44.2 + Double(k) * 0.01
            let coords = (0...20).map { i in LonLat(-71.5 + km / 80 * Double(i) / 20, lat + 0.0005 * Double(i % 2)) }
            return TrailLine(id: "t\(k)", name: "Trail \(k)", coords: coords)
        } + [TrailLine(id: "unnamed", name: nil, coords: [LonLat(-71.5, 44.3), LonLat(-71.4, 44.3)])]
    }

    static let bbox = BBox(west: -71.6, south: 44.1, east: -71.3, north: 44.4)

    @Test func theTilesAndTheStyleReadOneListClampedAlike() throws {
        let names = TrailNameLines(trails: Self.trails(), bbox: Self.bbox)
        #expect(names.features.count == 5 && names.zooms.count == 5)
        #expect(names.zooms == names.features.map(AssembleStage.trailNameZoom))
        #expect(Set(names.zooms).count > 1, "the trails have room for their names from different zooms: \(names.zooms)")
        let last = Int(names.zooms.max()!.rounded(.down))
        let zooms = 0...last
        let carried = names.carriedZooms(lastTileZoom: last)
        #expect(carried == names.zooms.map { min($0, Double(last)) })
        #expect(names.carriedZooms(lastTileZoom: nil) == names.zooms)
        // Each tile feature starts at its carried zoom (whole, from zoom 9 at the earliest), so the
        // style's layer minzoom (the least carried zoom) is never after the first tile's.
        let features = TileLayers.trailNameFeatures(names, zooms: zooms)
        #expect(features.map(\.minZoom) == carried.map { max(TileLayers.trailNamesFromZoom, Int($0)) })
        #expect(features.allSatisfy { $0.maxZoom == last })
        let styleMin = try #require(TrailNameZoom.layerMinZoom(carried))
        #expect(Double(features.map(\.minZoom).min()!) <= max(styleMin, Double(TileLayers.trailNamesFromZoom)))
        let labels = MapLabels(trails: Self.trails(), trailNames: names, routeNames: [], pois: [])
        #expect(labels.trailNames.features.count == names.features.count)
    }
}
