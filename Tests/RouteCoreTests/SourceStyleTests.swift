import Testing
import TestSupport

/// Issue 30's rules for route code: functions at most 60 lines, every threshold a named constant
/// (the cleaner's in `RouteCleaner.Options`). The scanner's own tests are in GuidanceTests.
struct SourceStyleTests {
    @Test func routeCoreFunctionsAreShortAndItsNumbersNamed() throws {
        let problems = try SourceStyle.problems(inFolder: "Sources/RouteCore")
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }
}
