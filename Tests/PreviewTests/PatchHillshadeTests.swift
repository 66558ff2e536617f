import Foundation
import Preview
import Testing
import TrailpackCore

@Suite struct PatchHillshadeTests {
    let bounds = BBox(west: 10.0, south: 46.0, east: 10.01, north: 46.008)

    @Test func flatGroundIsSineOfAltitude() {
        let grid = TerrainGrid(width: 5, height: 4, bounds: bounds, elevationsM: .init(repeating: 700, count: 20))
        // 255 * sin(45°) = 180.3
        #expect(PatchHillshade.shade(grid).allSatisfy { $0 == 180 })
        // Sun at 60°: 255 * sin(60°) = 220.8.
        #expect(PatchHillshade.shade(grid, altitudeDeg: 60).allSatisfy { $0 == 221 })
    }

    @Test func eastRisingPlaneMatchesTheGroundGradient() {
        // z rises 5 m per column; the expected gradient uses the true geodesic column spacing.
        let w = 6, h = 5
        let z = (0..<(w * h)).map { Int16(100 + 5 * ($0 % w)) }
        let grid = TerrainGrid(width: w, height: h, bounds: bounds, elevationsM: z)
        let shade = PatchHillshade.shade(grid)
        for r in 0..<h {
            let lat = grid.lat(row: Double(r))
            let dxM = Geodesic.distanceM(LonLat(grid.lon(column: 0), lat), LonLat(grid.lon(column: 1), lat))
            let s = 5 / dxM
            // Light from 315°: l = (-cos45·sin45... ) => n·l = (0.5 s + sin45) / sqrt(1 + s²).
            let expected = 255 * (0.5 * s + 0.5.squareRoot()) / (1 + s * s).squareRoot()
            for c in 1..<(w - 1) {
                #expect(abs(Double(shade[r * w + c]) - expected) <= 1, "row \(r) column \(c)")
            }
        }
    }

    @Test func slopeFacingTheLightIsBrighterThanSlopeFacingAway() {
        // Rising to the south-east faces north-west, toward the default light.
        let w = 5, h = 5
        // About 190 m between samples, 200 m rise per sample: slope about 1 in both directions.
        let facingNW = (0..<(w * h)).map { Int16(100 + 200 * ($0 % w) + 200 * ($0 / w)) }
        let facingSE = facingNW.map { 2000 - $0 }
        let nw = PatchHillshade.shade(TerrainGrid(width: w, height: h, bounds: bounds, elevationsM: facingNW))
        let se = PatchHillshade.shade(TerrainGrid(width: w, height: h, bounds: bounds, elevationsM: facingSE))
        // n·l = (0.5 s + 0.5 s + sin 45°) / sqrt(2 s² + 1): about 0.98 facing the light, below 0 facing away.
        #expect(nw[12] > 240)
        #expect(se[12] < 10)
    }
}
