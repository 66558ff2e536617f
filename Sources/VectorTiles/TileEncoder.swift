import ProtobufWire

/// An encoded tile: its MVT bytes and each feature's share of them (for dropping).
struct EncodedTile {
    var bytes: [UInt8]
    /// Per feature written, in order: its layer and index there, and the bytes of its `features`
    /// field in the layer (key, length and message).
    var features: [(layer: Int, feature: Int, bytes: Int)]
}

/// Writes MVT 2.1 tiles: per layer (in the tileset's order, layers without features left out)
/// the name, the features (tags, type, geometry), the keys and values in first-use order, the
/// extent and version 2. Geometry is MoveTo/LineTo with zigzag deltas from a cursor that runs
/// through the feature; a feature's points are one Point or MultiPoint.
struct TileEncoder {
    let layers: [PreparedLayer]
    let extent: Int
    private var tile = ProtobufWriter()
    private var layerBody = ProtobufWriter()
    private var featureMessage = ProtobufWriter()
    private var geometry: [UInt32] = []
    private var tags: [UInt32] = []
    private var keys: [String] = []
    private var keyIndex: [String: UInt32] = [:]
    private var values: [TileValue] = []
    private var valueIndex: [TileValue.TableKey: UInt32] = [:]

    init(layers: [PreparedLayer], extent: Int) {
        self.layers = layers
        self.extent = extent
    }

    /// The tile of `draft`, leaving out the features whose ordinals (positions in the draft's
    /// feature order) are in `dropped`.
    mutating func encode(_ draft: TileDraft, dropping dropped: Set<Int> = []) -> EncodedTile {
        tile.removeAll()
        var written: [(layer: Int, feature: Int, bytes: Int)] = []
        var currentLayer = -1
        for (ordinal, range) in draft.featureRanges.enumerated() {
            let first = draft.piece(draft.refs[range.lowerBound])
            let layer = Int(first.layer), feature = Int(first.feature)
            if layer != currentLayer {
                closeLayer(currentLayer)
                currentLayer = layer
            }
            guard !dropped.contains(ordinal) else { continue }
            let size = encodeFeature(draft, range, layer: layer, feature: feature)
            written.append((layer, feature, size))
        }
        closeLayer(currentLayer)
        return EncodedTile(bytes: tile.bytes, features: written)
    }

    /// Appends one feature to the open layer; returns its bytes there.
    private mutating func encodeFeature(_ draft: TileDraft, _ range: Range<Int>, layer: Int, feature: Int) -> Int {
        let source = layers[layer].features[feature]
        tags.removeAll(keepingCapacity: true)
        // MVT: a key once per feature; a repeated key keeps its first value (a set past a few keys).
        var seen: Set<UInt32> = []
        for (key, value) in source.properties {
            let keyIndex = index(ofKey: key)
            if source.properties.count > 16 {
                guard seen.insert(keyIndex).inserted else { continue }
            } else if stride(from: 0, to: tags.count, by: 2).contains(where: { tags[$0] == keyIndex }) {
                continue
            }
            tags.append(keyIndex)
            tags.append(index(of: value))
        }
        let isPoints = layers[layer].prepared[feature].isPoints
        writeGeometry(draft, range, isPoints: isPoints)
        featureMessage.removeAll()
        featureMessage.packedUInt32(field: MVTSchema.featureTags, tags)
        featureMessage.uint32(field: MVTSchema.featureType, UInt32(isPoints ? MVTGeometryType.point.rawValue : MVTGeometryType.lineString.rawValue))
        featureMessage.packedUInt32(field: MVTSchema.featureGeometry, geometry)
        let before = layerBody.bytes.count
        layerBody.message(field: MVTSchema.layerFeatures, featureMessage)
        return layerBody.bytes.count - before
    }

    /// The command integers of a feature's pieces: one MoveTo and one LineTo per line, or one
    /// MoveTo of every point.
    private mutating func writeGeometry(_ draft: TileDraft, _ range: Range<Int>, isPoints: Bool) {
        geometry.removeAll(keepingCapacity: true)
        var cursorX: Int32 = 0, cursorY: Int32 = 0
        if isPoints {
            let total = range.reduce(0) { $0 + Int(draft.piece(draft.refs[$1]).points) }
            geometry.append(MVTSchema.command(MVTSchema.moveTo, count: total))
        }
        for ref in draft.refs[range] {
            let piece = draft.piece(ref)
            let coords = draft.stores[Int(ref.store)].coords
            for point in 0..<Int(piece.points) {
                if !isPoints && point <= 1 {
                    geometry.append(point == 0 ? MVTSchema.command(MVTSchema.moveTo, count: 1)
                                               : MVTSchema.command(MVTSchema.lineTo, count: Int(piece.points) - 1))
                }
                let x = coords[piece.start + 2 * point], y = coords[piece.start + 2 * point + 1]
                geometry.append(Zigzag.encode(x &- cursorX))
                geometry.append(Zigzag.encode(y &- cursorY))
                cursorX = x
                cursorY = y
            }
        }
    }

    private mutating func index(ofKey key: String) -> UInt32 {
        if let index = keyIndex[key] { return index }
        keyIndex[key] = UInt32(keys.count)
        keys.append(key)
        return UInt32(keys.count - 1)
    }

    private mutating func index(of value: TileValue) -> UInt32 {
        let key = value.tableKey
        if let index = valueIndex[key] { return index }
        valueIndex[key] = UInt32(values.count)
        values.append(value)
        return UInt32(values.count - 1)
    }

    /// Writes the open layer (when it has features) into the tile and starts afresh.
    private mutating func closeLayer(_ layer: Int) {
        defer {
            layerBody.removeAll()
            keys.removeAll(keepingCapacity: true)
            keyIndex.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            valueIndex.removeAll(keepingCapacity: true)
        }
        guard layer >= 0, !layerBody.bytes.isEmpty else { return }
        var message = ProtobufWriter(capacity: layerBody.bytes.count + 64)
        message.string(field: MVTSchema.layerName, layers[layer].name)
        message.append(raw: layerBody.bytes)
        for key in keys { message.string(field: MVTSchema.layerKeys, key) }
        for value in values { message.message(field: MVTSchema.layerValues, Self.valueMessage(value)) }
        message.uint32(field: MVTSchema.layerExtent, UInt32(extent))
        message.uint32(field: MVTSchema.layerVersion, 2)
        tile.message(field: MVTSchema.tileLayers, message)
    }

    /// A `Tile.Value`: `.int` as `int_value` when not negative, else `sint_value`.
    static func valueMessage(_ value: TileValue) -> ProtobufWriter {
        var message = ProtobufWriter()
        switch value {
        case .string(let text): message.string(field: MVTSchema.valueString, text)
        case .float(let number): message.float(field: MVTSchema.valueFloat, number)
        case .double(let number): message.double(field: MVTSchema.valueDouble, number)
        case .int(let number) where number >= 0: message.int64(field: MVTSchema.valueInt, number)
        case .int(let number): message.sint64(field: MVTSchema.valueSInt, number)
        case .uint(let number): message.uint64(field: MVTSchema.valueUInt, number)
        case .bool(let flag): message.bool(field: MVTSchema.valueBool, flag)
        }
        return message
    }
}
