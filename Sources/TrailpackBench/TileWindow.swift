import Foundation
import TrailpackCore
import VectorTiles

/// The samples one zoom's tiles trace from (design A): the region grid's own samples when they
/// are at least as fine as the tile's (tile side / 256), else the zoom's lattice of 256 samples
/// per tile side, aligned with the tiles, which GDAL resamples from the region grid. Every tile
/// of a zoom reads the same lattice, so neighbours see the same samples where they overlap.
struct ZoomLattice: Sendable {
    let zoom: Int
    /// True: the region grid's samples (windows are copied); false: the zoom's own (warped).
    let isRegionGrid: Bool
    /// Outer edges of sample (0, 0), EPSG:3857 metres (x east, y north), and the spacing.
    let originXM: Double
    let originYM: Double
    let cellXM: Double
    let cellYM: Double
    /// Samples inside the region (their centres within the grid's samples).
    let columns: ClosedRange<Int>
    let rows: ClosedRange<Int>

    /// Samples per tile side at the tile's own resolution (a 256 px raster tile, maplibre-contour's).
    static let samplesPerTileSide = 256.0
    /// EPSG:3857 metres across the world square.
    static let worldM = 2 * Double.pi * WebMercator.radiusM

    /// The lattice of `zoom` over the region grid `geometry`.
    init(zoom: Int, geometry: GridGeometry) {
        self.zoom = zoom
        let tileCellM = Self.worldM / Double(TileID.tilesPerAxis(zoom: zoom)) / Self.samplesPerTileSide
        let gt = geometry.mercatorGeoTransform
        isRegionGrid = tileCellM <= max(geometry.cellWidthMercatorM, geometry.cellHeightMercatorM)
        if isRegionGrid {
            (originXM, originYM, cellXM, cellYM) = (gt[0], gt[3], gt[1], -gt[5])
            (columns, rows) = (0...geometry.width - 1, 0...geometry.height - 1)
            return
        }
        (originXM, originYM, cellXM, cellYM) = (-Self.worldM / 2, Self.worldM / 2, tileCellM, tileCellM)
        // Samples whose centres lie on the region grid (from its first to its last sample).
        let (west, east) = (gt[0] + gt[1] / 2, gt[0] + gt[1] * (Double(geometry.width) - 0.5))
        let (north, south) = (gt[3] + gt[5] / 2, gt[3] + gt[5] * (Double(geometry.height) - 0.5))
        columns = Int(((west - originXM) / cellXM - 0.5).rounded(.up))...Int(((east - originXM) / cellXM - 0.5).rounded(.down))
        rows = Int(((originYM - north) / cellYM - 0.5).rounded(.up))...Int(((originYM - south) / cellYM - 0.5).rounded(.down))
    }

    /// The window of `tile`: the samples whose centres lie in the tile grown by `bufferUnits`
    /// (of `extentUnits`), one more on each side (so the traced lines reach the buffer's edge,
    /// where the tiler stops them), within the region; nil when fewer than 2x2 samples.
    func window(of tile: TileID, extentUnits: Int, bufferUnits: Int) -> TileWindow? {
        let unitM = Self.worldM / Double(TileID.tilesPerAxis(zoom: tile.z) * extentUnits)
        let low = Double(-bufferUnits), high = Double(extentUnits + bufferUnits)
        let (westM, eastM) = (-Self.worldM / 2 + (Double(tile.x * extentUnits) + low) * unitM,
                              -Self.worldM / 2 + (Double(tile.x * extentUnits) + high) * unitM)
        let (northM, southM) = (Self.worldM / 2 - (Double(tile.y * extentUnits) + low) * unitM,
                                Self.worldM / 2 - (Double(tile.y * extentUnits) + high) * unitM)
        let c0 = max(columns.lowerBound, Int(((westM - originXM) / cellXM - 0.5).rounded(.up)) - 1)
        let c1 = min(columns.upperBound, Int(((eastM - originXM) / cellXM - 0.5).rounded(.down)) + 1)
        let r0 = max(rows.lowerBound, Int(((originYM - northM) / cellYM - 0.5).rounded(.up)) - 1)
        let r1 = min(rows.upperBound, Int(((originYM - southM) / cellYM - 0.5).rounded(.down)) + 1)
        guard c1 > c0, r1 > r0 else { return nil }
        return TileWindow(tile: tile, column0: c0, row0: r0, width: c1 - c0 + 1, height: r1 - r0 + 1, lattice: self)
    }
}

/// One tile's window of its zoom's lattice (design A).
struct TileWindow: Sendable {
    let tile: TileID
    /// First column and row in the lattice, and the size in samples.
    let column0: Int
    let row0: Int
    let width: Int
    let height: Int
    let lattice: ZoomLattice

    /// GDAL geotransform of the window (pixel-is-area, centres on the samples, EPSG:3857 metres).
    var geoTransform: [Double] {
        [lattice.originXM + Double(column0) * lattice.cellXM, lattice.cellXM, 0,
         lattice.originYM - Double(row0) * lattice.cellYM, 0, -lattice.cellYM]
    }

    /// The window as a grid over the lon/lat of its corner samples, for `RasterDataset.warp`
    /// (whose pixel centres it puts on those samples).
    var gridGeometry: GridGeometry {
        let gt = geoTransform
        let west = gt[0] + gt[1] / 2, east = gt[0] + gt[1] * (Double(width) - 0.5)
        let north = gt[3] + gt[5] / 2, south = gt[3] + gt[5] * (Double(height) - 0.5)
        return GridGeometry(width: width, height: height, bounds: BBox(
            west: WebMercator.lonDeg(metresX: west), south: WebMercator.latDeg(metresY: south),
            east: WebMercator.lonDeg(metresX: east), north: WebMercator.latDeg(metresY: north)))
    }

    /// The window's samples copied from the region grid's `pixels` (`regionWidth` wide), row-major.
    func copied(from pixels: [Float], regionWidth: Int) -> [Float] {
        var out: [Float] = []
        out.reserveCapacity(width * height)
        for row in row0..<row0 + height {
            let start = row * regionWidth + column0
            out.append(contentsOf: pixels[start..<start + width])
        }
        return out
    }
}
