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
}
