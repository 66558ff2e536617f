import Foundation
import TrailpackCore
@testable import VectorTiles

/// Test inputs and readings in global tile units of one zoom (world coordinates times
/// `extent * 2^z`), where tile (x, y) covers [x E, (x+1) E] × [y E, (y+1) E].
struct UnitFrame {
    let zoom: Int
    let extent: Double

    init(zoom: Int, extent: Int = 4096) {
        self.zoom = zoom
        self.extent = Double(extent)
    }

    var scale: Double { extent * Double(1 << zoom) }

    func world(_ x: Double, _ y: Double) -> WorldPoint { WorldPoint(x: x / scale, y: y / scale) }

    /// A decoded point of `tile` in global units.
    func global(_ point: TilePoint, in tile: TileID) -> (x: Double, y: Double) {
        (Double(tile.x) * extent + Double(point.x), Double(tile.y) * extent + Double(point.y))
    }

    /// A seeded random walk of `count` points starting at (x, y), steps up to `step` units.
    static func randomLine(_ random: inout SplitMix64, from start: (x: Double, y: Double), count: Int, step: Double) -> [(x: Double, y: Double)] {
        var points = [start]
        var heading = random.unit() * 2 * Double.pi
        for _ in 1..<count {
            heading += (random.unit() - 0.5) * 1.2
            let length = step * (0.2 + 0.8 * random.unit())
            let last = points[points.count - 1]
            points.append((last.x + length * cos(heading), last.y + length * sin(heading)))
        }
        return points
    }
}

/// Distance from `p` to segment a-b.
func distance(_ p: (x: Double, y: Double), toSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    let t = lengthSquared == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
    let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
    return (ex * ex + ey * ey).squareRoot()
}

/// Distance from `p` to the nearest of several polylines (a lone point counts as one).
func distance(_ p: (x: Double, y: Double), toLines lines: [[(x: Double, y: Double)]]) -> Double {
    var best = Double.infinity
    for line in lines {
        if line.count == 1 { best = min(best, distance(p, toSegment: line[0], line[0])) }
        for index in line.indices.dropFirst() { best = min(best, distance(p, toSegment: line[index - 1], line[index])) }
    }
    return best
}

/// One layer of lines in global units of `frame`, no simplification.
func lineLayer(_ lines: [[(x: Double, y: Double)]], name: String = "lines", frame: UnitFrame, tolerance: Double = 0) -> TileLayer {
    let features = lines.enumerated().map { index, line in
        TileFeature(geometry: .lines([line.map { frame.world($0.x, $0.y) }]), properties: [("n", .int(Int64(index)))])
    }
    return TileLayer(name: name, features: features, toleranceUnits: { _ in tolerance })
}

/// The decoded layers of every tile of a tileset.
func decodedTiles(_ tileset: Tileset) throws -> [(id: TileID, layers: [MVTLayer])] {
    try tileset.tiles.map { ($0.id, try MVTDecoder.decode($0.bytes)) }
}
