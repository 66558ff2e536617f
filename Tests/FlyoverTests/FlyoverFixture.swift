import Flyover
import Foundation
import TrailpackCore

/// A winding gorge: a valley floor rising north along x = 150 sin(z / 150) (frame metres), walls
/// 300 m high within 80 m of it; a region grid at about 10 m and a finer AR-patch-like grid over
/// the route's corridor, 3 m higher than the valley function, so the ground is the highest of the two.
enum GorgeFixture {
    static let frame = FlyoverFrame(origin: LonLat(-71.4, 44.5))

    static func elevationM(x: Double, z: Double) -> Double {
        let off = abs(x - 150 * sin(z / 150))
        return 500 + 0.05 * z + 300 * min(1, (off / 80) * (off / 80))
    }

    static func grid(halfWidthM: Double, southM: Double, northM: Double, spacingM: Double, liftM: Double) -> TerrainGrid {
        let sw = frame.lonLat(x: -halfWidthM, z: southM), ne = frame.lonLat(x: halfWidthM, z: northM)
        let bounds = BBox(west: sw.lon, south: sw.lat, east: ne.lon, north: ne.lat)
        let w = Int(2 * halfWidthM / spacingM) + 1, h = Int((northM - southM) / spacingM) + 1
        var samples: [Int16] = []
        let probe = TerrainGrid(width: w, height: h, bounds: bounds, elevationsM: [Int16](repeating: 0, count: w * h))
        for r in 0..<h {
            for c in 0..<w {
                let p = frame.point(LonLat(probe.lon(column: Double(c)), probe.lat(row: Double(r))))
                samples.append(Int16((elevationM(x: p.x, z: p.z) + liftM).rounded()))
            }
        }
        return TerrainGrid(width: w, height: h, bounds: bounds, elevationsM: samples)
    }

    static let region = grid(halfWidthM: 900, southM: -1200, northM: 1200, spacingM: 10, liftM: 0)
    static let patch = grid(halfWidthM: 300, southM: -1000, northM: 1000, spacingM: 5, liftM: 3)
    static let ground = FlyoverGround(grids: [patch, region])

    /// The route along the valley floor from z = -900 to 900, vertices about 10 m apart, `ele`
    /// from the ground (patch first).
    static let route: (coords: [LonLat], elevationsM: [Double], cumM: [Double]) = {
        var coords: [LonLat] = []
        var z = -900.0
        while z <= 900 {
            coords.append(frame.lonLat(x: 150 * sin(z / 150), z: z))
            z += 8
        }
        let cum = AlongLine.cumulativeM(coords)
        return (coords, coords.map { patch.elevationM(at: $0)! }, cum)
    }()

    /// A staircase over flat ground at 500 m: 30 m east, 30 m north, again and again (90-degree
    /// corners every 30 m), vertices 10 m apart.
    static let staircase: (coords: [LonLat], elevationsM: [Double], cumM: [Double]) = {
        var x = -600.0, z = -900.0
        var coords = [frame.lonLat(x: x, z: z)]
        for leg in 0..<60 {
            for _ in 0..<3 {
                if leg % 2 == 0 { x += 10 } else { z += 10 }
                coords.append(frame.lonLat(x: x, z: z))
            }
        }
        return (coords, coords.map { _ in 500 }, AlongLine.cumulativeM(coords))
    }()

    static let flat: TerrainGrid = {
        let sw = frame.lonLat(x: -900, z: -1200), ne = frame.lonLat(x: 900, z: 1200)
        return TerrainGrid(width: 10, height: 10, bounds: BBox(west: sw.lon, south: sw.lat, east: ne.lon, north: ne.lat),
                           elevationsM: [Int16](repeating: 498, count: 100))
    }()
}
