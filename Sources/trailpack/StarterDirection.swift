import Foundation
import TrailpackCore

/// A recorded track whose direction nothing fixes (no fix times, or parts chained by their
/// nearest ends rather than in time order) that runs strongly downhill as chained: `init` says
/// `reverse: true` exists, since a walk stored or chained backwards climbs 8 m and descends
/// 1,178 m where the hiker climbed.
enum StarterDirection {
    /// The descent, metres, from which a line can be strongly downhill.
    static let minDescentM = 300.0
    /// How many times the ascent the descent must be.
    static let descentOverAscent = 5.0
    /// At most this many points of the line are looked up in the DEM, evenly spread by index.
    static let maxSamples = 400

    /// The ascent and descent, metres, of `coords` on the DEM (`elevations` looks points up;
    /// nil cells are skipped), when it is strongly downhill; nil otherwise.
    static func downhill(_ coords: [LonLat], elevations: ([LonLat]) -> [Double?]) -> (ascentM: Double, descentM: Double)? {
        guard coords.count >= 2 else { return nil }
        let stride = max(1, coords.count / maxSamples)
        var picked = Swift.stride(from: 0, to: coords.count, by: stride).map { coords[$0] }
        if picked.last != coords.last { picked.append(coords[coords.count - 1]) }
        let heights = elevations(picked).compactMap { $0 }
        var ascentM = 0.0, descentM = 0.0
        for (a, b) in zip(heights, heights.dropFirst()) {
            if b > a { ascentM += b - a } else { descentM += a - b }
        }
        guard descentM >= minDescentM, descentM >= descentOverAscent * ascentM else { return nil }
        return (ascentM, descentM)
    }
}
