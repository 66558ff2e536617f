/// Rounding and exponent-free printing of numbers, shared by the writer and error messages.
enum JSONNumberFormat {
    static let powers: [Double] = (0...22).map { e in
        var value = 1.0
        for _ in 0..<e { value *= 10 }
        return value
    }

    /// `value` rounded to `decimals` places, ties away from zero on the exact binary value; at
    /// most 15 significant digits kept. See `JSONValue.number(_:decimals:)`.
    static func round(_ value: Double, decimals: Int) -> Double {
        precondition((0...15).contains(decimals), "JSONValue.number: decimals must be in 0...15")
        guard value.isFinite else { return value }
        let magnitude = value.magnitude
        var d = decimals
        while d > 0, magnitude * powers[d] >= 1e15 { d -= 1 }
        let scale = powers[d]
        let scaled = magnitude * scale
        guard scaled < 0x1p52 else { return value + 0.0 }   // already an integer
        // The product was rounded once; only when it landed exactly on a tie can the exact
        // product lie on the other side, and its error (exact through FMA) tells which.
        var whole = scaled.rounded(.toNearestOrAwayFromZero)
        if whole - scaled == 0.5 {
            let error = (-scaled).addingProduct(magnitude, scale)
            if error < 0 { whole -= 1 }
        }
        let rounded = whole / scale
        return value < 0 ? -rounded + 0.0 : rounded
    }

    /// Appends `value` (finite): integral values within ±2^53 as integers, others in shortest
    /// round-trip form expanded without an exponent; -0 as 0.
    static func append(_ value: Double, to out: inout [UInt8]) {
        if value.rounded(.towardZero) == value, value.magnitude <= 0x1p53 {
            appendInteger(Int64(value), to: &out)
            return
        }
        var text = value.description
        text.withUTF8 { appendExpanded($0, to: &out) }
    }

    /// `value` as `append` prints it ("nan"/"inf" for non-finite values), for messages.
    static func string(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        var n = value.magnitude
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes of scratch
        withUnsafeMutableBytes(of: &digits) { scratch in
            var k = scratch.count
            repeat {
                k -= 1
                scratch[k] = UInt8(truncatingIfNeeded: n % 10) + 0x30
                n /= 10
            } while n > 0
            out.append(contentsOf: scratch[k...])
        }
    }

    /// Copies Swift's shortest description, rewriting `d.ddde±x` as plain decimal digits.
    private static func appendExpanded(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let e = text.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else {
            out.append(contentsOf: text)
            return
        }
        var start = 0
        if text[0] == UInt8(ascii: "-") {
            out.append(UInt8(ascii: "-"))
            start = 1
        }
        var digits: [UInt8] = []
        var pointAt: Int? = nil
        for k in start..<e {
            if text[k] == UInt8(ascii: ".") { pointAt = digits.count } else { digits.append(text[k]) }
        }
        var exponent = 0
        var negative = false
        for k in (e + 1)..<text.count {
            switch text[k] {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "+"): break
            default: exponent = exponent * 10 + Int(text[k] - 0x30)
            }
        }
        while digits.count > 1, digits.last == UInt8(ascii: "0"), (pointAt ?? digits.count) < digits.count {
            digits.removeLast()
        }
        let point = (pointAt ?? digits.count) + (negative ? -exponent : exponent)
        if point <= 0 {
            out.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: ".")])
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -point))
            out.append(contentsOf: digits)
        } else if point >= digits.count {
            out.append(contentsOf: digits)
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: point - digits.count))
        } else {
            out.append(contentsOf: digits[..<point])
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: digits[point...])
        }
    }
}
