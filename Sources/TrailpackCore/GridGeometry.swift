import Foundation

/// The SPEC's region grid laid over a bbox: `width` x `height` samples, columns linear in
/// longitude, rows linear in web-mercator Y, corner samples exactly on the bounds.
public struct GridGeometry: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let bounds: BBox

    public init(width: Int, height: Int, bounds: BBox) {
        self.width = width
        self.height = height
        self.bounds = bounds
    }

    /// The grid over `bounds` whose spacing is as close as possible to `resolutionM` ground
    /// metres at the box's centre latitude (never coarser).
    public init(bounds: BBox, resolutionM: Double) {
        let scale = cos(bounds.center.lat * Double.pi / 180)
        let cellMercatorM = resolutionM / scale
        let spanX = WebMercator.metresX(lonDeg: bounds.east) - WebMercator.metresX(lonDeg: bounds.west)
        let spanY = WebMercator.metresY(latDeg: bounds.north) - WebMercator.metresY(latDeg: bounds.south)
        self.init(width: max(2, Int((spanX / cellMercatorM).rounded(.up)) + 1),
                  height: max(2, Int((spanY / cellMercatorM).rounded(.up)) + 1),
                  bounds: bounds)
    }

    /// Spacing between columns in EPSG:3857 metres.
    public var cellWidthMercatorM: Double {
        (WebMercator.metresX(lonDeg: bounds.east) - WebMercator.metresX(lonDeg: bounds.west)) / Double(width - 1)
    }

    /// Spacing between rows in EPSG:3857 metres.
    public var cellHeightMercatorM: Double {
        (WebMercator.metresY(latDeg: bounds.north) - WebMercator.metresY(latDeg: bounds.south)) / Double(height - 1)
    }

    /// Nominal ground spacing in metres at the centre latitude (the manifest's `resolutionM`).
    public var resolutionM: Double {
        cellWidthMercatorM * cos(bounds.center.lat * Double.pi / 180)
    }

    /// GDAL geotransform of a pixel-is-area raster in EPSG:3857 whose pixel centres are exactly
    /// the grid's samples (origin half a cell outside the bounds).
    public var mercatorGeoTransform: [Double] {
        let dx = cellWidthMercatorM, dy = cellHeightMercatorM
        return [WebMercator.metresX(lonDeg: bounds.west) - dx / 2, dx, 0,
                WebMercator.metresY(latDeg: bounds.north) + dy / 2, 0, -dy]
    }

    /// Outer pixel edges of that raster in lon/lat: the hillshade's `bounds`.
    public var pixelEdgeBounds: BBox {
        let dx = cellWidthMercatorM, dy = cellHeightMercatorM
        return BBox(west: WebMercator.lonDeg(metresX: WebMercator.metresX(lonDeg: bounds.west) - dx / 2),
                    south: WebMercator.latDeg(metresY: WebMercator.metresY(latDeg: bounds.south) - dy / 2),
                    east: WebMercator.lonDeg(metresX: WebMercator.metresX(lonDeg: bounds.east) + dx / 2),
                    north: WebMercator.latDeg(metresY: WebMercator.metresY(latDeg: bounds.north) + dy / 2))
    }

    /// Cosine of the centre latitude: ground metres per EPSG:3857 metre there.
    public var mercatorScale: Double { cos(bounds.center.lat * Double.pi / 180) }
}
