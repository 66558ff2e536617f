extension GuidanceTuning {
    /// Thresholds of guidance: see `GuidanceTuning`.
    public struct Overlap: Equatable, Sendable {
        public init() {}
    }
}
