/// A document that is not valid JSON (or JSON5) in the mode it was parsed in, located at the
/// offending byte. `description` reads "line 12, column 5: expected ',' or '}' after object
/// member, found ']'".
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (Unicode scalars) of the problem.
    public var column: Int
    /// 0-based byte offset of the problem.
    public var offset: Int
    /// What is wrong, without the location.
    public var message: String

    public init(line: Int, column: Int, offset: Int, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
