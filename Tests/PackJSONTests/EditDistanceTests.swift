import Testing
@testable import PackJSON

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("name", "nmae", 1), ("name", "name", 0), ("kitten", "sitting", 3), ("", "abc", 3), ("ab", "ba", 1),
        ("spacingM", "spacing", 1), ("résumé", "resume", 2),
    ])
    func editDistance(a: String, b: String, expected: Int) {
        #expect(EditDistance.distance(a, b) == expected)
        #expect(EditDistance.distance(b, a) == expected)
    }

    @Test func suggestionNeedsCloseMatch() {
        #expect(EditDistance.suggestion(for: "spacingm", among: ["id", "spacingM"]) == "spacingM")
        #expect(EditDistance.suggestion(for: "zoomLevel", among: ["id", "name"]) == nil)
        #expect(EditDistance.suggestion(for: "x", among: ["id"]) == nil)
    }

    @Test func suggestionForAKeyWithoutItsUnit() {
        #expect(EditDistance.suggestion(for: "azimuth", among: ["id", "azimuthDeg", "name"]) == "azimuthDeg")
        #expect(EditDistance.suggestion(for: "memoryLimit", among: ["resolutionM", "memoryLimitMiB"]) == "memoryLimitMiB")
        #expect(EditDistance.suggestion(for: "resolution", among: ["resolutionM", "resolutionNote"]) == "resolutionM")
        #expect(EditDistance.suggestion(for: "maxRouteFilled", among: ["maxRouteFilledM", "maxFilledShare"]) == "maxRouteFilledM")
        #expect(EditDistance.suggestion(for: "speed", among: ["speedUpKmh", "speedDownKmh"]) == nil)
        #expect(EditDistance.suggestion(for: "az", among: ["azimuthDeg"]) == nil)
    }
}
