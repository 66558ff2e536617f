extension GuidanceTuning {
    /// Thresholds of guidance: see `GuidanceTuning`.
    public struct Switchbacks: Equatable, Sendable {
        public init() {}
    }
}
