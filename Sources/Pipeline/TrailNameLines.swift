import Bindings
import MapStyle
import TrailGraph
import TrailpackCore

/// The lines that carry trail names (`AssembleStage.trailNameFeatures`: each named trail
/// simplified once) and the zoom from which each has room for its name (`TrailNameZoom`),
/// computed once per build and read by both the style (the `trails-label` layer's minzoom,
/// `MapLabels`) and the tiles (the `trail-names` layer, `TileLayers`).
struct TrailNameLines {
    var features: [GeoJSONFeature]
    /// Per feature, the (fractional) zoom from which it has room for its name.
    var zooms: [Double]

    init(trails: [TrailLine], bbox: BBox) {
        features = AssembleStage.trailNameFeatures(trails, bbox: bbox)
        zooms = features.map(AssembleStage.trailNameZoom)
    }

    /// Per feature, the zoom from which the map carries its name: its own, but drawn from tiles
    /// at the latest from their last zoom `lastTileZoom` (MapLibre over-zooms the last tiles).
    func carriedZooms(lastTileZoom: Int?) -> [Double] {
        guard let lastTileZoom else { return zooms }
        return zooms.map { min($0, Double(lastTileZoom)) }
    }
}
