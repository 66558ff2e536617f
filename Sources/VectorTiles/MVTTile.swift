/// A point of a decoded tile, in tile units (0...extent inside the tile, beyond it in the buffer).
public struct TilePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}

/// One layer of a decoded tile, as stored (`Tile.Layer`).
public struct MVTLayer: Sendable {
    public var name: String
    /// `version` (1 when absent, as the schema's default) and `extent` (4096 when absent).
    public var version: Int
    public var extent: Int
    /// The key and value tables, in stored order.
    public var keys: [String]
    public var values: [TileValue]
    public var features: [MVTFeature]
}

/// One decoded feature: its properties resolved through the layer's tables, and its geometry
/// in tile units.
public struct MVTFeature: Sendable {
    public var id: UInt64?
    public var type: MVTGeometryType
    /// Key-value pairs in the order of the feature's tags.
    public var properties: [(key: String, value: TileValue)]
    /// Points: one part holding every point. Lines: one part per line. Polygons: one part per
    /// ring, without the closing point repeated. Unknown type: one part per MoveTo.
    public var geometry: [[TilePoint]]

    /// The value of property `key`, or nil.
    public func property(_ key: String) -> TileValue? { properties.first { $0.key == key }?.value }
}

/// Bytes that are not a valid MVT 2.1 tile: where (the layer, by position from 0 and by name
/// when read; the feature, by position in its layer from 0; the offset in the tile's bytes) and why.
public struct MVTDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var layerIndex: Int?
    public var layerName: String?
    public var featureIndex: Int?
    /// Offset of the offending byte from the tile's first byte.
    public var byteOffset: Int
    public var reason: String

    public init(layerIndex: Int? = nil, layerName: String? = nil, featureIndex: Int? = nil, byteOffset: Int, reason: String) {
        self.layerIndex = layerIndex
        self.layerName = layerName
        self.featureIndex = featureIndex
        self.byteOffset = byteOffset
        self.reason = reason
    }

    public var description: String {
        var place = "vector tile"
        if let layerIndex { place += ", layer \(layerIndex)" + (layerName.map { " \"\($0)\"" } ?? "") }
        if let featureIndex { place += ", feature \(featureIndex)" }
        return "\(place), byte \(byteOffset): \(reason)"
    }
}
