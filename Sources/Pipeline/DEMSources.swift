import Bindings
import Foundation
import TrailpackCore

/// Opens the recipe's DEM sources as metres: each band's vertical unit (the recipe's
/// `verticalUnit`, else the band's unit type) is converted through an in-memory scaled view,
/// and a float DEM's NaN holes become nodata, so the warp takes them from the next source.
enum DEMSources {
    /// The sources in priority order and a note per converted source.
    /// - Throws: `GDALError` naming a file GDAL cannot open; `BuildError.input` for a unit it
    ///   cannot convert.
    static func open(_ recipe: Recipe) throws -> (sources: [RasterDataset], notes: [Diagnostic]) {
        var notes: [Diagnostic] = []
        let sources = try recipe.dem.map { path throws -> RasterDataset in
            let dataset: RasterDataset
            do throws(GDALError) { dataset = try RasterDataset.open(path: path) } catch { throw FormatHint.annotate(error, path: path) }
            let unit: VerticalUnit
            if let given = recipe.demVerticalUnits[path] {
                unit = given
            } else {
                let raw = dataset.unitType()
                guard let read = VerticalUnit(gdalUnitType: raw) else {
                    throw BuildError.input(file: path, place: "band 1", message: "the vertical unit \"\(raw)\" is not metres, feet or US survey feet; name the unit in the recipe: dem: [{ file: \"...\", verticalUnit: \"m\" | \"ft\" | \"ftUS\" }]")
                }
                unit = read
            }
            let nanHoles = dataset.isFloatingPoint() && dataset.noDataValue() == nil && !dataset.isInMemory
            guard unit != .metre || nanHoles else { return dataset }
            if unit != .metre {
                let origin = recipe.demVerticalUnits[path] != nil ? "the recipe's verticalUnit" : "the band's unit \"\(dataset.unitType())\""
                notes.append(Diagnostic(.note, path, "elevations in \(unit.rawValue) (\(origin)), converted to metres (× \(unit.metres))"))
            }
            let sourceNoData = dataset.noDataValue() ?? (dataset.isFloatingPoint() ? Double.nan : nil)
            return try dataset.scaledView(scale: unit.metres, sourceNoData: sourceNoData)
        }
        return (sources, notes)
    }
}
