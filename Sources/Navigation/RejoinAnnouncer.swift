/// When the app tells the walker the way back (docs/NAVIGATION.md, "The way back and a new
/// route"): the engine asks `--rejoin` every `rejoinEveryS` while off route, but the walker hears
/// the first answer of an off-route episode, then a new one only when what it says changes (another
/// rejoin vertex, the new route offered instead or no longer, no way back or one again), or
/// `rejoinRemindS` after the last told as a reminder. One per off-route episode: a new episode
/// starts a new announcer.
public struct RejoinAnnouncer: Sendable {
    public let tuning: NavigationTuning
    private var lastTold: (what: [String], atS: Double)?

    public init(tuning: NavigationTuning = .standard) { self.tuning = tuning }

    /// Whether `answer`, got at `atS` seconds, is told; remembers it when it is.
    public mutating func shouldTell(_ answer: RejoinAnswer, atS: Double) -> Bool {
        if let last = lastTold, last.what == answer.told, atS - last.atS < tuning.rejoinRemindS { return false }
        lastTold = (answer.told, atS)
        return true
    }
}
