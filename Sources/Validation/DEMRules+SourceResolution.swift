import Bindings
import PackSpec
import TrailpackCore

extension DEMRules {
    /// `dem.source-resolution` (a warning): a pack grid more than
    /// `RegionExpectations.maxSourceCoarseness` times finer than the finest source covering its
    /// centre, with the source's cell (its longer ground side there) and the grid's spacing as
    /// figures. The build warns of the same grids; the pack keeps the recipe's resolution (SPEC).
    func checkSourceResolution(_ grid: TerrainGrid, sources: [RasterDataset], file: String) {
        let centre = grid.bounds.center
        let cells = sources.compactMap { source -> Double? in
            guard let extent = try? source.lonLatExtent(), extent.contains(centre),
                  let cell = try? source.groundCellSizeM(at: centre) else { return nil }
            return max(cell.xM, cell.yM)
        }
        guard let sourceM = cells.min() else { return }
        let spacingM = GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds).resolutionM
        let limit = RegionExpectations.maxSourceCoarseness
        log.figure(.demSourceResolution, file: file, "sourceCellM", sourceM, limit: limit * spacingM)
        guard sourceM > limit * spacingM else { return }
        log.add(.demSourceResolution, file: file, at: .file,
                expected: "a grid at most \(format(limit)) times finer than its DEM's cells",
                found: "\(metres(spacingM)) spacing over DEM cells of \(metres(sourceM)) (\(format((sourceM / spacingM).rounded()))×): the grid shows the resampling kernel, not the ground")
    }
}
