import TrailpackCore

/// Why a line cannot be draped on a terrain grid.
public enum DrapeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Vertex `index` at `position` lies outside the grid's `bounds`.
    case outsideGrid(index: Int, position: LonLat, bounds: BBox)

    public var description: String {
        switch self {
        case .outsideGrid(let index, let position, let bounds):
            "vertex \(index) at \(position) lies outside the terrain grid \(bounds)"
        }
    }
}

/// Gives each vertex of a line its elevation from a terrain grid.
public enum ElevationDraper {
    /// Elevations are rounded to tenths of a metre (`PackSpec`'s 0.1 m).
    static let tenthsPerMetre = 10.0

    /// Elevations in metres, one per vertex, sampled with the SPEC sampler
    /// (`TerrainGrid.elevationM(at:)`, bilinear in lon and web-mercator Y) and rounded to 0.1 m.
    /// - Throws: `DrapeError.outsideGrid` for the first vertex outside the grid.
    public static func drape(_ coords: [LonLat], on grid: TerrainGrid) throws(DrapeError) -> [Double] {
        var elevationsM: [Double] = []
        elevationsM.reserveCapacity(coords.count)
        for (i, p) in coords.enumerated() {
            guard let eleM = grid.elevationM(at: p) else {
                throw .outsideGrid(index: i, position: p, bounds: grid.bounds)
            }
            elevationsM.append((eleM * tenthsPerMetre).rounded() / tenthsPerMetre)
        }
        return elevationsM
    }
}
