import ProtobufWire

/// Decodes one `Tile.Layer`: first its tables, name, extent and version (the schema puts keys
/// and values after the features), then each feature against them.
struct LayerDecoder {
    private let payload: ArraySlice<UInt8>
    private let index: Int
    private var name: String?
    private var version = 1
    private var extent = 4096
    private var keys: [String] = []
    private var values: [TileValue] = []
    private var featureMessages: [ArraySlice<UInt8>] = []

    init(_ payload: ArraySlice<UInt8>, index: Int) {
        self.payload = payload
        self.index = index
    }

    /// - Throws: `MVTDecodeError` (see `MVTDecoder.decode`).
    mutating func decode() throws(MVTDecodeError) -> MVTLayer {
        var reader = ProtobufReader(payload, context: "layer \(index)")
        while !reader.isAtEnd {
            let start = payload.startIndex + reader.byteOffset
            let field = try MVTDecoder.wire((index, name, nil)) { () throws(ProtobufWireError) in try reader.nextField() }
            try read(field, at: start)
        }
        guard let name else { throw error("the layer has no name (field 1)", at: payload.startIndex) }
        guard version == 1 || version == 2 else { throw error("version \(version), expected 1 or 2", at: payload.startIndex) }
        guard extent > 0 else { throw error("extent 0", at: payload.startIndex) }
        var features: [MVTFeature] = []
        features.reserveCapacity(featureMessages.count)
        for (number, message) in featureMessages.enumerated() {
            var decoder = FeatureDecoder(message, place: (index, name, number), keys: keys, values: values)
            features.append(try decoder.decode())
        }
        return MVTLayer(name: name, version: version, extent: extent, keys: keys, values: values, features: features)
    }

    /// Takes one field of the layer; `start` is its offset in the tile.
    private mutating func read(_ field: ProtobufField, at start: Int) throws(MVTDecodeError) {
        switch (field.number, field.value) {
        case (MVTSchema.layerName, .bytes(let bytes)): name = try text(bytes, "name")
        case (MVTSchema.layerFeatures, .bytes(let bytes)): featureMessages.append(bytes)
        case (MVTSchema.layerKeys, .bytes(let bytes)): keys.append(try text(bytes, "key \(keys.count)"))
        case (MVTSchema.layerValues, .bytes(let bytes)): values.append(try value(bytes))
        case (MVTSchema.layerExtent, .varint(let number)):
            guard let small = UInt32(exactly: number) else { throw error("extent \(number) over 32 bits", at: start) }
            extent = Int(small)
        case (MVTSchema.layerVersion, .varint(let number)):
            guard let small = UInt32(exactly: number) else { throw error("version \(number) over 32 bits", at: start) }
            version = Int(small)
        case (1...5, _), (MVTSchema.layerVersion, _):
            throw error("field \(field.number) is \(field.wireTypeName), not of its type", at: start)
        default: break
        }
    }

    private func text(_ bytes: ArraySlice<UInt8>, _ what: String) throws(MVTDecodeError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw error("\(what) is not UTF-8", at: bytes.startIndex) }
        return text
    }

    /// One `Tile.Value`: exactly one of its seven fields.
    private func value(_ bytes: ArraySlice<UInt8>) throws(MVTDecodeError) -> TileValue {
        var reader = ProtobufReader(bytes, context: "value \(values.count)")
        var found: [TileValue] = []
        while !reader.isAtEnd {
            let field = try MVTDecoder.wire((index, name, nil)) { () throws(ProtobufWireError) in try reader.nextField() }
            switch (field.number, field.value) {
            case (MVTSchema.valueString, .bytes(let text)): found.append(.string(try self.text(text, "value \(values.count)")))
            case (MVTSchema.valueFloat, .fixed32(let bits)): found.append(.float(Float(bitPattern: bits)))
            case (MVTSchema.valueDouble, .fixed64(let bits)): found.append(.double(Double(bitPattern: bits)))
            case (MVTSchema.valueInt, .varint(let raw)): found.append(.int(Int64(bitPattern: raw)))
            case (MVTSchema.valueUInt, .varint(let raw)): found.append(.uint(raw))
            case (MVTSchema.valueSInt, .varint(let raw)): found.append(.int(Zigzag.decode(raw)))
            case (MVTSchema.valueBool, .varint(let raw)): found.append(.bool(raw != 0))
            case (1...7, _): throw error("value \(values.count) field \(field.number) is \(field.wireTypeName), not of its type", at: bytes.startIndex)
            default: continue
            }
        }
        guard found.count == 1, let value = found.first else {
            throw error("value \(values.count) has \(found.count) fields, expected exactly 1", at: bytes.startIndex)
        }
        return value
    }

    private func error(_ reason: String, at offset: Int) -> MVTDecodeError {
        MVTDecodeError(layerIndex: index, layerName: name, byteOffset: offset, reason: reason)
    }
}
