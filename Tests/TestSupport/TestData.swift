import Foundation

/// Locations the tests share: the repository root, its bundled real data, scratch folders and
/// the built `trailpack` binary.
public enum TestData {
    /// The package root (the folder holding Package.swift).
    public static let repoRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// A file under the repo's `data/` folder (real DEMs and trails with their provenance).
    public static func url(_ relative: String) -> URL {
        repoRoot.appendingPathComponent("data").appendingPathComponent(relative)
    }

    /// Path of a file under `data/`.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// A fresh empty temporary folder, unique per call.
    public static func scratchFolder(_ label: String = "test") -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("trailpack-\(label)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
