import Bindings
import Foundation
import MapStyle
import PackJSON
import TrailGraph
import TrailpackCore
import VectorTiles

/// The vector tile layers of a region (SPEC: `contours`, `trails`, `pois`; docs/FORMAT.md:
/// `trail-names`), each feature at the zooms the style draws it: index contours from zoom 10,
/// minor ones from 11 (the style fades them in from 11.5), trails and routes at every zoom of
/// the tiles, POIs from 10, the lines that carry trail names each from the zoom at which it has
/// room for its name (`TrailNameZoom`, at the earliest 9).
public enum TileLayers {
    public static let indexContoursFromZoom = 10
    public static let minorContoursFromZoom = 11
    static let poisFromZoom = 10
    static let trailNamesFromZoom = Int(TrailNameZoom.zoomRange.lowerBound)
    /// A tile still over its limits after re-simplification drops trail names first, then minor
    /// contours, index ones, and last trails (among equals the shortest in the tile first); routes and POIs are
    /// never dropped (`TileFeature.dropRank`). A tile that drops features is a build warning.
    static let trailNameDropRank = 3
    static let minorContourDropRank = 2
    static let indexContourDropRank = 1
    static let trailDropRank = 0

    /// The four layers over `zooms`, in drawing order.
    static func make(terrain: TerrainProducts, trails: [TrailLine], trailNames: TrailNameLines, routes: [BuiltRoute],
                     pois: [PointOfInterest], bbox: BBox, zooms: ClosedRange<Int>) -> [TileLayer] {
        [contours(terrain, zooms: zooms),
         TileLayer(name: "trails", features: trailFeatures(trails, routes: routes, bbox: bbox, zooms: zooms), toleranceUnits: lineTolerance(maxUnits: 4)),
         TileLayer(name: "pois", features: poiFeatures(pois, zooms: zooms), toleranceUnits: { _ in 0 }),
         TileLayer(name: "trail-names", features: trailNameFeatures(trailNames, zooms: zooms),
                   toleranceUnits: { _ in StyleSheet.labelToleranceTileUnits * tileUnitsPerStylePx })]
    }

    /// MVT units per MapLibre pixel: a 4096-unit tile is drawn 512 px wide at its own zoom.
    static let tileUnitsPerStylePx = 4096.0 / 512

    /// Douglas–Peucker tolerance in tile units at zoom z: one unit at the deepest zoom (drawn
    /// over-zoomed when the hiker zooms in), doubling per zoom out, at most `maxUnits` (half a
    /// pixel is 4 units).
    static func lineTolerance(maxUnits: Double) -> @Sendable (Int) -> Double {
        { z in min(maxUnits, pow(2, Double(max(0, TilePlan.maxZoom - z)))) }
    }

    /// Contours with `ele` (whole metres when the interval is whole) and `index`.
    static func contours(_ terrain: TerrainProducts, zooms: ClosedRange<Int>) -> TileLayer {
        contourLayer(orderedParallelFlatMap(terrain.contours, chunkSize: 256) { line in
            contourFeature(line, intervalM: terrain.contourIntervalM, zooms: zooms).map { [$0] } ?? []
        })
    }

    /// The `contours` layer of `features`, simplified per zoom as the build does.
    public static func contourLayer(_ features: [TileFeature]) -> TileLayer {
        TileLayer(name: "contours", features: features, toleranceUnits: lineTolerance(maxUnits: 6))
    }

    /// A contour line as the tiles hold it: `ele` (whole metres when the interval is whole) and
    /// `index`, from zoom 10 (index lines) or 11 (the others) within `zooms`; nil when in none.
    public static func contourFeature(_ line: ContourLine, intervalM: Double, zooms: ClosedRange<Int>) -> TileFeature? {
        let index = ContourInterval.isIndex(eleM: line.eleM, intervalM: intervalM)
        let from = max(zooms.lowerBound, index ? indexContoursFromZoom : minorContoursFromZoom)
        guard from <= zooms.upperBound else { return nil }
        let ele: TileValue = intervalM == intervalM.rounded() ? .int(Int64(line.eleM.rounded())) : .double(line.eleM)
        return TileFeature(geometry: .lines([line.coords.map(WorldPoint.init)]), properties: [("ele", ele), ("index", .bool(index))],
                           minZoom: from, maxZoom: zooms.upperBound, dropRank: index ? indexContourDropRank : minorContourDropRank)
    }

    /// Trail features (clipped to the region, `name` when named) and one per route with `routeId`,
    /// as `trails.geojson` holds them.
    static func trailFeatures(_ trails: [TrailLine], routes: [BuiltRoute], bbox: BBox, zooms: ClosedRange<Int>) -> [TileFeature] {
        AssembleStage.trailFeatures(trails: trails.map { ($0.name, $0.coords) }, routes: routes, bbox: bbox).map { feature in
            let props = properties(feature, names: ["name", "routeId"])
            return TileFeature(geometry: .lines(lines(feature.geometry)), properties: props, minZoom: zooms.lowerBound,
                               maxZoom: zooms.upperBound, dropRank: props.contains { $0.0 == "routeId" } ? nil : trailDropRank)
        }
    }

    static func poiFeatures(_ pois: [PointOfInterest], zooms: ClosedRange<Int>) -> [TileFeature] {
        let from = max(zooms.lowerBound, poisFromZoom)
        guard from <= zooms.upperBound else { return [] }
        return AssembleStage.poiFeatures(pois).map { feature in
            TileFeature(geometry: .points(points(feature.geometry)), properties: properties(feature, names: ["name", "kind", "ele"]),
                        minZoom: from, maxZoom: zooms.upperBound)
        }
    }

    /// The lines that carry trail names, each from the (whole) zoom from which the map carries
    /// its name (`TrailNameLines.carriedZooms`, the style's too), at the earliest `trailNamesFromZoom`.
    static func trailNameFeatures(_ names: TrailNameLines, zooms: ClosedRange<Int>) -> [TileFeature] {
        let from = max(zooms.lowerBound, trailNamesFromZoom)
        guard from <= zooms.upperBound else { return [] }
        return zip(names.features, names.carriedZooms(lastTileZoom: zooms.upperBound)).map { feature, zoom in
            let own = max(from, Int(zoom))
            return TileFeature(geometry: .lines(lines(feature.geometry)), properties: properties(feature, names: ["name"]),
                               minZoom: own, maxZoom: zooms.upperBound, dropRank: trailNameDropRank)
        }
    }

    /// A GeoJSON feature's values as tile properties, by field name; nulls and absent values left out.
    static func properties(_ feature: GeoJSONFeature, names: [String]) -> [(String, TileValue)] {
        zip(names, feature.values).compactMap { name, value in
            switch value {
            case .string(let s)?: (name, .string(s))
            case .integer(let i)?: (name, .int(Int64(i)))
            case .real(let d)?: (name, .double(d))
            case .boolean(let b)?: (name, .bool(b))
            case .null?, nil: nil
            }
        }
    }

    static func lines(_ geometry: VectorGeometry) -> [[WorldPoint]] {
        switch geometry {
        case .lineString(let coords): [coords.map(WorldPoint.init)]
        case .multiLineString(let parts): parts.map { $0.map(WorldPoint.init) }
        default: []
        }
    }

    static func points(_ geometry: VectorGeometry) -> [WorldPoint] {
        if case .point(let p) = geometry { return [WorldPoint(p)] }
        return []
    }
}
