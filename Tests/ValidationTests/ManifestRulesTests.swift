import Testing
@testable import Validation

@Suite("Manifest header rules")
struct ManifestRulesTests {
    @Test(arguments: [
        ("trailpack 0.1.0", true), ("trailpack 1.20.3-beta.1+build.5", true), ("trailpack 10.0.0", true),
        ("trailpack", false), ("trailpack 1.0", false), ("trailpack 01.0.0", false), ("Trailpack 1.0.0", false),
        ("trailpack  1.0.0", false), ("trailpack 1.0.0 ", false), ("other 1.0.0", false),
    ])
    func generator(text: String, valid: Bool) {
        #expect(ManifestRules.isGenerator(text) == valid)
    }
}
