import Foundation

/// The style rules issue 30 set for the route and guidance modules, checked on their sources:
/// every function (or initialiser, or subscript) at most `maxFunctionLines` lines from its
/// declaration to its closing brace, and no numeric literal in code except 0, 1 and 2 (indices,
/// halves and pairs) and those that define a named constant: a `let` or `var` declared at type
/// level (a `static let`, a stored property's default). Comments and string literals are not code.
public enum SourceStyle {
    /// The longest function the rules allow, lines.
    public static let maxFunctionLines = 60
    /// Literals that need no name.
    static let allowedLiterals: Set<String> = ["0", "1", "2", "0.0", "1.0", "2.0"]

    /// One place that breaks a rule: `file:line: what`.
    public struct Problem: CustomStringConvertible, Equatable, Sendable {
        public var file: String
        public var line: Int
        public var what: String
        public var description: String { "\(file):\(line): \(what)" }
    }

    /// The problems in every `.swift` file under `folder` (relative to the repository root),
    /// in file and line order.
    public static func problems(inFolder folder: String) throws -> [Problem] {
        let root = TestData.repoRoot.appendingPathComponent(folder)
        let names = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.flatMap { name in
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            return problems(inSource: text, file: folder + "/" + name)
        }
    }

    /// The problems in one file's text.
    public static func problems(inSource text: String, file: String) -> [Problem] {
        var scanner = Scanner(file: file)
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            scanner.scan(String(line), number: k + 1)
        }
        return scanner.problems
    }
}

extension SourceStyle {
    /// What an open brace belongs to.
    enum Scope { case type, function, other }

    /// Reads a file line by line, keeping the open braces and whether a block comment is open.
    struct Scanner {
        let file: String
        var problems: [Problem] = []
        var open: [(scope: Scope, line: Int)] = []
        var inBlockComment = false

        init(file: String) { self.file = file }

        mutating func scan(_ raw: String, number: Int) {
            let code = Self.code(of: raw, inBlockComment: &inBlockComment)
            let scope = Self.scope(opening: code)
            let atTypeLevel = (open.last?.scope ?? .type) == .type
            if !(atTypeLevel && Self.isDeclaration(code)) {
                for literal in Self.numericLiterals(in: code) where !allowedLiterals.contains(literal) {
                    problems.append(Problem(file: file, line: number, what: "literal \(literal)"))
                }
            }
            var pending: Scope? = scope
            for ch in code {
                if ch == "{" {
                    open.append((pending ?? .other, number))
                    pending = nil
                } else if ch == "}", let (closed, start) = open.popLast(), closed == .function,
                          number - start + 1 > maxFunctionLines {
                    problems.append(Problem(file: file, line: start, what: "function of \(number - start + 1) lines"))
                }
            }
        }
    }
}
