/// Every threshold guidance uses, in one value: each named once with its unit and its reason
/// (docs/GUIDANCE.md tabulates them). `standard` is what the tool ships; tests inject others to
/// sweep a threshold over the corpora. The track cleaner's thresholds are its own value,
/// `RouteCleaner.Options`, beside this one.
public struct GuidanceTuning: Equatable, Sendable {
    /// Merging, ordering and wording cues; the radii that name them after POIs.
    public var cues = Cues()
    /// Summits and passes on the profile, and the terrain that confirms them.
    public var summits = Summits()
    /// Bends a walker feels: turns, hairpins and reversals.
    public var bends = Bends()
    /// Runs of switchbacks, where the trail is the only way on.
    public var switchbacks = Switchbacks()
    /// Where a recording walks the same ground the other way: out-and-backs, spurs, stems, and
    /// reading both passes as one.
    public var overlap = Overlap()

    /// The thresholds the tool ships with.
    public static let standard = GuidanceTuning()

    public init() {}
}
