import Foundation
import Landmarks
import TrailpackCore

/// A route as the sightline checks see it: its vertices, their `ele` and its terrain (the
/// route's AR patch where it covers a sightline, terrain.bin beyond; SPEC `landmarks`).
struct SightRoute: Sendable {
    var coords: [LonLat]
    /// Each vertex's `ele`, metres; the eye is `SightConstants.eyeHeightM` above it.
    var elevationsM: [Double]
    var sight: LineOfSight

    /// The eye above vertex `i`, absolute metres.
    func eyeM(_ i: Int) -> Double { elevationsM[i] + SightConstants.eyeHeightM }

    /// The smallest height of the sightline from vertex `i` to `target` above the terrain,
    /// metres (negative: the terrain blocks it by that much).
    func clearanceM(from i: Int, to target: SightTarget) -> Double {
        sight.clearanceM(from: coords[i], eyeM: eyeM(i), to: target.location, targetEleM: target.eleM)
    }
}

/// A sightline target (a listed landmark or a candidate POI) and what the pack says of it.
struct SightTarget: Sendable {
    var location: LonLat
    /// Its top, metres.
    var eleM: Double
    /// Per vertex, true where the pack lists the target in sight; empty when listed nowhere.
    var listed: [Bool]

    func isListed(at i: Int) -> Bool { !listed.isEmpty && listed[i] }
}

/// Finds the vertices where a pack's visibility verdict is wrong by more than a tolerance, with
/// the SPEC's exact sightlines. Every vertex is checked, as the builder does: jobs of (target,
/// stretch of 128 vertices) run on all cores, each into its own slot. A listed vertex needs the
/// line raised by the tolerance to clear (`isVisible` with eye and top both raised: the whole
/// line moves, so that is "clearance > -tolerance"); an unlisted vertex within the distance
/// limit must not clear with both lowered. `isVisible` stops at the first blocking cell and
/// skips stretches whose block maxima lie under the line, so a check costs what the builder's did.
enum SightDisagreements {
    static let verticesPerJob = 128

    /// Per target, the ascending indices of the vertices whose listed verdict is wrong: listed
    /// but blocked by more than `toleranceM`, or unlisted, within `limitM` metres
    /// (`shortDistanceM`, as the builder measures) and clear by more than `toleranceM`.
    static func find(_ targets: [SightTarget], route: SightRoute, limitM: Double, toleranceM: Double) -> [[Int]] {
        let n = route.coords.count
        let chunks = max(1, (n + verticesPerJob - 1) / verticesPerJob)
        let slots = JobSlots(count: targets.count * chunks)
        DispatchQueue.concurrentPerform(iterations: targets.count * chunks) { job in
            let target = targets[job / chunks]
            let lower = (job % chunks) * verticesPerJob
            slots.put(job, (lower..<min(n, lower + verticesPerJob)).filter {
                disagrees(target, at: $0, route: route, limitM: limitM, toleranceM: toleranceM)
            })
        }
        return targets.indices.map { k in (0..<chunks).flatMap { slots.value(k * chunks + $0) } }
    }

    /// True when vertex `i`'s listed verdict on `target` is wrong by more than `toleranceM`.
    static func disagrees(_ target: SightTarget, at i: Int, route: SightRoute, limitM: Double, toleranceM: Double) -> Bool {
        let p = route.coords[i], eye = route.eyeM(i)
        if target.isListed(at: i) {
            return !route.sight.isVisible(from: p, eyeM: eye + toleranceM, to: target.location, targetEleM: target.eleM + toleranceM)
        }
        guard shortDistanceM(p, target.location) <= limitM else { return false }
        return route.sight.isVisible(from: p, eyeM: eye - toleranceM, to: target.location, targetEleM: target.eleM - toleranceM)
    }
}

/// Fixed result slots written from concurrent jobs, one writer per slot.
final class JobSlots: @unchecked Sendable {
    private var storage: [[Int]]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: [], count: count) }

    func put(_ k: Int, _ value: [Int]) {
        lock.lock()
        storage[k] = value
        lock.unlock()
    }

    func value(_ k: Int) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        return storage[k]
    }
}
