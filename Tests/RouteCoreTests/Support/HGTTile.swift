import Foundation
import TrailpackCore

/// Test-only reader of a 1201x1201 SRTM `.hgt` tile (big-endian int16, row 0 north).
struct HGTTile {
    static let size = 1201
    let samplesM: [Int16]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        precondition(data.count == 2 * Self.size * Self.size, "\(path) has \(data.count) bytes")
        samplesM = data.withUnsafeBytes { raw in
            (0..<(Self.size * Self.size)).map { (k: Int) -> Int16 in
                let high = UInt16(raw[2 * k]), low = UInt16(raw[2 * k + 1])
                return Int16(bitPattern: high << 8 | low)
            }
        }
    }

    /// A `width` x `height` window whose north-west sample is (column, row), relabelled as a
    /// grid covering `bounds`.
    func window(column: Int, row: Int, width: Int, height: Int, relabelledAs bounds: BBox) -> TerrainGrid {
        var samples: [Int16] = []
        samples.reserveCapacity(width * height)
        for r in row..<(row + height) {
            samples += samplesM[(r * Self.size + column)..<(r * Self.size + column + width)]
        }
        return TerrainGrid(width: width, height: height, bounds: bounds, elevationsM: samples)
    }
}
