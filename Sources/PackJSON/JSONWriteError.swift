/// A value `JSONWriter` cannot write: a NaN or infinite number, at `path`.
/// `description` reads `coords[3][1]: cannot write non-finite number nan`.
public struct JSONWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the offending value sits.
    public var path: JSONPath
    /// The offending number.
    public var value: Double

    public init(path: JSONPath, value: Double) {
        self.path = path
        self.value = value
    }

    public var description: String { "\(path): cannot write non-finite number \(value)" }

    public static func == (lhs: JSONWriteError, rhs: JSONWriteError) -> Bool {
        lhs.path == rhs.path && lhs.value.bitPattern == rhs.value.bitPattern
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(value.bitPattern)
    }
}
