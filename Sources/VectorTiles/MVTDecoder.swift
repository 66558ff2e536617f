import ProtobufWire

/// Reads MVT 2.1 tiles (uncompressed) back into layers, features, properties and geometry in
/// tile units: the validator's and the tests' view of a tile. Linear in the bytes and total on
/// any input: hostile bytes throw, never trap or allocate beyond their size.
public enum MVTDecoder {
    /// The layers of `bytes`, in stored order. Unknown fields are skipped, as protobuf readers do.
    /// - Throws: `MVTDecodeError` on malformed wire data; a layer without a name, with a name
    ///   another layer has, a version other than 1 or 2, or an extent of 0; a key that is not
    ///   UTF-8; a value with no field or several; a feature with an odd number of tags, a tag
    ///   outside the tables or a key tagged twice, an unknown geometry type, or geometry commands its type does not
    ///   allow (a Point's LineTo, a LineString of one point, an unclosed polygon ring...).
    public static func decode(_ bytes: [UInt8]) throws(MVTDecodeError) -> [MVTLayer] {
        var reader = ProtobufReader(bytes[...], context: "tile")
        var layers: [MVTLayer] = []
        var names: Set<String> = []
        while !reader.isAtEnd {
            let field = try wire(nil) { () throws(ProtobufWireError) in try reader.nextField() }
            guard field.number == MVTSchema.tileLayers else { continue }
            guard case .bytes(let payload) = field.value else {
                throw MVTDecodeError(layerIndex: layers.count, byteOffset: reader.byteOffset, reason: "layers (field 3) is not length-delimited")
            }
            var decoder = LayerDecoder(payload, index: layers.count)
            let layer = try decoder.decode()
            guard names.insert(layer.name).inserted else {
                throw MVTDecodeError(layerIndex: layers.count, layerName: layer.name, byteOffset: payload.startIndex,
                                     reason: "a layer of the same name comes before")
            }
            layers.append(layer)
        }
        return layers
    }

    /// Runs a wire read, its error as an `MVTDecodeError` at the same offset in the tile.
    static func wire<T>(_ place: (layer: Int, name: String?, feature: Int?)?,
                        _ read: () throws(ProtobufWireError) -> T) throws(MVTDecodeError) -> T {
        do throws(ProtobufWireError) {
            return try read()
        } catch {
            throw MVTDecodeError(layerIndex: place?.layer, layerName: place?.name, featureIndex: place?.feature,
                                 byteOffset: error.bufferOffset, reason: error.reason)
        }
    }
}
