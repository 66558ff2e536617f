import Foundation

/// What an author does to the recipe `trailpack init` writes before building it.
enum StarterRecipe {
    /// The placeholder credit `init` writes for a DEM it does not recognise, which `build` refuses.
    static let placeholder = "\"Elevation: (DEM provider and licence)\""

    /// Sets the attribution line of the recipe at `path` to `credit` (a JSON5 list's items) and
    /// returns the new text.
    @discardableResult
    static func setAttribution(_ path: String, to credit: String) throws -> String {
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let text = lines.map { $0.hasPrefix("  attribution: [") ? "  attribution: [\(credit)]," : $0 }.joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return text
    }

    /// Credits the DEM's real source (both test DEMs are SRTM) in the recipe at `path`, whatever
    /// `init` wrote (a recognised tile's credit, or the placeholder); returns the new text.
    @discardableResult
    static func credit(_ path: String) throws -> String {
        try setAttribution(path, to: "\"Elevation: SRTM 3 arc-second, NASA/USGS (public domain)\"")
    }
}
