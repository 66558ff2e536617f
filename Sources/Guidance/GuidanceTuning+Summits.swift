extension GuidanceTuning {
    /// Thresholds of guidance: see `GuidanceTuning`.
    public struct Summits: Equatable, Sendable {
        public init() {}
    }
}
