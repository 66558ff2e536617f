import Foundation
import Testing
import TestSupport

/// `trailpack validate` on a route file broken in each way `scripts/broken_route.py` breaks one
/// (issue 40; `make bench` times the same shapes at 160,000 vertices): through the binary, the
/// exit code, the first message naming the file, its line and the place (the key path and the
/// vertex or waypoint index), the report's lines of that rule capped with a count of the rest,
/// and nothing changed inside or outside the pack root.
@Suite struct MalformedRouteTests {
    /// A shape of `broken_route.py`, the rule its first problem is under and where that lies.
    struct Case: Sendable, CustomStringConvertible {
        var shape: String
        var rule: String
        /// The first problem's key path and the start of what it says was found.
        var place: String
        var found: String
        /// True when every vertex (or every tenth, for waypoints) breaks the rule: more than the
        /// report shows.
        var floods: Bool
        var description: String { shape }
    }

    static let cases: [Case] = [
        Case(shape: "bare", rule: "route.coords", place: "coords[0]", found: "an array of 2", floods: true),
        Case(shape: "one-line", rule: "route.coords", place: "coords[0]", found: "an array of 2", floods: true),
        Case(shape: "cum-short", rule: "route.cum.length", place: "cum", found: "", floods: false),
        Case(shape: "cum-unordered", rule: "route.cum.increasing", place: "cum[2]", found: "", floods: true),
        Case(shape: "ele-null", rule: "route.coords", place: "coords[0]", found: "an array of 3", floods: true),
        Case(shape: "arity", rule: "route.coords", place: "coords[0]", found: "an array of 4", floods: true),
        Case(shape: "nan", rule: "route.coords", place: "coords[0]", found: "an array of 3", floods: true),
        Case(shape: "waypoint-range", rule: "route.waypoint.index", place: "waypoints[1].i", found: "", floods: true),
        Case(shape: "duplicates", rule: "route.cum.increasing", place: "cum[1]", found: "0", floods: true),
    ]

    static let routeFile = "regions/\(DemoBuild.regionId)/routes/mount-cabot.json"

    /// A copy of the demo pack whose mount-cabot route is broken as `shape`, and a canary file
    /// beside the pack root.
    func brokenPack(_ shape: String) throws -> (root: URL, canary: URL) {
        let dir = TestData.scratchFolder("malformed-\(shape)")
        let root = dir.appendingPathComponent("pack")
        try FileManager.default.copyItem(at: try DemoBuild.get().root, to: root)
        let script = TestData.repoRoot.appendingPathComponent("scripts/broken_route.py").path
        let (status, _, err) = try TestData.runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, root.path, "mount-cabot", shape])
        try #require(status == 0, "broken_route.py \(shape): \(String(decoding: err, as: UTF8.self))")
        let canary = dir.appendingPathComponent("canary.txt")
        try Data("left alone\n".utf8).write(to: canary)
        return (root, canary)
    }

    @Test(arguments: cases) func validateNamesTheFileAndThePlaceOfEachBrokenShape(_ c: Case) throws {
        let (root, canary) = try brokenPack(c.shape)
        let before = TestData.tree(root)
        let run = try TestData.run(["validate", root.path], timeoutS: 120)
        #expect(run.status == 1, "\(run.stdout.suffix(1500))\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let ofRule = lines.filter { $0.hasPrefix(Self.routeFile) && $0.contains("error [\(c.rule)]") }
        let first = try #require(ofRule.first, "no \(c.rule) in:\n\(run.stdout.prefix(3000))")
        // file:line: error [rule] place: expected ..., found ...
        let line = c.shape == "one-line" ? "1" : "[0-9]+"
        #expect(first.range(of: "^\(NSRegularExpression.escapedPattern(for: Self.routeFile)):\(line): error \\[\(NSRegularExpression.escapedPattern(for: c.rule))\\] "
                               + NSRegularExpression.escapedPattern(for: c.place) + ": expected ", options: .regularExpression) != nil, "\(first)")
        #expect(c.found.isEmpty || first.hasSuffix("found \(c.found)"), "\(first)")
        if c.floods {
            // The first ten of the rule, then one line counting the rest.
            #expect(ofRule.count == 11, "\(ofRule.count) lines of \(c.rule)")
            #expect(ofRule.last?.hasPrefix("\(Self.routeFile): error [\(c.rule)]: expected no more problems of this kind, found ") == true, "\(ofRule.last ?? "")")
        }
        #expect(lines.count < 80, "\(lines.count) lines")
        #expect(TestData.tree(root) == before)
        #expect(try Data(contentsOf: canary) == Data("left alone\n".utf8))
    }

    /// A route with no `ele`, no `cum` values and no waypoints is told of the missing waypoints
    /// too, not only of its coords.
    @Test func aBareRouteIsToldItHasNoWaypoints() throws {
        let (root, _) = try brokenPack("bare")
        let run = try TestData.run(["validate", root.path], timeoutS: 120)
        #expect(run.stdout.split(separator: "\n").contains {
            $0.hasPrefix("\(Self.routeFile):1: error [json.key-missing] $: expected key \"waypoints\"")
        }, "\(run.stdout.prefix(3000))")
    }
}
