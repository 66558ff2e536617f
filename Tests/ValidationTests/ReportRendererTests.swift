import PackJSON
import Testing
import Validation

@Suite("Report rendering")
struct ReportRendererTests {
    let report = ValidationReport(path: "/packs/demo", kind: .packRoot, regionIds: ["a"], problems: [
        ValidationProblem(.routeCumIncreasing, file: "regions/a/routes/r.json",
                          at: ProblemLocation(jsonPath: "cum[41]", line: 12, column: 7), expected: "more than 5", found: "4"),
        ValidationProblem(.ter1Magic, file: "regions/a/terrain.bin", at: .byte(0), expected: "TER1", found: "00 00 00 00"),
        ValidationProblem(.arCoarsened, file: "regions/a/manifest.json", at: ProblemLocation(jsonPath: "routes[0].arPatch.resolutionM", line: 40),
                          expected: "about 10 m", found: "20 m"),
    ])

    @Test func textHasOneLinePerProblemAndAVerdict() {
        let lines = ReportRenderer.text(report).split(separator: "\n").map(String.init)
        #expect(lines == [
            "regions/a/routes/r.json:12: error [route.cum.increasing] cum[41]: expected more than 5, found 4",
            "regions/a/terrain.bin: error [ter1.magic] byte 0: expected TER1, found 00 00 00 00",
            "regions/a/manifest.json:40: warning [ar.coarsened] routes[0].arPatch.resolutionM: expected about 10 m, found 20 m",
            "/packs/demo: pack root with 1 region(s): INVALID: 2 error(s), 1 warning(s)",
        ])
    }

    @Test func jsonListsTheProblemsWithTheSameFactsAndTheFigures() throws {
        var withFigures = report
        withFigures.figures = [ValidationFigure(ruleId: "dem.terrain", file: "regions/a/terrain.bin", name: "rmsM", value: 0.41234, limit: 2)]
        let parsed = try JSONParser.parse(ReportRenderer.json(withFigures))
        #expect(try parsed.member("valid").bool() == false)
        let figures = try parsed.member("figures").array()
        #expect(figures.count == 1)
        #expect(try figures[0].member("rule").string() == "dem.terrain")
        #expect(try figures[0].member("value").double() == 0.4123)
        #expect(try figures[0].member("limit").double() == 2)
        let items = try parsed.member("problems").array()
        #expect(items.count == 3)
        #expect(try items[0].member("rule").string() == "route.cum.increasing")
        #expect(try items[0].member("severity").string() == "error")
        #expect(try items[0].member("file").string() == "regions/a/routes/r.json")
        #expect(try items[0].member("path").string() == "cum[41]")
        #expect(try items[0].member("line").int() == 12)
        #expect(try items[0].member("column").int() == 7)
        #expect(items[0]["offset"] == nil)
        #expect(try items[1].member("offset").int() == 0)
        #expect(items[1]["path"] == nil)
        #expect(try items[2].member("severity").string() == "warning")
    }

    @Test func strictFailsOnWarnings() {
        let warningsOnly = ValidationReport(path: "p", kind: .region, regionIds: ["a"], problems: [report.problems[2]])
        #expect(warningsOnly.passes(strict: false))
        #expect(!warningsOnly.passes(strict: true))
        #expect(warningsOnly.exitStatus(strict: false) == 0)
        #expect(warningsOnly.exitStatus(strict: true) == 1)
        #expect(report.exitStatus(strict: false) == 1)
        #expect(ReportRenderer.text(warningsOnly, strict: true).contains("region a: INVALID: 0 error(s), 1 warning(s)"))
        #expect(ReportRenderer.text(warningsOnly).contains("region a: valid: 0 error(s), 1 warning(s)"))
    }
}
