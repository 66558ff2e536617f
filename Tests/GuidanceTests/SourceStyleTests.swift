import Testing
import TestSupport

/// Issue 30's rules for guidance code: functions at most 60 lines, every threshold a named constant.
struct SourceStyleTests {
    @Test func guidanceFunctionsAreShortAndItsNumbersNamed() throws {
        let problems = try SourceStyle.problems(inFolder: "Sources/Guidance")
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test func theCheckFindsALongFunctionAndABareNumber() {
        let body = Array(repeating: "        x += 1", count: SourceStyle.maxFunctionLines - 1).joined(separator: "\n")
        let source = """
            enum E {
                static let stepM = 25.0
                var spanM: Double = 12.5
                func f() {
                    var x = 0 // 99 in a comment
                    let s = "45 in a string"
            \(body)
                    let y = x * 3 + 2 - 1
                }
            }
            """
        let problems = SourceStyle.problems(inSource: source, file: "E.swift")
        #expect(problems.map(\.description) == ["E.swift:\(SourceStyle.maxFunctionLines + 6): literal 3",
                                                 "E.swift:4: function of \(SourceStyle.maxFunctionLines + 4) lines"])
    }

    @Test func localLetsAndExponentsAreStillLiterals() {
        let source = "func f() {\n    let gapM = 25\n    let tiny = 1e-9\n    let half = 0.5\n}\n"
        let problems = SourceStyle.problems(inSource: source, file: "F.swift")
        #expect(problems.map(\.what) == ["literal 25", "literal 1e-9", "literal 0.5"])
    }
}
