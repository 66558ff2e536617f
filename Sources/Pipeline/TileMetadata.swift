import PackJSON
import VectorTiles

/// The PMTiles archive's JSON metadata (TileJSON's members, as tippecanoe and the PMTiles tools
/// write them): `name`, `attribution`, `format` "pbf", `type` "overlay", `generator`, and
/// `vector_layers` naming each layer with its fields and zoom range (SPEC).
enum TileMetadata {
    static func document(_ layers: [TileLayer], zooms: ClosedRange<Int>, name: String, attribution: [String]) -> JSONValue {
        let vectorLayers: [JSONValue] = layers.compactMap { layer in
            guard let from = layer.features.map(\.minZoom).min(), let to = layer.features.map(\.maxZoom).max() else { return nil }
            var fields = JSONObject()
            for feature in layer.features {
                for (key, value) in feature.properties where fields[key] == nil { fields[key] = .string(typeName(value)) }
            }
            return ["id": .string(layer.name), "fields": .object(fields), "minzoom": .int(from), "maxzoom": .int(to)]
        }
        return ["name": .string(name), "attribution": .string(attribution.joined(separator: "; ")), "format": "pbf",
                "type": "overlay", "generator": .string(AssembleStage.generator), "minzoom": .int(zooms.lowerBound),
                "maxzoom": .int(zooms.upperBound), "vector_layers": .array(vectorLayers)]
    }

    static func typeName(_ value: TileValue) -> String {
        switch value {
        case .string: "String"
        case .int, .uint, .double, .float: "Number"
        case .bool: "Boolean"
        }
    }
}
