import Bindings
import Foundation
import TrailpackCore

/// Opens the recipe's DEM sources as metres through `DEMFile.open`, the reader `validate --dem`
/// shares: each band's vertical unit (the recipe's `verticalUnit`, else the band's unit type)
/// is converted, and a float DEM's NaN holes become nodata.
enum DEMSources {
    /// The sources in priority order and a note per converted source.
    /// - Throws: `GDALError` naming a file GDAL cannot open; `BuildError.input` for a unit it
    ///   cannot convert.
    static func open(_ recipe: Recipe) throws -> (sources: [RasterDataset], notes: [Diagnostic]) {
        var notes: [Diagnostic] = []
        let sources = try recipe.dem.map { path throws -> RasterDataset in
            do {
                let (dataset, note) = try DEMFile.open(path, verticalUnit: recipe.demVerticalUnits[path])
                if let note { notes.append(Diagnostic(.note, path, note)) }
                return dataset
            } catch let error as DEMFile.UnitError {
                throw BuildError.input(file: path, place: "band 1", message: error.message)
            }
        }
        return (sources, notes)
    }
}
