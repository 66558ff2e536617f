import Bindings
import Foundation
import TrailGraph
import TrailpackCore

/// Reads one `trails` source into trail lines: any vector file OGR reads, or an OpenStreetMap
/// extract (`.osm`, `.osm.pbf`: ways passing the recipe's `trailTags`). Invalid points are
/// dropped with a warning naming the feature and the point indices; a source with no usable
/// line is an error.
public enum TrailSource {
    /// The features of one trails file as a build reads them: an OpenStreetMap extract's ways
    /// (`.osm`, `.osm.pbf`, Overpass API JSON) that pass `trailTags`, any other file's features
    /// through `VectorReader` (GDAL's message with one format hint).
    /// - Throws: `GDALError` naming the file when it cannot be read.
    public static func features(path: String, trailTags: OSMTagFilter = .hiking) throws(GDALError) -> [VectorFeature] {
        guard OSMReader.handles(path: path) else { return try VectorReader.read(path: path) }
        return try OSMReader.readLines(path: path, tags: trailTags.keys + TrailTags.keys, matching: trailTags.tags)
            .filter { trailTags.accepts($0.fields) }
    }

    /// The trail lines of `path` and the warnings about what was left out.
    /// - Throws: `GDALError` when the file cannot be read (with a hint for formats GDAL does not
    ///   read), `BuildError.input` when it holds no usable line: none at all, none with two
    ///   distinct points, or (with a recipe `bbox`) none reaching the region.
    static func read(path: String, recipe: Recipe) throws -> (lines: [TrailLine], diagnostics: [Diagnostic]) {
        let isOSM = OSMReader.handles(path: path)
        let features = try features(path: path, trailTags: recipe.trailTags)
        let file = URL(fileURLWithPath: path).lastPathComponent
        var diagnostics: [Diagnostic] = []
        var lines: [TrailLine] = []
        var lineFeatures = 0, degenerate: [String] = []
        for f in features {
            let parts = f.geometry.lines
            if parts.isEmpty { continue }
            lineFeatures += 1
            let base = f.fields["osm_way_id"].map { "way/\($0)" } ?? "\(file)#\(f.layer)/\(f.index)"
            let rawName = f.name ?? f.field("ref").flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            let name = rawName.map { recipe.trailNames[$0] ?? $0 }
            let (use, reversed) = TrailTags.use(of: f)
            for (k, raw) in parts.enumerated() {
                let place = f.fields["osm_way_id"].map { "way \($0)\(parts.count > 1 ? " part \(k)" : "")" }
                    ?? TrackSource.partLabel(f, part: k, of: parts.count)
                let (coords, dropped) = InvalidPoints.dropping(raw)
                if !dropped.isEmpty {
                    diagnostics.append(Diagnostic(.warning, path, "\(place): dropped \(dropped.count) invalid point\(dropped.count == 1 ? "" : "s") (NaN or out of range) at index \(InvalidPoints.describe(dropped))"))
                }
                guard let first = coords.first, coords.contains(where: { Geodesic.distanceM(first, $0) > 0.5 }) else {
                    degenerate.append(place)
                    continue
                }
                lines.append(TrailLine(id: parts.count > 1 ? "\(base)/\(k)" : base, name: name,
                                       coords: reversed ? coords.reversed() : coords, use: use, sourceFile: path))
            }
        }
        if !degenerate.isEmpty && !lines.isEmpty {
            diagnostics.append(Diagnostic(.warning, path, "\(degenerate.count) line\(degenerate.count == 1 ? "" : "s") without two distinct points skipped: \(degenerate.prefix(10).joined(separator: ", "))\(degenerate.count > 10 ? " ..." : "")"))
        }
        guard !lines.isEmpty else {
            let why: String
            if isOSM && features.isEmpty {
                let filteredOut = try OSMReader.readLines(path: path, tags: []).count
                why = "has no way tagged \(recipe.trailTags) (\(filteredOut) other ways; set \"trailTags\" in the recipe to take them)"
            } else if lineFeatures == 0 {
                why = "has no line features (\(features.count) other features)"
            } else {
                why = "has no usable line: all \(lineFeatures) line features have fewer than two distinct valid points (\(degenerate.prefix(5).joined(separator: ", "))\(degenerate.count > 5 ? " ..." : ""))"
            }
            throw BuildError.input(file: path, place: "", message: "\(why); no trails can be taken from it")
        }
        if let region = recipe.bbox {
            // Lines that never reach the region can carry no route: an extract larger than the
            // region keeps only what the network needs.
            let inside = lines.filter { reaches(region, $0.coords) }
            if inside.isEmpty {
                let extent = BBox(covering: lines.flatMap(\.coords)).map { "\($0)" } ?? "?"
                throw BuildError.input(file: path, place: "", message: "\(lines.count == 1 ? "its only line does not reach" : "none of its \(lines.count) lines reaches") the region bbox \(region) (the lines span \(extent)); no trails can be taken from it")
            }
            if inside.count < lines.count {
                diagnostics.append(Diagnostic(.note, path, "\(lines.count - inside.count) of \(lines.count) lines lie outside the region and are left out"))
            }
            return (inside, diagnostics)
        }
        return (lines, diagnostics)
    }

    /// True when the line has a vertex in `box` or crosses it.
    static func reaches(_ box: BBox, _ coords: [LonLat]) -> Bool {
        if coords.contains(where: { box.contains($0) }) { return true }
        guard let extent = BBox(covering: coords), extent.intersects(box) else { return false }
        return !VectorGeometry.lineString(coords).clipped(to: box).isEmpty
    }

    /// The lines cut to `region`: a line crossing its edge once or more becomes one line per part
    /// inside (ids suffixed `/clip<k>` when there are several), a line outside is dropped.
    static func clipped(_ lines: [TrailLine], to region: BBox) -> [TrailLine] {
        lines.flatMap { line -> [TrailLine] in
            if line.coords.allSatisfy({ region.contains($0) }) { return [line] }
            let parts = VectorGeometry.lineString(line.coords).clipped(to: region)
            return parts.enumerated().map { k, part in
                TrailLine(id: parts.count > 1 ? "\(line.id)/clip\(k)" : line.id, name: line.name, coords: part, use: line.use, sourceFile: line.sourceFile)
            }
        }
    }

    /// A build note naming the trails closed to hikers, which the network leaves out.
    static func closureNotes(_ lines: [TrailLine]) -> [Diagnostic] {
        let closed = lines.filter(\.use.closedToHikers)
        guard !closed.isEmpty else { return [] }
        let names = closed.map { "\($0.name ?? "unnamed") (\($0.id))" }
        return [Diagnostic(.note, "trails", "\(closed.count) trail line\(closed.count == 1 ? "" : "s") closed to hikers (access or foot = no/private) left out of the network: \(names.prefix(10).joined(separator: ", "))\(closed.count > 10 ? " ..." : "")")]
    }
}
