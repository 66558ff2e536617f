import Bindings
import Foundation
import PackJSON
import TrailpackCore

/// Edits of a pack's terrain content for the `validate --dem` corruptions: each rewrites a TER1
/// grid or the hillshade in place (the test re-signs the pack afterwards).
enum DEMCorruptionEdits {
    /// Replaces the samples of a TER1 file with `transform(grid)`.
    static func editGrid(_ e: PackEditor, _ relative: String, _ transform: (TerrainGrid) throws -> [Int16]) throws {
        try e.editBytes(relative) { b in
            let grid = try TER1.decode(b)
            b = TER1.encode(TerrainGrid(width: grid.width, height: grid.height, bounds: grid.bounds, elevationsM: try transform(grid)))
        }
    }

    /// Each sample moved `dx` columns east and `dy` rows south (the rows and columns uncovered
    /// repeat their edge).
    static func shifted(_ g: TerrainGrid, east dx: Int, south dy: Int) -> [Int16] {
        (0..<g.width * g.height).map { k in
            g.elevationsM[min(max(k / g.width - dy, 0), g.height - 1) * g.width + min(max(k % g.width - dx, 0), g.width - 1)]
        }
    }

    /// A smooth bump of `heightM` (negative: a pit) centred on cell (`row`, `column`), Gaussian
    /// with `radiusCells`.
    static func bump(_ g: TerrainGrid, row: Int, column: Int, heightM: Double, radiusCells: Double) -> [Int16] {
        (0..<g.width * g.height).map { k in
            let dr = Double(k / g.width - row), dc = Double(k % g.width - column)
            let add = heightM * exp(-(dr * dr + dc * dc) / (radiusCells * radiusCells))
            return Int16((Double(g.elevationsM[k]) + add).rounded())
        }
    }

    /// The grid's rows resampled as if spaced evenly in latitude instead of mercator Y.
    static func rowsEvenInLatitude(_ g: TerrainGrid) -> [Int16] {
        (0..<g.width * g.height).map { k in
            let r = k / g.width, c = k % g.width
            let lat = g.bounds.north - (g.bounds.north - g.bounds.south) * Double(r) / Double(g.height - 1)
            return Int16(g.elevationM(at: LonLat(g.lon(column: Double(c)), lat))!.rounded())
        }
    }

    /// A 3x3 box blur (edge cells average what they have).
    static func boxBlurred(_ g: TerrainGrid) -> [Int16] {
        (0..<g.width * g.height).map { k in
            let r = k / g.width, c = k % g.width
            var sum = 0, n = 0
            for rr in max(r - 1, 0)...min(r + 1, g.height - 1) {
                for cc in max(c - 1, 0)...min(c + 1, g.width - 1) { sum += Int(g.elevationsM[rr * g.width + cc]); n += 1 }
            }
            return Int16((Double(sum) / Double(n)).rounded())
        }
    }

    /// Each patch cell sampled from a coarser grid (`coarse`, e.g. the 30 m terrain), bilinearly.
    static func upsampled(_ g: TerrainGrid, from coarse: TerrainGrid) -> [Int16] {
        (0..<g.width * g.height).map { k in
            let p = LonLat(g.lon(column: Double(k % g.width)), g.lat(row: Double(k / g.width)))
            return Int16((coarse.elevationM(at: p) ?? Double(g.elevationsM[k])).rounded())
        }
    }

    /// The cell of `grid` nearest to the middle vertex of a route file's line.
    static func routeMiddleCell(_ e: PackEditor, route: String, grid: TerrainGrid) throws -> (row: Int, column: Int) {
        guard case .array(let coords)? = try e.json(route)["coords"] else { throw CocoaError(.fileReadCorruptFile) }
        let middle = coords[coords.count / 2]
        let (c, r) = grid.gridPosition(of: LonLat(middle[0]!.double, middle[1]!.double))
        return (Int(r.rounded()), Int(c.rounded()))
    }

    /// Replaces hillshade.png's grey pixels with `transform(image)`.
    static func editHillshade(_ e: PackEditor, _ transform: (PNGImage) throws -> [UInt8]) throws {
        let image = try PNGImage.decode(try e.bytes("hillshade.png"))
        try e.write("hillshade.png", try PNGImage(width: image.width, height: image.height, channels: image.channels,
                                                  pixels: try transform(image)).encoded())
    }

    /// A hillshade of `dem` made on the terrain grid with `zFactor` (the build's own call).
    static func hillshade(_ e: PackEditor, dem: String, zFactor: Double) throws -> [UInt8] {
        let grid = try TER1.decode(try e.bytes("terrain.bin"))
        let geometry = GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds)
        let raster = try RasterDataset.warp([try RasterDataset.open(path: dem)], to: geometry, kernel: .cubicSpline)
        var options = RasterDataset.HillshadeOptions()
        options.zFactor = zFactor
        options.groundMetresPerUnit = geometry.mercatorScale
        return try raster.hillshade(options).readBytes()
    }
}
