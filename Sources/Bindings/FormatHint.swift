import Foundation
import TrailpackCore

/// One-line hints for input formats GDAL cannot read, from the file's name and first bytes.
public enum FormatHint {
    /// What to do with `path` when GDAL cannot open it, or nil when there is nothing to suggest.
    /// Reads at most the first 4 KiB of a local file.
    public static func hint(for path: String) -> String? {
        let lower = path.lowercased()
        let head = firstBytes(of: path)
        let text = String(decoding: head, as: UTF8.self)
        if lower.hasSuffix(".npz") || lower.hasSuffix(".npy") || head.starts(with: Array("\u{93}NUMPY".utf8)) {
            return "a NumPy array has no georeferencing GDAL can read: convert it to GeoTIFF (with its bounds and CRS) first"
        }
        if OverpassJSON.looksLikeOverpass(head: text) {
            return "this is Overpass API JSON: give it as a trails file (it is read as OSM ways), or export GeoJSON (overpass turbo's Export > GeoJSON) for points"
        }
        if lower.hasSuffix(".tcx") || text.contains("<TrainingCenterDatabase") {
            return "TCX is not a format GDAL reads: export the activity as GPX"
        }
        if lower.hasSuffix(".fit") {
            return "Garmin FIT is not a format GDAL reads: export the activity as GPX"
        }
        return nil
    }

    /// `error` with the hint for `path` appended to its reason, when there is one; for a
    /// `.json`/`.geojson` file that is not valid JSON, the line and column of its first syntax
    /// error (`jsonSyntaxProblem`) before GDAL's reason.
    public static func annotate(_ error: GDALError, path: String) -> GDALError {
        guard FileManager.default.fileExists(atPath: path) else { return error }
        var e = error
        if let problem = jsonSyntaxProblem(path) {
            e.reason = e.reason.isEmpty ? problem : "\(problem) (GDAL: \(e.reason))"
        }
        guard let hint = hint(for: path) else { return e }
        e.reason = e.reason.isEmpty ? "hint: \(hint)" : "\(e.reason)\nhint: \(hint)"
        return e
    }

    private static func firstBytes(of path: String) -> [UInt8] {
        guard !path.hasPrefix("/vsi"), InputFile.isRegular(path), let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: 4096)) ?? Data())
    }
}
