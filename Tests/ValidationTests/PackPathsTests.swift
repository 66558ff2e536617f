import PackJSON
import PackSpec
import Testing
@testable import Validation

@Suite("Ids and paths")
struct PackPathsTests {
    @Test(arguments: [
        ("pliny-kilkenny", true), ("a", true), ("0-9", true), (String(repeating: "a", count: 63), true),
        ("", false), ("-lead", false), ("Upper", false), ("under_score", false), ("dot.ted", false),
        (String(repeating: "a", count: 64), false), ("café", false),
    ])
    func idSyntax(id: String, valid: Bool) {
        #expect(PackTree.isValidId(id) == valid)
    }

    @Test(arguments: [
        ("terrain.bin", nil), ("routes/a.json", nil), ("ar/x..y.bin", nil),
        ("../x", "path.parent"), ("routes/../../x", "path.parent"), ("/etc/passwd", "path.absolute"),
        ("routes\\a.json", "path.backslash"), ("", "path.empty"), ("./a", "path.empty"), ("a//b", "path.empty"), ("a/", "path.empty"),
    ] as [(String, String?)])
    func pathRules(path: String, rule: String?) throws {
        let log = ProblemLog()
        let node = try JSONParser.parse(JSONWriter().bytes(["path": .string(path)]))
        let ok = PackPaths.checkRelativePath(path, node: try #require(node["path"]), fields: JSONFields(file: "m.json", log: log))
        #expect(ok == (rule == nil))
        #expect(log.finish().map(\.ruleId) == (rule.map { [$0] } ?? []))
    }
}
