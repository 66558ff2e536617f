import Drawing
import Foundation

/// A font trailpack makes glyphs from: the font stack name a style names it by (also the folder
/// under `map/glyphs/`) and its file in Debian's `fonts-dejavu-core`. The names are the face's
/// own family and style ("DejaVu Sans" + "Book"), as node-fontnik and font-maker name stacks.
public struct GlyphFont: Equatable, Sendable {
    /// The font stack name, e.g. "DejaVu Sans Book".
    public var fontstack: String
    /// The font file's name in `folder`.
    public var fileName: String

    public init(fontstack: String, fileName: String) {
        self.fontstack = fontstack
        self.fileName = fileName
    }

    /// Where Debian's `fonts-dejavu-core` installs DejaVu.
    public static let debianDejaVuFolder = "/usr/share/fonts/truetype/dejavu"
    /// The default label font.
    public static let dejaVuSans = GlyphFont(fontstack: "DejaVu Sans Book", fileName: "DejaVuSans.ttf")
    /// The bold face, for summit and other emphasised labels.
    public static let dejaVuSansBold = GlyphFont(fontstack: "DejaVu Sans Bold", fileName: "DejaVuSans-Bold.ttf")

    /// The path of the font file in `folder`.
    /// - Throws: `FontError` naming the path when no readable file is there.
    public func path(in folder: String = GlyphFont.debianDejaVuFolder) throws(FontError) -> String {
        let path = (folder as NSString).appendingPathComponent(fileName)
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FontError(operation: "finding the \(fontstack) font", fontPath: path, code: -1,
                            reason: "no readable file there (Debian package fonts-dejavu-core installs it)")
        }
        return path
    }
}
