import PMTiles
import TrailpackCore

/// An XYZ tile of the web-mercator pyramid (the scheme of MapLibre's `tiles` URLs and PMTiles):
/// zoom `z`, column `x` from the antimeridian eastwards, row `y` from the north edge
/// (85.0511° N) southwards, each in `0..<2^z`; the one tile address, PMTiles' `TileZXY`.
/// Ordered by z, then x, then y.
public typealias TileID = TileZXY

extension TileZXY {
    /// Tiles along each axis at zoom `z`: 2^z.
    public static func tilesPerAxis(zoom z: Int) -> Int { 1 << z }

    /// The tile at zoom `z` holding `point` (a point on an east or south edge belongs to the
    /// tile east or south of it, except on the world's own edges; a non-finite coordinate
    /// counts as 0).
    public init(containing point: WorldPoint, zoom z: Int) {
        let n = Self.tilesPerAxis(zoom: z)
        func index(_ unit: Double) -> Int { unit.isFinite ? min(n - 1, max(0, Int((min(max(unit, 0), 1) * Double(n)).rounded(.down)))) : 0 }
        self.init(z: z, x: index(point.x), y: index(point.y))
    }

    /// The tile's square in web-mercator unit coordinates (x east, y south, 0...1).
    public var worldBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let size = 1 / Double(Self.tilesPerAxis(zoom: z))
        return (Double(x) * size, Double(y) * size, Double(x + 1) * size, Double(y + 1) * size)
    }

    /// The tile's bounds in WGS84 degrees (west, south, east, north).
    public var bounds: BBox {
        let world = worldBounds
        let northWest = WorldPoint(x: world.minX, y: world.minY).lonLat
        let southEast = WorldPoint(x: world.maxX, y: world.maxY).lonLat
        return BBox(west: northWest.lon, south: southEast.lat, east: southEast.lon, north: northWest.lat)
    }

}
