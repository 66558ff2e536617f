import ProtobufWire

/// Decodes one `Tile.Feature` against its layer's tables: id, tags (resolved to properties),
/// type, and the geometry commands (checked against the type).
struct FeatureDecoder {
    private let message: ArraySlice<UInt8>
    private let place: (layer: Int, name: String?, feature: Int?)
    private let keys: [String]
    private let values: [TileValue]
    private var id: UInt64?
    private var type = MVTGeometryType.unknown
    private var tags: [UInt32] = []
    private var geometry: [ArraySlice<UInt8>] = []

    init(_ message: ArraySlice<UInt8>, place: (layer: Int, name: String?, feature: Int?), keys: [String], values: [TileValue]) {
        self.message = message
        self.place = place
        self.keys = keys
        self.values = values
    }

    /// - Throws: `MVTDecodeError` (see `MVTDecoder.decode`).
    mutating func decode() throws(MVTDecodeError) -> MVTFeature {
        var reader = ProtobufReader(message, context: "feature")
        while !reader.isAtEnd {
            let start = message.startIndex + reader.byteOffset
            let field = try MVTDecoder.wire(place) { () throws(ProtobufWireError) in try reader.nextField() }
            try read(field, at: start)
        }
        guard tags.count % 2 == 0 else { throw error("\(tags.count) tags, an odd number", at: message.startIndex) }
        var properties: [(key: String, value: TileValue)] = []
        properties.reserveCapacity(tags.count / 2)
        for pair in stride(from: 0, to: tags.count, by: 2) {
            guard Int(tags[pair]) < keys.count, Int(tags[pair + 1]) < values.count else {
                throw error("tag pair \(pair / 2) (\(tags[pair]), \(tags[pair + 1])) outside the \(keys.count) keys and \(values.count) values",
                            at: message.startIndex)
            }
            properties.append((keys[Int(tags[pair])], values[Int(tags[pair + 1])]))
        }
        if properties.count > 1, Set(tags.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)).count < properties.count {
            throw error("a key is tagged more than once", at: message.startIndex)
        }
        var commands = GeometryCommands(type: type, place: place)
        for payload in geometry { try commands.read(payload) }
        return MVTFeature(id: id, type: type, properties: properties, geometry: try commands.finish(at: message.endIndex))
    }

    /// Takes one field; `start` is its offset in the tile. Repeated fields may come packed or
    /// one value per field, as protobuf allows.
    private mutating func read(_ field: ProtobufField, at start: Int) throws(MVTDecodeError) {
        switch (field.number, field.value) {
        case (MVTSchema.featureID, .varint(let number)): id = number
        case (MVTSchema.featureTags, .bytes(let packed)):
            var values = PackedVarints(packed, context: "tags")
            while let tag = try MVTDecoder.wire(place, { () throws(ProtobufWireError) in try values.nextUInt32() }) { tags.append(tag) }
        case (MVTSchema.featureTags, .varint(let number)):
            guard let tag = UInt32(exactly: number) else { throw error("tag \(number) over 32 bits", at: start) }
            tags.append(tag)
        case (MVTSchema.featureType, .varint(let number)):
            guard number <= 3, let known = MVTGeometryType(rawValue: Int(number)) else { throw error("unknown geometry type \(number)", at: start) }
            type = known
        case (MVTSchema.featureGeometry, .bytes(let packed)): geometry.append(packed)
        case (MVTSchema.featureGeometry, .varint):
            throw error("geometry (field 4) is not packed", at: start)
        case (1...4, _): throw error("field \(field.number) is \(field.wireTypeName), not of its type", at: start)
        default: break
        }
    }

    private func error(_ reason: String, at offset: Int) -> MVTDecodeError {
        MVTDecodeError(layerIndex: place.layer, layerName: place.name, featureIndex: place.feature, byteOffset: offset, reason: reason)
    }
}
