import ProtobufWire

/// One glyph of a MapLibre glyph PBF (`glyphs.proto`'s `glyph`): metrics in pixels at the
/// 24 px em the SDFs are made at, y up from the baseline offset MapLibre expects (see
/// `MapLibreGlyphFormat`).
public struct PBFGlyph: Equatable, Sendable {
    /// The Unicode code point (field 1).
    public var id: UInt32
    /// `(width + 6) x (height + 6)` signed-distance bytes, row-major, row 0 at the top, or
    /// empty when the glyph has no area (field 2, left out when empty).
    public var bitmap: [UInt8]
    /// Glyph box without the 3 px buffer, pixels (fields 3 and 4).
    public var width: UInt32
    public var height: UInt32
    /// Box's left edge from the pen, pixels (field 5).
    public var left: Int32
    /// Box's top edge, pixels up from MapLibre's reference line (field 6; see `MapLibreGlyphFormat.topPx`).
    public var top: Int32
    /// Pen advance, whole pixels (field 7).
    public var advance: UInt32

    public init(id: UInt32, bitmap: [UInt8], width: UInt32, height: UInt32, left: Int32, top: Int32, advance: UInt32) {
        self.id = id
        self.bitmap = bitmap
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.advance = advance
    }
}

/// One `fontstack` message: the stack's name, its range ("0-255") and its glyphs.
public struct PBFFontstack: Equatable, Sendable {
    public var name: String
    public var range: String
    public var glyphs: [PBFGlyph]

    public init(name: String, range: String, glyphs: [PBFGlyph]) {
        self.name = name
        self.range = range
        self.glyphs = glyphs
    }
}

/// A glyph PBF that does not decode: where (message and byte offset in it) and why.
public struct GlyphPBFError: Error, Equatable, Sendable, CustomStringConvertible {
    public var context: String
    public var byteOffset: Int
    public var reason: String

    public var description: String { "glyph PBF: \(context), byte \(byteOffset): \(reason)" }
}

/// MapLibre's glyph PBF (`message glyphs { repeated fontstack stacks = 1; }`, written by hand
/// on the wire format; field numbers as in maplibre-native src/mbgl/text/glyph_pbf.cpp).
public enum GlyphPBF {
    /// The bytes of a `glyphs` message holding `stacks`, fields in field-number order, glyphs in
    /// the order given: the same input always gives the same bytes.
    public static func encode(_ stacks: [PBFFontstack]) -> [UInt8] {
        var glyphs = ProtobufWriter()
        for stack in stacks {
            var message = ProtobufWriter()
            message.string(field: 1, stack.name)
            message.string(field: 2, stack.range)
            for glyph in stack.glyphs { message.lengthDelimited(field: 3, encode(glyph)) }
            glyphs.lengthDelimited(field: 1, message.bytes)
        }
        return glyphs.bytes
    }

    static func encode(_ glyph: PBFGlyph) -> [UInt8] {
        var message = ProtobufWriter()
        message.uint32(field: 1, glyph.id)
        if !glyph.bitmap.isEmpty { message.lengthDelimited(field: 2, glyph.bitmap) }
        message.uint32(field: 3, glyph.width)
        message.uint32(field: 4, glyph.height)
        message.sint32(field: 5, glyph.left)
        message.sint32(field: 6, glyph.top)
        message.uint32(field: 7, glyph.advance)
        return message.bytes
    }

    /// The font stacks of a glyph PBF. Unknown fields are skipped, as protobuf readers do.
    /// - Throws: `GlyphPBFError` on malformed wire data, a missing required field (a stack's
    ///   name or range; a glyph's id, width, height, left, top or advance), a value out of its
    ///   type's range, or a name that is not UTF-8.
    public static func decode(_ bytes: [UInt8]) throws(GlyphPBFError) -> [PBFFontstack] {
        var reader = GlyphFieldReader(bytes[...], context: "glyphs")
        var stacks: [PBFFontstack] = []
        while !reader.isAtEnd {
            let field = try reader.nextField()
            guard field.number == 1 else { continue }
            guard case .bytes(let payload) = field.value else { throw reader.error("stacks (field 1) is not a message") }
            stacks.append(try decodeStack(payload, context: "fontstack \(stacks.count + 1)"))
        }
        return stacks
    }

    private static func decodeStack(_ bytes: ArraySlice<UInt8>, context: String) throws(GlyphPBFError) -> PBFFontstack {
        var reader = GlyphFieldReader(bytes, context: context)
        var name: String?, range: String?
        var glyphs: [PBFGlyph] = []
        while !reader.isAtEnd {
            let field = try reader.nextField()
            guard (1...3).contains(field.number) else { continue }
            guard case .bytes(let payload) = field.value else { throw reader.error("field \(field.number) is not length-delimited") }
            switch field.number {
            case 1: name = try text(payload, reader, "name")
            case 2: range = try text(payload, reader, "range")
            default: glyphs.append(try decodeGlyph(payload, context: "\(context) glyph \(glyphs.count + 1)"))
            }
        }
        guard let name else { throw reader.error("required name (field 1) missing") }
        guard let range else { throw reader.error("required range (field 2) missing") }
        return PBFFontstack(name: name, range: range, glyphs: glyphs)
    }

    private static func text(_ bytes: ArraySlice<UInt8>, _ reader: GlyphFieldReader, _ what: String) throws(GlyphPBFError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw reader.error("\(what) is not UTF-8") }
        return text
    }
}
