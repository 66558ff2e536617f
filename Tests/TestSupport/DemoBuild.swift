import Foundation
import Pipeline

/// The demo region (`Recipes/pliny-kilkenny.json5`) built by the pipeline once per test process
/// and shared by every test target that reads it. Read only: a test that changes a pack copies
/// it first.
public enum DemoBuild {
    public static let recipe = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path
    public static let regionId = "pliny-kilkenny"

    /// The pack root, the build's summary and the region folder.
    public struct Built: Sendable {
        public var root: URL
        public var summary: BuildSummary
        public var region: URL
    }

    private static let built = Result<Built, any Error> {
        let root = TestData.scratchFolder("demo-build").appendingPathComponent("pack")
        let summary = try TestData.build(recipePath: recipe, outRoot: root.path)
        return Built(root: root, summary: summary, region: root.appendingPathComponent("regions/\(regionId)"))
    }

    /// The built demo (built on first use).
    /// - Throws: the build's error, to every test that asks (a failed build fails its readers).
    public static func get() throws -> Built { try built.get() }
}

extension TestData {
    /// `PackBuilder.build` as the suite's in-process builds run it: with the run's glyph cache
    /// (`TRAILPACK_GLYPH_CACHE`, which `make test` sets) when there is one, as the binary does.
    /// - Throws: as `PackBuilder.build`.
    public static func build(recipePath: String, outRoot: String) throws -> BuildSummary {
        var options = BuildOptions()
        options.glyphCacheFolder = ProcessInfo.processInfo.environment["TRAILPACK_GLYPH_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
        return try PackBuilder.build(recipePath: recipePath, outRoot: outRoot, options: options)
    }
}
