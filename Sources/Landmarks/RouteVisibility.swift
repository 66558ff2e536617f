import Foundation
import TrailpackCore

/// Which landmarks a route sees, and from where: one sightline from every vertex (eye
/// `SightConstants.eyeHeightM` above its `ele`) to every landmark within the distance limit.
/// Jobs of (landmark, stretch of 128 vertices) are shared out over the cores; each job's answer
/// lands in its own slot, so the result does not depend on scheduling.
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
        // Jobs of (landmark, stretch of vertices), so both cores stay busy even with one landmark.
        let chunk = 128
        let chunks = max(1, (coords.count + chunk - 1) / chunk)
        let slots = Slots<[Bool]>(count: landmarks.count * chunks)
        DispatchQueue.concurrentPerform(iterations: landmarks.count * chunks) { job in
            let landmark = landmarks[job / chunks]
            let range = (job % chunks) * chunk..<min(coords.count, (job % chunks + 1) * chunk)
            slots.put(at: job, range.map { i in
                shortDistanceM(coords[i], landmark.location) <= maxDistanceM
                    && sight.isVisible(from: coords[i], eyeM: elevationsM[i] + SightConstants.eyeHeightM,
                                       to: landmark.location, targetEleM: landmark.eleM)
            })
        }
        let seen = slots.values
        return landmarks.indices.compactMap { k in
            sighting(of: landmarks[k], coords: coords, seen: Array(seen[(k * chunks)..<((k + 1) * chunks)].joined()))
        }.sorted {
            ($0.visible[0].lowerBound, $0.landmark.name, $0.landmark.location.lon) < ($1.visible[0].lowerBound, $1.landmark.name, $1.landmark.location.lon)
        }
    }

    /// One landmark's sighting from per-vertex verdicts `seen`, nil when no vertex sees it.
    static func sighting(of landmark: Landmark, coords: [LonLat], seen: [Bool]) -> LandmarkSighting? {
        var ranges: [ClosedRange<Int>] = []
        var runStart: Int?
        for i in coords.indices {
            if seen[i] {
                if runStart == nil { runStart = i }
            } else if let s = runStart {
                ranges.append(s...(i - 1))
                runStart = nil
            }
        }
        if let s = runStart { ranges.append(s...(coords.count - 1)) }
        guard !ranges.isEmpty else { return nil }
        // The short-range metric picks the candidates; the geodesic decides.
        let local = coords.indices.map { seen[$0] ? shortDistanceM(coords[$0], landmark.location) : .infinity }
        let nearestLocalM = local.min()!
        var nearestM = Double.infinity
        for i in coords.indices where local[i] <= nearestLocalM + 1 {
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
