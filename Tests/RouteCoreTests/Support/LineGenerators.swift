import TrailpackCore
import TestSupport

/// A generated test line with the input indices of vertices that are real corners
/// (deflections far above the resampler's 1 m tolerance).
struct GeneratedLine: CustomStringConvertible, Sendable {
    var name: String
    var coords: [LonLat]
    var cornerIndices: [Int]
    var description: String { name }
}

/// Test lines built from PROJ geodesics (`Geodesic.destination`), independent of RouteCore.
enum LineGenerators {
    /// Walks legs from `start`; each leg is (bearingDeg, lengthM) subdivided into vertices at
    /// most `spacingM` apart along the geodesic. Leg ends are recorded as corners.
    static func walk(_ name: String, from start: LonLat, legs: [(bearingDeg: Double, lengthM: Double)], spacingM: Double) -> GeneratedLine {
        var coords = [start]
        var corners: [Int] = []
        var here = start
        for leg in legs {
            let parts = max(1, Int((leg.lengthM / spacingM).rounded(.up)))
            let legStart = here
            for k in 1...parts {
                here = Geodesic.destination(from: legStart, bearingDeg: leg.bearingDeg, distanceM: leg.lengthM * Double(k) / Double(parts))
                coords.append(here)
            }
            corners.append(coords.count - 1)
        }
        corners.removeLast()
        return GeneratedLine(name: name, coords: coords, cornerIndices: corners)
    }

    static func straight() -> GeneratedLine {
        walk("straight 3 km", from: LonLat(13.7, 46.4), legs: [(57, 3000)], spacingM: 7)
    }

    static func zigzag() -> GeneratedLine {
        let legs = (0..<30).map { k in (bearingDeg: k.isMultiple(of: 2) ? 30.0 : 150.0, lengthM: 100.0 + Double(k % 3) * 7.3) }
        return walk("zigzag 100 m legs", from: LonLat(-71.3, 44.27), legs: legs, spacingM: 4)
    }

    /// A straight approach, 60 switchback legs of 3 m, a straight exit.
    static func switchbacks() -> GeneratedLine {
        var legs: [(bearingDeg: Double, lengthM: Double)] = [(0, 50)]
        for k in 0..<60 { legs.append((k.isMultiple(of: 2) ? 75 : 285, 3)) }
        legs.append((0, 50))
        return walk("switchback stack, 3 m legs", from: LonLat(7.65, 45.97), legs: legs, spacingM: 3)
    }

    /// A square loop with 600 m sides, vertices every 5 m, ending exactly where it starts.
    static func squareLoop() -> GeneratedLine {
        var line = walk("closed square loop", from: LonLat(-0.1, 51.5), legs: [(0, 600), (90, 600), (180, 600), (270, 600)], spacingM: 5)
        line.coords[line.coords.count - 1] = line.coords[0]
        return line
    }

    /// A circle of radius 800 m, vertices 4 m apart, ending exactly where it starts.
    static func circleLoop() -> GeneratedLine {
        let center = LonLat(14.5, 46.05)
        let count = 1257
        var coords = (0..<count).map { k in
            Geodesic.destination(from: center, bearingDeg: 360 * Double(k) / Double(count), distanceM: 800)
        }
        coords.append(coords[0])
        return GeneratedLine(name: "closed circle loop r=800 m", coords: coords, cornerIndices: [])
    }

    static func meridian() -> GeneratedLine {
        let coords = (0..<2000).map { LonLat(13.7, 46.0 + Double($0) * 0.0001) }
        return GeneratedLine(name: "meridian 22 km", coords: coords, cornerIndices: [])
    }

    /// A line along the 60th parallel (a rhumb line, not a geodesic: it bows 16 m from the
    /// geodesic joining its ends).
    static func parallel60() -> GeneratedLine {
        let coords = (0..<2000).map { LonLat(24.9 + Double($0) * 0.0002, 60.0) }
        return GeneratedLine(name: "60th parallel 22 km", coords: coords, cornerIndices: [])
    }

    /// A random walk: step lengths 0.8...35 m, heading changes up to +-100 degrees.
    static func randomWalk(seed: UInt64, from start: LonLat) -> GeneratedLine {
        var rng = SeededRandom(seed: seed)
        var coords = [start]
        var bearing = Double.random(in: 0..<360, using: &rng)
        for _ in 0..<600 {
            bearing += Double.random(in: -100...100, using: &rng)
            let stepM = Double.random(in: 0.8...35, using: &rng)
            coords.append(Geodesic.destination(from: coords[coords.count - 1], bearingDeg: bearing, distanceM: stepM))
        }
        return GeneratedLine(name: "random walk seed \(seed) from \(start)", coords: coords, cornerIndices: [])
    }

    static var all: [GeneratedLine] {
        [straight(), zigzag(), switchbacks(), squareLoop(), circleLoop(), meridian(), parallel60()]
            + [(1, LonLat(13.7, 46.4)), (2, LonLat(-71.3, 44.3)), (3, LonLat(179.999, -16.5)), (4, LonLat(-68.0, -54.8)), (5, LonLat(10.0, 69.6))]
            .map { randomWalk(seed: $0.0, from: $0.1) }
    }
}
