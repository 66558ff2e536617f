import PackJSON

/// Why a pack file could not be read as the SPEC says. Every case names the file, and where
/// known the JSON path, line and column.
public enum PackReadError: Error, Sendable, CustomStringConvertible {
    /// The file is missing, not a regular file, or a symlink leading out of its folder.
    case unreadable(path: String, reason: String)
    /// The file is not strict JSON.
    case syntax(path: String, error: JSONSyntaxError)
    /// A value is missing or has the wrong type or range.
    case malformed(path: String, at: String, line: Int?, column: Int?, reason: String)

    /// A `malformed` error located at `node`.
    public static func at(_ node: JSONNode, in path: String, _ reason: String) -> PackReadError {
        let position = node.position
        return .malformed(path: path, at: node.path.description, line: position.line, column: position.column, reason: reason)
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .syntax(let path, let error): "\(path):\(error.line):\(error.column): \(error.message)"
        case .malformed(let path, let at, let line, let column, let reason):
            "\(path)\(line.map { ":\($0)" } ?? "")\(column.map { ":\($0)" } ?? ""): \(at): \(reason)"
        }
    }
}
