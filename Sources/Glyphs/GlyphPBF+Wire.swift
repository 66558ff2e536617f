import ProtobufWire

/// The protobuf writer glyph PBFs are written with (ProtobufWire's), under the name the glyph
/// code and its tests have always used.
typealias ProtobufWriter = ProtobufWire.ProtobufWriter

extension GlyphPBFError {
    /// A wire-format error as a glyph PBF error: the same message context, offset in it and reason.
    init(_ wire: ProtobufWireError) {
        self.init(context: wire.context, byteOffset: wire.byteOffset, reason: wire.reason)
    }
}

/// ProtobufWire's reader with its errors as `GlyphPBFError`s, so glyph decoding throws one type.
struct GlyphFieldReader {
    private var wire: ProtobufReader

    init(_ bytes: ArraySlice<UInt8>, context: String) {
        wire = ProtobufReader(bytes, context: context)
    }

    var isAtEnd: Bool { wire.isAtEnd }

    /// The next field.
    /// - Throws: `GlyphPBFError` on malformed wire data (see `ProtobufReader.nextField`).
    mutating func nextField() throws(GlyphPBFError) -> ProtobufField {
        do throws(ProtobufWireError) {
            return try wire.nextField()
        } catch {
            throw GlyphPBFError(error)
        }
    }

    /// An error at the current offset in this message.
    func error(_ reason: String) -> GlyphPBFError { GlyphPBFError(wire.error(reason)) }
}
