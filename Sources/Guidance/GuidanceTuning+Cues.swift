extension GuidanceTuning {
    /// Thresholds of guidance: see `GuidanceTuning`.
    public struct Cues: Equatable, Sendable {
        public init() {}
    }
}
