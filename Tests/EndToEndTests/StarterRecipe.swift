import Foundation

/// What an author does to the recipe `trailpack init` writes before building it.
enum StarterRecipe {
    /// The placeholder credit `init` writes, which `build` refuses.
    static let placeholder = "\"Elevation: (DEM source)\""

    /// Replaces the placeholder credit of the recipe at `path` with the DEM's real source (both
    /// test DEMs are SRTM) and returns the new text.
    @discardableResult
    static func credit(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: placeholder, with: "\"Elevation: SRTM 3 arc-second, NASA/USGS (public domain)\"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return text
    }
}
