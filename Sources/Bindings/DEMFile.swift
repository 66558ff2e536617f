import Foundation
import TrailpackCore

/// The one way trailpack reads a source DEM, shared by `build` and `validate --dem`: an author's
/// path is mapped onto GDAL's virtual file systems, the raster is opened, its elevations are
/// converted to metres and a float DEM's NaN holes become nodata.
public enum DEMFile {
    /// A band whose vertical unit is not metres, feet or US survey feet, and which the recipe
    /// does not name.
    public struct UnitError: Error, CustomStringConvertible, Sendable {
        /// The DEM file (its GDAL path).
        public var file: String
        /// The band's unit type as GDAL reports it.
        public var unitType: String

        /// What is wrong and how to say the unit, without the file.
        public var message: String {
            "the vertical unit \"\(unitType)\" is not metres, feet or US survey feet; name the unit in the recipe: dem: [{ file: \"...\", verticalUnit: \"m\" | \"ft\" | \"ftUS\" }]"
        }

        public var description: String { "\(file): band 1: \(message)" }
    }

    /// The GDAL path of an author's path: relative paths resolved against `folder` (the
    /// current directory when nil); `.zip` read through `/vsizip/`, `.tar`, `.tar.gz`, `.tgz`
    /// through `/vsitar/` (also `archive.zip/member.hgt`), other `.gz` through `/vsigzip/`,
    /// `http(s)://` URLs through `/vsicurl/`. Paths already starting with `/vsi` are kept (a
    /// `/vsizip/`, `/vsigzip/` or `/vsitar/` path relative to `folder` is made absolute).
    public static func gdalPath(_ raw: String, relativeTo folder: URL? = nil) -> String {
        let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for prefix in ["/vsizip/", "/vsigzip/", "/vsitar/"] where raw.hasPrefix(prefix) {
            let rest = String(raw.dropFirst(prefix.count))
            return prefix + (rest.hasPrefix("/") ? rest : base.appendingPathComponent(rest).standardizedFileURL.path)
        }
        if raw.hasPrefix("/vsi") { return raw }
        let lower = raw.lowercased()
        let path = lower.hasPrefix("http://") || lower.hasPrefix("https://") ? "/vsicurl/" + raw
            : raw.hasPrefix("/") ? raw : base.appendingPathComponent(raw).standardizedFileURL.path
        let name = path.lowercased()
        if name.hasSuffix(".zip") || name.contains(".zip/") { return "/vsizip/" + path }
        if [".tar", ".tar.gz", ".tgz"].contains(where: { name.hasSuffix($0) || name.contains($0 + "/") }) { return "/vsitar/" + path }
        if name.hasSuffix(".gz") { return "/vsigzip/" + path }
        return path
    }

    /// Opens the DEM at `path` (an author's path or a GDAL path, see `gdalPath`) as metres.
    /// `verticalUnit` (the recipe's) wins over the band's unit type; a unit other than metres
    /// is converted through an in-memory scaled view, which also turns a float DEM's NaN holes
    /// (no nodata value) into nodata so a warp takes them from the next source.
    /// - Returns: the dataset in metres and a note when elevations were converted.
    /// - Throws: `GDALError` naming the file (with a format hint when there is one) when GDAL
    ///   cannot open it; `UnitError` for a band unit that cannot be converted.
    public static func open(_ path: String, verticalUnit: VerticalUnit? = nil) throws -> (dataset: RasterDataset, note: String?) {
        let gdal = gdalPath(path)
        let dataset: RasterDataset
        do throws(GDALError) { dataset = try RasterDataset.open(path: gdal) } catch { throw FormatHint.annotate(error, path: path) }
        let unit: VerticalUnit
        if let verticalUnit {
            unit = verticalUnit
        } else {
            guard let read = VerticalUnit(gdalUnitType: dataset.unitType()) else {
                throw UnitError(file: gdal, unitType: dataset.unitType())
            }
            unit = read
        }
        let nanHoles = dataset.isFloatingPoint() && dataset.noDataValue() == nil && !dataset.isInMemory
        guard unit != .metre || nanHoles else { return (dataset, nil) }
        var note: String?
        if unit != .metre {
            let origin = verticalUnit != nil ? "the recipe's verticalUnit" : "the band's unit \"\(dataset.unitType())\""
            note = "elevations in \(unit.rawValue) (\(origin)), converted to metres (× \(unit.metres))"
        }
        let sourceNoData = dataset.noDataValue() ?? (dataset.isFloatingPoint() ? Double.nan : nil)
        return (try dataset.scaledView(scale: unit.metres, sourceNoData: sourceNoData), note)
    }
}
