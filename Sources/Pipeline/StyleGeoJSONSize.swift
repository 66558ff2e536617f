import Foundation
import PackSpec

/// The build's side of `style.geojson-size`: a style that draws more GeoJSON than
/// `PackLimits.maxStyleGeoJSONBytes` (the contours, trails and POIs files, when the map is not
/// drawn from vector tiles) is a warning, since a phone parses and holds every GeoJSON source whole.
enum StyleGeoJSONSize {
    /// The warning for a style drawing `drawn` (the GeoJSON files it reads) from GeoJSON, or nil
    /// when it uses vector tiles or stays within the limit.
    static func warning(drawn: [WrittenFile], usesVectorTiles: Bool, recipe: Recipe) -> Diagnostic? {
        guard !usesVectorTiles else { return nil }
        let total = drawn.reduce(0) { $0 + $1.bytes }
        guard total > PackLimits.maxStyleGeoJSONBytes else { return nil }
        let each = drawn.map { String(format: "%@ %.1f MB", $0.path, Double($0.bytes) / 1e6) }.joined(separator: ", ")
        return Diagnostic(.warning, "map", String(
            format: "style.json draws %.1f MB of GeoJSON (%@), over %.0f MB, which a phone draws slowly and with much memory: %@",
            Double(total) / 1e6, each, Double(PackLimits.maxStyleGeoJSONBytes) / 1e6, remedy(recipe)))
    }

    /// What makes the map lighter: vector tiles, which a lower `map.vectorTilesAboveMB` chooses
    /// (the style draws GeoJSON only while contours, trails and POIs stay under it together).
    static func remedy(_ recipe: Recipe) -> String {
        String(format: "lower map.vectorTilesAboveMB (%.1f MB here; default 5) to draw them from vector tiles",
               recipe.map.vectorTilesAboveMB)
    }
}
