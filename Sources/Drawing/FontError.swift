import CFreeType

/// A FreeType failure turned into a Swift error: what trailpack was doing, on which font file,
/// and FreeType's error code with its text.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What trailpack was doing ("opening the font", "rendering U+0041 as a distance field"...).
    public var operation: String
    /// The font file concerned, or nil for library-wide calls.
    public var fontPath: String?
    /// FreeType's `FT_Error` (0 is success, never stored here; -1 for failures trailpack detects itself).
    public var code: Int
    /// FreeType's own text for the code, or trailpack's for its own checks.
    public var reason: String

    public init(operation: String, fontPath: String?, code: Int, reason: String) {
        self.operation = operation
        self.fontPath = fontPath
        self.code = code
        self.reason = reason
    }

    /// The error for a non-zero `FT_Error`, or nil for success.
    static func check(_ error: FT_Error, _ operation: String, fontPath: String?) -> FontError? {
        guard error != 0 else { return nil }
        let reason = FT_Error_String(error).map { String(cString: $0) } ?? "FreeType error 0x\(String(error, radix: 16))"
        return FontError(operation: operation, fontPath: fontPath, code: Int(error), reason: reason)
    }

    public var description: String {
        let file = fontPath.map { " (\($0))" } ?? ""
        return "\(operation)\(file) failed: \(reason) (FreeType error \(code))"
    }
}
