extension GuidanceTuning {
    /// Thresholds of guidance: see `GuidanceTuning`.
    public struct Bends: Equatable, Sendable {
        public init() {}
    }
}
