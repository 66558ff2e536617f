import CCairo

/// A Cairo failure turned into a Swift error: the operation that failed and Cairo's status.
public struct DrawingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What trailpack was doing ("creating surface", "drawing image"...).
    public var operation: String
    /// Cairo's numeric `cairo_status_t` (0 is success, never stored here).
    public var statusCode: Int
    /// Cairo's own text for the status (`cairo_status_to_string`).
    public var reason: String

    public init(operation: String, statusCode: Int, reason: String) {
        self.operation = operation
        self.statusCode = statusCode
        self.reason = reason
    }

    /// The error for a non-success Cairo status, or nil for `CAIRO_STATUS_SUCCESS`.
    static func check(_ status: cairo_status_t, _ operation: String) -> DrawingError? {
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "unknown Cairo status"
        return DrawingError(operation: operation, statusCode: Int(status.rawValue), reason: reason)
    }

    public var description: String { "\(operation) failed: \(reason) (Cairo status \(statusCode))" }
}
