/// Where in a file a problem sits: a JSON path (with line and column when known) for JSON
/// files, a byte offset for binary files, or nothing for a problem about the whole file.
public struct ProblemLocation: Hashable, Sendable, CustomStringConvertible {
    /// JSON path from the document root, e.g. `coords[41]` or `waypoints[0].kind` (`$` for the root).
    public var jsonPath: String?
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column (Unicode scalars), when known.
    public var column: Int?
    /// 0-based byte offset in the file, for binary files (TER1, PNG) and raw-text checks.
    public var byteOffset: Int?

    public init(jsonPath: String? = nil, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil) {
        self.jsonPath = jsonPath
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// The whole file.
    public static let file = ProblemLocation()

    /// A byte offset in a binary file.
    public static func byte(_ offset: Int) -> ProblemLocation { ProblemLocation(byteOffset: offset) }

    /// "coords[41] (line 12, column 7)", "byte 44", or "" for the whole file.
    public var description: String {
        var parts: [String] = []
        if let jsonPath { parts.append(jsonPath) }
        if let line {
            parts.append(column.map { "(line \(line), column \($0))" } ?? "(line \(line))")
        } else if let byteOffset {
            parts.append("byte \(byteOffset)")
        }
        return parts.joined(separator: " ")
    }
}

/// One problem found in a pack.
public struct ValidationProblem: Hashable, Sendable, CustomStringConvertible {
    /// The stable rule id, e.g. `route.cum.increasing` (see `ValidationRule`).
    public var ruleId: String
    public var severity: Severity
    /// The file, relative to the PATH given to the validator (`/`-separated; `.` for PATH itself).
    public var file: String
    public var location: ProblemLocation
    /// What the SPEC requires here.
    public var expected: String
    /// What the pack holds.
    public var found: String

    public init(ruleId: String, severity: Severity, file: String, location: ProblemLocation, expected: String, found: String) {
        self.ruleId = ruleId
        self.severity = severity
        self.file = file
        self.location = location
        self.expected = expected
        self.found = found
    }

    /// A problem under `rule`, with the rule's severity.
    public init(_ rule: ValidationRule, file: String, at location: ProblemLocation, expected: String, found: String) {
        self.init(ruleId: rule.id, severity: rule.severity, file: file, location: location, expected: expected, found: found)
    }

    /// `file:line: severity [rule] path: expected X, found Y`
    public var description: String {
        var head = file
        if let line = location.line { head += ":\(line)" }
        var text = "\(head): \(severity.rawValue) [\(ruleId)]"
        if location.line != nil, let path = location.jsonPath {
            text += " \(path)"
        } else if !location.description.isEmpty {
            text += " \(location.description)"
        }
        text += ": expected \(expected), found \(found)"
        return text
    }
}

/// What the validator looked at.
public enum PackKind: String, Sendable, Hashable {
    /// A pack root: `catalog.json` and `regions/`.
    case packRoot = "pack-root"
    /// One region folder holding `manifest.json`.
    case region
    /// Neither: nothing could be validated.
    case unknown
}

/// The outcome of validating a pack root or a region folder. Problems are in a deterministic
/// order: catalog first, then regions by id, each region's files in a fixed order.
public struct ValidationReport: Sendable {
    /// The PATH as given.
    public var path: String
    public var kind: PackKind
    /// Region ids validated, in order.
    public var regionIds: [String]
    /// Every problem, notes included.
    public var problems: [ValidationProblem]
    /// Figures measured on the way (plausibility, `--dem` comparisons), in report order.
    public var figures: [ValidationFigure] = []
    /// Wall-clock time the validation took, in seconds (not part of the rendered report, so
    /// output stays deterministic).
    public var elapsedS: Double

    public init(path: String, kind: PackKind, regionIds: [String], problems: [ValidationProblem], elapsedS: Double = 0) {
        self.path = path
        self.kind = kind
        self.regionIds = regionIds
        self.problems = problems
        self.elapsedS = elapsedS
    }

    public var errorCount: Int { problems.count { $0.severity == .error } }
    public var warningCount: Int { problems.count { $0.severity == .warning } }

    /// True when there is no error (warnings allowed).
    public var isValid: Bool { errorCount == 0 }

    /// True when the pack passes: no error, and with `strict` no warning either.
    public func passes(strict: Bool) -> Bool {
        errorCount == 0 && (!strict || warningCount == 0)
    }

    /// The process exit status for `trailpack validate`: 0 when the report passes, 1 otherwise.
    public func exitStatus(strict: Bool) -> Int32 { passes(strict: strict) ? 0 : 1 }

    /// The problems under one rule id.
    public func problems(_ rule: ValidationRule) -> [ValidationProblem] {
        problems.filter { $0.ruleId == rule.id }
    }
}
