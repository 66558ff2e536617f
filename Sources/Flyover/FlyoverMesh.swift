import TrailpackCore

/// The region mesh as the 3D page draws it: `terrain.bin`'s samples at every `stride`-th column
/// and row (and always the last column and row), so the mesh has at most about `maxVertices`
/// vertices; each cell two triangles, (north-west, south-west, north-east) and (north-east,
/// south-west, south-east), planar in (lon, web-mercator Y). docs/FORMAT.md, "3D page".
public struct FlyoverMesh: Sendable {
    /// The 3D page's cap on the region mesh's vertices.
    public static let maxVertices = 1_000_000

    public let grid: TerrainGrid
    /// Every `stride`-th sample is a vertex (1: every sample).
    public let stride: Int
    /// The grid's columns and rows that are vertices, ascending; the last is the grid's last.
    public let columns: [Int]
    public let rows: [Int]

    public init(grid: TerrainGrid, maxVertices: Int = FlyoverMesh.maxVertices) {
        self.grid = grid
        stride = Self.stride(width: grid.width, height: grid.height, maxVertices: maxVertices)
        columns = Self.indices(count: grid.width, stride: stride)
        rows = Self.indices(count: grid.height, stride: stride)
    }

    /// The smallest stride whose mesh has at most `maxVertices` vertices: ceil(sqrt(w h / max)),
    /// raised while the strided counts (the last line always kept) exceed it.
    public static func stride(width: Int, height: Int, maxVertices: Int) -> Int {
        var s = 1
        while s * s * maxVertices < width * height { s += 1 }
        while indices(count: width, stride: s).count * indices(count: height, stride: s).count > maxVertices { s += 1 }
        return s
    }

    /// 0, `stride`, 2 `stride`, … and `count - 1`.
    static func indices(count: Int, stride: Int) -> [Int] {
        var out = Array(Swift.stride(from: 0, to: count - 1, by: stride))
        out.append(count - 1)
        return out
    }

    public var vertexCount: Int { columns.count * rows.count }

    /// The mesh's surface at `p`, metres (the triangle holding it); nil outside the grid.
    public func elevationM(at p: LonLat) -> Double? {
        let (c, r) = grid.gridPosition(of: p)
        let eps = 1e-9
        guard c >= -eps, r >= -eps, c <= Double(grid.width - 1) + eps, r <= Double(grid.height - 1) + eps else { return nil }
        let (i, fc) = Self.cell(min(max(c, 0), Double(grid.width - 1)), columns, stride)
        let (j, fr) = Self.cell(min(max(r, 0), Double(grid.height - 1)), rows, stride)
        func z(_ a: Int, _ b: Int) -> Double { Double(grid[column: columns[a], row: rows[b]]) }
        let z00 = z(i, j), z10 = z(i + 1, j), z01 = z(i, j + 1), z11 = z(i + 1, j + 1)
        if fc + fr <= 1 { return z00 + (z10 - z00) * fc + (z01 - z00) * fr }
        return z11 + (z01 - z11) * (1 - fc) + (z10 - z11) * (1 - fr)
    }

    /// The mesh cell holding fractional grid index `v` among `lines` and the fraction across it.
    static func cell(_ v: Double, _ lines: [Int], _ stride: Int) -> (Int, Double) {
        let i = min(Int(v) / stride, lines.count - 2)
        return (i, (v - Double(lines[i])) / Double(lines[i + 1] - lines[i]))
    }
}
