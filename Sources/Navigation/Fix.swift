import TrailpackCore

/// One position of the walker: where, when (seconds, any epoch, never decreasing) and the
/// horizontal accuracy the device reported (metres; nil when it reported none).
public struct Fix: Equatable, Sendable {
    public var location: LonLat
    public var timeS: Double
    public var accuracyM: Double?

    public init(location: LonLat, timeS: Double, accuracyM: Double? = nil) {
        self.location = location
        self.timeS = timeS
        self.accuracyM = accuracyM
    }
}
