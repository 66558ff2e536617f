import ProtobufWire

extension GlyphPBF {
    /// One `glyph` message; every required field must be present.
    static func decodeGlyph(_ bytes: ArraySlice<UInt8>, context: String) throws(GlyphPBFError) -> PBFGlyph {
        var reader = GlyphFieldReader(bytes, context: context)
        var varints: [Int: UInt64] = [:]
        var bitmap: [UInt8] = []
        while !reader.isAtEnd {
            let field = try reader.nextField()
            switch (field.number, field.value) {
            case (2, .bytes(let payload)): bitmap = Array(payload)
            case (2, _): throw reader.error("bitmap (field 2) is not length-delimited")
            case (1...7, .varint(let value)): varints[field.number] = value
            case (1...7, _): throw reader.error("field \(field.number) is not a varint")
            default: continue
            }
        }
        let names = [1: "id", 3: "width", 4: "height", 5: "left", 6: "top", 7: "advance"]
        for number in names.keys.sorted() where varints[number] == nil {
            throw reader.error("required \(names[number]!) (field \(number)) missing")
        }
        func unsigned(_ number: Int) throws(GlyphPBFError) -> UInt32 {
            guard let value = UInt32(exactly: varints[number]!) else { throw reader.error("\(names[number]!) over 32 bits") }
            return value
        }
        func zigzag(_ number: Int) throws(GlyphPBFError) -> Int32 {
            Zigzag.decode(try unsigned(number))
        }
        return PBFGlyph(id: try unsigned(1), bitmap: bitmap, width: try unsigned(3), height: try unsigned(4),
                        left: try zigzag(5), top: try zigzag(6), advance: try unsigned(7))
    }
}
