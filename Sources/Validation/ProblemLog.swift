import PackJSON

/// Collects the problems of one region (or of the catalog), in the order they are found.
/// At most `maxPerRuleAndFile` problems are kept per rule and file; the rest are counted and
/// summarised in one trailing problem, so a hostile file cannot flood the report.
final class ProblemLog {
    static let maxPerRuleAndFile = 10

    private(set) var problems: [ValidationProblem] = []
    /// Measured figures, in the order they were taken.
    private(set) var figures: [ValidationFigure] = []
    private var counts: [String: Int] = [:]
    private var overflow: [(key: String, rule: ValidationRule, file: String)] = []

    /// A problem under `rule` in `file`. The location and the texts are made only for a problem
    /// that is kept (the first `maxPerRuleAndFile` of its rule and file): past that an add is a
    /// count, so a file with a problem at every vertex costs no more per vertex than a clean one.
    func add(_ rule: ValidationRule, file: String, at location: @autoclosure () -> ProblemLocation,
             expected: @autoclosure () -> String, found: @autoclosure () -> String) {
        let key = rule.id + "\u{0}" + file
        let seen = counts[key, default: 0]
        counts[key] = seen + 1
        if seen < Self.maxPerRuleAndFile {
            problems.append(ValidationProblem(rule, file: file, at: location(), expected: expected(), found: found()))
        } else if seen == Self.maxPerRuleAndFile {
            overflow.append((key, rule, file))
        }
    }

    /// A problem located at a JSON value (path, line and column), made only when kept.
    func add(_ rule: ValidationRule, file: String, node: JSONNode, expected: @autoclosure () -> String, found: @autoclosure () -> String) {
        add(rule, file: file, at: Self.location(of: node), expected: expected(), found: found())
    }

    /// Records a measured figure (finite values only).
    func figure(_ rule: ValidationRule, file: String, _ name: String, _ value: Double, limit: Double?) {
        guard value.isFinite else { return }
        figures.append(ValidationFigure(ruleId: rule.id, file: file, name: name, value: value, limit: limit))
    }

    /// A note: a check that could not run.
    func note(_ rule: ValidationRule, file: String, _ message: String) {
        problems.append(ValidationProblem(ruleId: rule.id, severity: .note, file: file, location: .file,
                                          expected: "a check of \(rule.id)", found: message))
    }

    /// The problems with one summary per rule and file that went over the limit.
    func finish() -> [ValidationProblem] {
        var all = problems
        for (key, rule, file) in overflow {
            let more = counts[key, default: 0] - Self.maxPerRuleAndFile
            all.append(ValidationProblem(rule, file: file, at: .file, expected: "no more problems of this kind",
                                         found: "\(more) more not shown"))
        }
        return all
    }

    static func location(of node: JSONNode) -> ProblemLocation {
        let position = node.position
        return ProblemLocation(jsonPath: node.path.description, line: position.line, column: position.column)
    }

    static func location(of error: JSONAccessError) -> ProblemLocation {
        ProblemLocation(jsonPath: error.path.description, line: error.line, column: error.column)
    }
}
