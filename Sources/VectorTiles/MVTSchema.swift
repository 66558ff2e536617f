/// The numbers of the MVT 2.1 schema (vector_tile.proto) and its geometry commands.
/// https://github.com/mapbox/vector-tile-spec/tree/master/2.1
enum MVTSchema {
    /// `Tile.layers`.
    static let tileLayers = 3
    /// `Tile.Layer` fields.
    static let layerName = 1, layerFeatures = 2, layerKeys = 3, layerValues = 4, layerExtent = 5, layerVersion = 15
    /// `Tile.Feature` fields.
    static let featureID = 1, featureTags = 2, featureType = 3, featureGeometry = 4
    /// `Tile.Value` fields.
    static let valueString = 1, valueFloat = 2, valueDouble = 3, valueInt = 4, valueUInt = 5, valueSInt = 6, valueBool = 7
    /// Geometry commands: the id in the low 3 bits, the count above.
    static let moveTo: UInt32 = 1, lineTo: UInt32 = 2, closePath: UInt32 = 7

    /// A command integer: `id` repeated `count` times.
    static func command(_ id: UInt32, count: Int) -> UInt32 { id | UInt32(count) << 3 }
}

/// `Tile.GeomType`.
public enum MVTGeometryType: Int, Sendable {
    case unknown = 0, point = 1, lineString = 2, polygon = 3
}
