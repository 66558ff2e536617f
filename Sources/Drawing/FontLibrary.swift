import CFreeType

/// One FreeType library instance (`FT_Library`), owned by this object and freed exactly once
/// when the last face opened from it goes away (each `FontFace` keeps its library alive).
///
/// Not thread-safe: FreeType allows one library per thread; use one library (and its faces)
/// from one task.
public final class FontLibrary {
    /// The half-width of FreeType's signed distance fields in pixels (its `sdf` module's
    /// `spread`): distances are encoded from -spread to +spread and the SDF bitmaps carry that
    /// many extra pixels on each side.
    public let sdfSpreadPx: Int
    let handle: OpaquePointer

    /// A library whose `sdf` renderer encodes distances up to `sdfSpreadPx` pixels.
    /// - Throws: `FontError` when FreeType cannot start or rejects the spread (FreeType 2.12
    ///   accepts 2...32 pixels).
    public init(sdfSpreadPx: Int = 6) throws(FontError) {
        var library: FT_Library?
        if let error = FontError.check(FT_Init_FreeType(&library), "starting FreeType", fontPath: nil) { throw error }
        guard let library else {
            throw FontError(operation: "starting FreeType", fontPath: nil, code: -1, reason: "no library returned")
        }
        var spread = FT_Int(sdfSpreadPx)
        let status = FT_Property_Set(library, "sdf", "spread", &spread)
        if let error = FontError.check(status, "setting the SDF spread to \(sdfSpreadPx) px", fontPath: nil) {
            FT_Done_FreeType(library)
            throw error
        }
        self.handle = library
        self.sdfSpreadPx = sdfSpreadPx
    }

    deinit {
        FT_Done_FreeType(handle)
    }

    /// FreeType's version, "major.minor.patch".
    public var versionText: String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(handle, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
