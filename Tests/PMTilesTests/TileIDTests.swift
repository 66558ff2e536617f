import PMTiles
import TestSupport
import Testing

@Suite struct TileIDTests {
    /// The spec's first ids: zoom 0, then zoom 1 along its Hilbert curve, then zoom 2's first.
    @Test func specExamples() {
        let examples: [(UInt64, TileZXY)] = [
            (0, TileZXY(z: 0, x: 0, y: 0)), (1, TileZXY(z: 1, x: 0, y: 0)), (2, TileZXY(z: 1, x: 0, y: 1)),
            (3, TileZXY(z: 1, x: 1, y: 1)), (4, TileZXY(z: 1, x: 1, y: 0)), (5, TileZXY(z: 2, x: 0, y: 0)),
        ]
        for (id, tile) in examples {
            #expect(TileID.id(of: tile) == id)
            #expect(TileID.tile(of: id) == tile)
        }
    }

    /// Deep tiles, their ids computed by the Python `pmtiles` package 3.8.1 (`zxy_to_tileid`).
    @Test func deepTilesAgreeWithPythonPMTiles() {
        let examples: [(Int, Int, Int, UInt64)] = [
            (2, 3, 3, 15), (3, 7, 0, 84), (12, 3423, 1763, 19_078_479), (14, 8529, 5974, 317_316_626),
            (16, 34117, 22894, 5_079_792_156), (20, 1_048_575, 0, 1_466_015_503_700),
            (24, 8_388_608, 5_592_405, 333_078_722_440_942), (28, 123_456_789, 987_654, 29_995_709_217_528_034),
            (31, 0, 0, 1_537_228_672_809_129_301), (31, 2_147_483_647, 2_147_483_647, 4_611_686_018_427_387_903),
            (31, 2_147_483_647, 0, 6_148_914_691_236_517_204), (31, 1_234_567_890, 2_087_654_321, 4_244_311_800_325_016_060),
        ]
        for (z, x, y, id) in examples {
            #expect(TileID.id(z: z, x: x, y: y) == id, "\(z)/\(x)/\(y)")
            #expect(TileID.tile(of: id) == TileZXY(z: z, x: x, y: y), "id \(id)")
        }
        #expect(TileID.maxID == 6_148_914_691_236_517_204)
    }

    @Test func firstIDOfEachZoomCountsTheTilesAbove() {
        var tilesAbove: UInt64 = 0
        for zoom in 0...31 {
            #expect(TileID.firstID(zoom: zoom) == tilesAbove, "zoom \(zoom)")
            #expect(TileID.zoom(of: tilesAbove) == zoom)
            if zoom > 0 { #expect(TileID.zoom(of: tilesAbove - 1) == zoom - 1) }
            tilesAbove += UInt64(1) << UInt64(2 * zoom)
        }
    }

    @Test func coordinatesOutsideTheirZoomHaveNoID() {
        #expect(TileID.id(z: 32, x: 0, y: 0) == nil)
        #expect(TileID.id(z: -1, x: 0, y: 0) == nil)
        #expect(TileID.id(z: 3, x: 8, y: 0) == nil)
        #expect(TileID.id(z: 3, x: 0, y: 8) == nil)
        #expect(TileID.id(z: 3, x: -1, y: 0) == nil)
        #expect(TileID.id(z: 0, x: 0, y: 1) == nil)
        #expect(TileID.tile(of: TileID.maxID + 1) == nil)
        #expect(TileID.tile(of: UInt64.max) == nil)
        #expect(TileID.zoom(of: UInt64.max) == nil)
    }

    /// z/x/y → id → z/x/y for seeded random tiles on every zoom, and id → z/x/y → id for random ids.
    @Test func roundTripsOnEveryZoom() {
        var rng = SeededRandom(seed: 0x7113)
        for z in 0...31 {
            let side = 1 << z
            for _ in 0..<300 {
                let tile = TileZXY(z: z, x: Int.random(in: 0..<side, using: &rng), y: Int.random(in: 0..<side, using: &rng))
                let id = TileID.id(of: tile)
                #expect(id.flatMap(TileID.tile(of:)) == tile, "\(tile)")
                #expect(id.flatMap(TileID.zoom(of:)) == z)
            }
        }
        for _ in 0..<5000 {
            let id = UInt64.random(in: 0...TileID.maxID, using: &rng)
            #expect(TileID.tile(of: id).flatMap(TileID.id(of:)) == id, "id \(id)")
        }
    }

    /// The curve is continuous: consecutive ids on one zoom are edge neighbours (every id of
    /// zooms 0...6, and random stretches of deeper zooms), and each zoom's ids cover its tiles once.
    @Test func consecutiveIDsAreNeighbours() {
        var rng = SeededRandom(seed: 42)
        for z in 0...31 {
            let count = UInt64(1) << UInt64(2 * z)
            let starts: [UInt64] = z <= 6 ? [0] : (0..<20).map { _ in UInt64.random(in: 0..<(count - 64), using: &rng) }
            for start in starts {
                var seen = Set<TileZXY>()
                var previous: TileZXY?
                for offset in start..<min(count, start + (z <= 6 ? count : 64)) {
                    let tile = TileID.tile(of: TileID.firstID(zoom: z) + offset)!
                    #expect(tile.z == z)
                    if let previous { #expect(abs(tile.x - previous.x) + abs(tile.y - previous.y) == 1, "\(previous) → \(tile)") }
                    #expect(seen.insert(tile).inserted)
                    previous = tile
                }
            }
        }
    }
}
