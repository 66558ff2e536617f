import Foundation
import TrailpackCore

/// Which landmarks a route sees, and from where: one sightline from every vertex (eye
/// `SightConstants.eyeHeightM` above its `ele`) to every landmark within the distance limit.
/// Landmarks are shared out over the cores; each one's answer lands in its own slot, so the
/// result does not depend on scheduling.
public enum RouteVisibility {
    /// The SPEC's `landmarks` of one route: landmarks seen from at least one vertex, sorted by
    /// first visible index, then name.
    /// - Parameters:
    ///   - coords: the route's vertices; `elevationsM` their `ele` (metres).
    ///   - sight: the route's terrain (its AR patch and the region grid).
    ///   - maxDistanceM: vertices farther than this from a landmark do not look for it.
    public static func sightings(coords: [LonLat], elevationsM: [Double], landmarks: [Landmark],
                                 sight: LineOfSight, maxDistanceM: Double) -> [LandmarkSighting] {
        precondition(coords.count == elevationsM.count)
        let slots = Slots<LandmarkSighting?>(count: landmarks.count)
        DispatchQueue.concurrentPerform(iterations: landmarks.count) { k in
            slots.put(at: k, sighting(of: landmarks[k], coords: coords, elevationsM: elevationsM, sight: sight, maxDistanceM: maxDistanceM))
        }
        return slots.values.compactMap { $0 }.sorted {
            ($0.visible[0].lowerBound, $0.landmark.name, $0.landmark.location.lon) < ($1.visible[0].lowerBound, $1.landmark.name, $1.landmark.location.lon)
        }
    }

    /// One landmark's sighting from the route, nil when no vertex sees it.
    public static func sighting(of landmark: Landmark, coords: [LonLat], elevationsM: [Double], sight: LineOfSight,
                                maxDistanceM: Double) -> LandmarkSighting? {
        var ranges: [ClosedRange<Int>] = []
        var runStart: Int?
        var nearestLocalM = Double.infinity
        var distances = [Double](repeating: .infinity, count: coords.count)
        for i in coords.indices {
            let d = shortDistanceM(coords[i], landmark.location)
            var seen = false
            if d <= maxDistanceM {
                seen = sight.isVisible(from: coords[i], eyeM: elevationsM[i] + SightConstants.eyeHeightM,
                                       to: landmark.location, targetEleM: landmark.eleM)
            }
            if seen {
                distances[i] = d
                nearestLocalM = min(nearestLocalM, d)
                if runStart == nil { runStart = i }
            } else if let s = runStart {
                ranges.append(s...(i - 1))
                runStart = nil
            }
        }
        if let s = runStart { ranges.append(s...(coords.count - 1)) }
        guard !ranges.isEmpty else { return nil }
        // The short-range metric picks the candidates; the geodesic decides.
        var nearestM = Double.infinity
        for i in coords.indices where distances[i] <= nearestLocalM + 1 {
            nearestM = min(nearestM, Geodesic.distanceM(coords[i], landmark.location))
        }
        return LandmarkSighting(landmark: landmark, nearestM: (nearestM * 10).rounded() / 10, visible: ranges)
    }
}

/// Fixed slots written from concurrent workers, one writer per slot.
final class Slots<T>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func put(at k: Int, _ value: T) {
        lock.lock()
        storage[k] = .some(value)
        lock.unlock()
    }

    var values: [T] { storage.map { $0! } }
}
