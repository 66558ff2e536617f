import Testing
@testable import Validation

/// The elevation `route.landmark.summit` reads from a DEM summit's name: the builder's
/// `MetresFormat` form with a thousands comma, and the form packs built before it wrote.
struct LandmarkSummitNameTests {
    @Test(arguments: [
        ("Summit 1,181 m", 1181.0), ("Summit 1,181 m (2)", 1181.0), ("Summit 742 m", 742.0),
        ("Summit 742 m (3)", 742.0), ("Summit 1181 m", 1181.0),
    ])
    func readsTheElevation(name: String, metres: Double) {
        #expect(LandmarkSummitRules.demSummitElevationM(name) == metres)
    }

    @Test(arguments: ["Summit 11,81 m", "Summit ,181 m", "Summit 1,1810 m", "Mount Cabot", "Summit m", "Summit 1,181"])
    func refusesOtherNames(name: String) {
        #expect(LandmarkSummitRules.demSummitElevationM(name) == nil)
    }
}
