/// A shared test fixture that could not be made: thrown from the fixture's accessor, so the tests
/// that read it fail and the rest of the suite runs.
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }

    /// `value`, or a `FixtureError` saying `what` was missing or of the wrong type.
    public static func unwrap<T>(_ value: Any?, _ what: String) throws(FixtureError) -> T {
        guard let typed = value as? T else { throw FixtureError("fixture: \(what) missing or not \(T.self)") }
        return typed
    }
}
