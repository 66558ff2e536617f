import Foundation
import PackJSON
import PackSpec

extension StyleRules {
    /// `style.geojson-size` (a warning): the region files the style's layers draw through
    /// `geojson` sources total at most `PackLimits.maxStyleGeoJSONBytes`, measured on disk.
    func checkGeoJSONSize(_ layers: [Layer], sources: [String: Source], layersNode: JSONNode) {
        let used = Set(layers.compactMap(\.source))
        let drawn = Set(sources.values.filter { $0.type == "geojson" && used.contains($0.name) }.compactMap(\.target))
        var sizes: [(path: String, bytes: Int)] = []
        for path in drawn.sorted() {
            let attributes = try? FileManager.default.attributesOfItem(atPath: context.folder.appendingPathComponent(path).path)
            if let bytes = (attributes?[.size] as? NSNumber)?.intValue { sizes.append((path, bytes)) }
        }
        let total = sizes.reduce(0) { $0 + $1.bytes }
        guard total > PackLimits.maxStyleGeoJSONBytes else { return }
        let each = sizes.map { String(format: "%@ %.1f MB", $0.path, Double($0.bytes) / 1e6) }.joined(separator: ", ")
        log.add(.styleGeoJSONSize, file: file, node: layersNode,
                expected: String(format: "at most %.0f MB of GeoJSON drawn by the style (larger data is drawn from vector tiles: map.vectorTilesAboveMB)", Double(PackLimits.maxStyleGeoJSONBytes) / 1e6),
                found: String(format: "%.1f MB (%@)", Double(total) / 1e6, each))
    }
}
