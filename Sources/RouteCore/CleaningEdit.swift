import Foundation
import TrailpackCore

/// One change the cleaner made to a recorded track, for the build's notes.
public struct CleaningEdit: Equatable, Sendable {
    /// What was removed.
    public enum Kind: String, Sendable {
        /// A short excursion (one to three fixes) that leaves the line and comes back.
        case spike
        /// A cloud of fixes recorded while standing, collapsed to its centre.
        case stop
        /// A small self-crossing loop (the track winds a full turn within a few tens of metres),
        /// cut at its crossing.
        case loop
        /// Wandering at the start of the track that returns to its first fix (to the car and
        /// back, a few steps while the device finds its fix), trimmed.
        case startExcursion = "start excursion"
        /// The same at the end, returning to the last fix.
        case endExcursion = "end excursion"
    }

    public var kind: Kind
    /// Indices (into the cleaner's input) of the first and last point removed.
    public var firstIndex: Int
    public var lastIndex: Int
    /// Where: the spike's farthest point, the stop's centre, the loop's crossing, the end
    /// excursion's farthest point.
    public var location: LonLat
    /// Size in metres: a spike's distance from the line joining its neighbours, a stop's
    /// radius, a loop's largest distance from its crossing, an end excursion's largest distance
    /// from the kept end.
    public var sizeM: Double
    /// Track length the edit took off, metres (length of the removed part minus its replacement).
    public var lengthRemovedM: Double

    public init(kind: Kind, firstIndex: Int, lastIndex: Int, location: LonLat, sizeM: Double, lengthRemovedM: Double) {
        self.kind = kind
        self.firstIndex = firstIndex
        self.lastIndex = lastIndex
        self.location = location
        self.sizeM = sizeM
        self.lengthRemovedM = lengthRemovedM
    }

    /// "spike at points 412-413 (-71.41234, 44.50123), 310 m off the line, 621 m of track removed".
    public var description: String {
        "\(kind.rawValue) at \(place), \(sizeDescription), \(String(format: "%.0f", lengthRemovedM)) m of track removed"
    }

    /// "points 412-413 (-71.41234, 44.50123)": the input indices removed and `location`.
    public var place: String {
        let points = firstIndex == lastIndex ? "point \(firstIndex)" : "points \(firstIndex)-\(lastIndex)"
        return points + String(format: " (%.5f, %.5f)", location.lon, location.lat)
    }

    /// The size in words: "310 m off the line", "40 fixes within 12 m", "12 m across", "30 m out and back".
    public var sizeDescription: String {
        switch kind {
        case .spike: String(format: "%.0f m off the line", sizeM)
        case .stop: String(format: "%d fixes within %.0f m", lastIndex - firstIndex + 1, sizeM)
        case .loop: String(format: "%.0f m across", 2 * sizeM)
        case .startExcursion, .endExcursion: String(format: "%.0f m out and back", sizeM)
        }
    }
}
