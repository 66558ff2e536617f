import Foundation

/// A recorded track's line on the ground: at one fix a second, GPS jitter of under a metre draws
/// a zigzag between fixes 1-1.5 m apart that makes the track a quarter longer or more than the
/// way walked, and every distance, time and climb along it with it.
public enum GroundLine {
    /// Fixes closer than this to the last one kept are dropped, metres (the walker's bends are
    /// measured on 5 m steps too, and the route file resamples to 12 m).
    public static let stepM = 5.0

    /// `coords` keeping its first point, every point at least `minStepM` metres from the last one
    /// kept, and its last point (the last kept one gives way to it when closer than `minStepM`).
    public static func thinned(_ coords: [LonLat], minStepM: Double = stepM) -> [LonLat] {
        guard coords.count > 2 else { return coords }
        var out = [coords[0]]
        for p in coords.dropFirst().dropLast() where shortDistanceM(out[out.count - 1], p) >= minStepM { out.append(p) }
        let last = coords[coords.count - 1]
        if out.count > 1, shortDistanceM(out[out.count - 1], last) < minStepM { out.removeLast() }
        out.append(last)
        return out
    }

    /// True when no valid point of `coords` lies `withinM` metres or more from its first valid
    /// point: a device left standing (or a track of one fix) draws no line on the ground.
    public static func isOnePlace(_ coords: [LonLat], withinM: Double = stepM) -> Bool {
        guard let first = coords.first(where: InvalidPoints.isValid) else { return true }
        return !coords.contains { InvalidPoints.isValid($0) && shortDistanceM(first, $0) >= withinM }
    }

    /// A length walked on the ground, fix by fix: a step counts once the walker is at least
    /// `stepM` from the last fix counted (as `thinned` keeps fixes), metres.
    public struct Meter: Sendable {
        public private(set) var lengthM = 0.0
        private var last: LonLat

        public init(from start: LonLat) { last = start }

        /// The length so far, after walking to `p`.
        public mutating func walk(to p: LonLat, _ metric: inout NearMetric) -> Double {
            let d = metric.distanceM(last, p)
            if d >= GroundLine.stepM {
                lengthM += d
                last = p
            }
            return lengthM
        }
    }
}
