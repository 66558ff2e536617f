import Foundation
import Pipeline
import TestSupport
import Testing

/// The demo region built once per test run (in-process), shared by the tests that read it.
enum DemoPack {
    static let recipe = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path

    /// The shared demo build (`DemoBuild`); its failure fails the tests that read it.
    static var built: (root: URL, summary: BuildSummary) {
        get throws { let b = try DemoBuild.get(); return (b.root, b.summary) }
    }

    static var region: URL { get throws { try DemoBuild.get().region } }

    /// A recipe over the demo's network and DEM (30 m terrain, a box around the Kilkenny and
    /// Pliny trails) with `pois` and `routes` (recipe text for the lists' items).
    static func recipeText(id: String, name: String, pois: String, routes: String) -> String {
        """
        {
          id: "\(id)", name: "\(name)",
          attribution: ["SRTM (public domain); © OpenStreetMap contributors"],
          bbox: [-71.48, 44.41, -71.34, 44.55],
          dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          trails: ["\(TestData.path("white-mountains/wmnf-pliney.geojson"))"],
          pois: [\(pois)],
          terrain: { resolutionM: 30 },
          routes: [\(routes)],
        }
        """
    }
}
