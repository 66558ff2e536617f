import PackJSON
import PackReader
import PackSpec
import TrailpackCore

/// TER1 samples of a region's `terrain.bin` for the vectors: seeded points, the edges, the
/// corners and the void-filled cells, each with the SPEC sampler's value.
enum TerrainVectors {
    static let seed: UInt64 = 4343, seededPoints = 200, edgePoints = 10, voidPoints = 50

    /// - Throws: `NavigationError.pack` naming `terrain.bin` when it cannot be read.
    static func cases(disk: RegionFolder, manifest: ManifestView) throws(NavigationError) -> JSONValue {
        let relative = manifest.file("terrain")?.path ?? PackTree.terrain
        let grid: TerrainGrid
        do { grid = try TER1.decode(try disk.requireBytes(relative)) } catch { throw .pack("\(disk.displayPath(relative)): \(error)") }
        let b = grid.bounds
        var points: [(String, LonLat)] = [("corner", LonLat(b.west, b.north)), ("corner", LonLat(b.east, b.north)),
                                          ("corner", LonLat(b.west, b.south)), ("corner", LonLat(b.east, b.south))]
        var random = SplitMix64(seed: seed)
        for _ in 0..<seededPoints { points.append(("seeded", LonLat(b.west + random.unit() * (b.east - b.west), b.south + random.unit() * (b.north - b.south)))) }
        for k in 0..<edgePoints {
            let u = (Double(k) + random.unit()) / Double(edgePoints)
            let lon = b.west + u * (b.east - b.west), lat = b.south + u * (b.north - b.south)
            points += [("edge", LonLat(lon, b.north)), ("edge", LonLat(lon, b.south)), ("edge", LonLat(b.west, lat)), ("edge", LonLat(b.east, lat))]
        }
        for area in (manifest.filledVoidAreas ?? []).prefix(voidPoints) {
            points.append(("void", LonLat((area.west + area.east) / 2, (area.south + area.north) / 2)))
        }
        let samples: [JSONValue] = points.compactMap { kind, p in
            guard let e = grid.elevationM(at: p) else { return nil }
            return ["kind": .string(kind), "lon": .number(p.lon, decimals: 9), "lat": .number(p.lat, decimals: 9), "expectedM": .number(e, decimals: 4)]
        }
        return ["file": .string(relative), "tolerance": 0.01, "samples": .array(samples)]
    }
}
