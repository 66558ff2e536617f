import Foundation
@testable import Pipeline
import Testing
import TestSupport

/// A recipe whose attribution is still a placeholder (what `trailpack init` writes) is refused.
@Suite struct PlaceholderAttributionTests {
    @Test(arguments: ["Elevation: (DEM source)", "(DEM source)", "Elevation: <source>", "Trails: [name]", "Elevation: {dem}",
                      "TODO", "Elevation: todo", "SRTM, FIXME", "source TBD", "XXX", "Elevation: ...", "SRTM…", " ( your source ) "])
    func placeholdersAreFound(text: String) {
        #expect(PlaceholderText.reason(text) != nil)
    }

    @Test(arguments: ["SRTM (public domain)", "© OpenStreetMap contributors", "Elevation: SRTM 3 arc-second, NASA/USGS (public domain)",
                      "SRTM: NASA/USGS, public domain", "Copernicus DEM GLO-30 © DLR e.V. 2010-2014 and © Airbus Defence and Space GmbH 2014-2018",
                      "Synthetic trails over SRTM", "a", "Trails: OpenStreetMap (ODbL 1.0)", "(c) USGS", "Elevation: (c) USGS 3DEP",
                      "Todos Santos county DEM", "Lidar (2019) and SRTM (2000)"])
    func realCreditsAreNoPlaceholders(text: String) {
        #expect(PlaceholderText.reason(text) == nil, "\(PlaceholderText.reason(text) ?? "")")
    }

    func loadError(attribution: String) throws -> BuildError {
        let path = TestData.scratchFolder("placeholder").appendingPathComponent("r.json5").path
        try """
        {
          id: "placeholder",
          name: "Placeholder",
          attribution: \(attribution),
          bbox: [-71.5, 44.4, -71.3, 44.5],
          dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try RecipeLoader.load(path: path)
        } catch let e as BuildError {
            return e
        }
        Issue.record("recipe loaded without error")
        throw CancellationError()
    }

    @Test func theBuildRefusesAPlaceholderNamingFileLineAndKey() throws {
        let e = try loadError(attribution: "[\"SRTM (public domain)\",\n    \"Elevation: (DEM source)\"]")
        guard case .recipe(let file, let line, let keyPath, let message) = e else { Issue.record("\(e)"); return }
        #expect(file.hasSuffix("r.json5") && line == 5 && keyPath == "attribution[1]", "\(e)")
        #expect(message.contains("\"Elevation: (DEM source)\" is a placeholder") && message.contains("\"(DEM source)\""), "\(message)")
        let single = try loadError(attribution: "\"TODO: credit the DEM\"")
        guard case .recipe(_, 4, "attribution", let m) = single else { Issue.record("\(single)"); return }
        #expect(m.contains("TODO"), "\(m)")
    }
}
