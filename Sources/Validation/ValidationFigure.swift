/// One measured figure of a validation (an RMS, a share, a correlation), with the limit the
/// rule holds it to, so tools reading `--json` see how close a pack came to failing.
public struct ValidationFigure: Hashable, Sendable {
    /// The rule the figure belongs to, e.g. `dem.terrain`.
    public var ruleId: String
    /// The file measured, relative to the validated PATH.
    public var file: String
    /// What was measured, e.g. `rmsM`, `worstM`, `correlation`, `share`.
    public var name: String
    public var value: Double
    /// The limit (`nil` for a figure that is only reported).
    public var limit: Double?

    public init(ruleId: String, file: String, name: String, value: Double, limit: Double?) {
        self.ruleId = ruleId
        self.file = file
        self.name = name
        self.value = value
        self.limit = limit
    }
}
