import Bindings
import Foundation
import PackSpec
import Pipeline
import TrailpackCore

/// `trailpack init ID --dem FILE [--trails FILE] [--out RECIPE]`: a starter recipe.
enum InitCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "init", flags: ["--force"], options: ["--dem", "--trails", "--out"])
        let id = try a.requirePositionals(["id"], command: "init")[0]
        guard PackTree.isValidId(id) else {
            throw UsageError(message: "\"\(id)\" is not a valid region id (lower-case letters, digits and '-', at most 63)", command: "init")
        }
        guard let dem = a.options["--dem"] else { throw UsageError(message: "'init' needs --dem FILE", command: "init") }
        let out = a.options["--out"] ?? "\(id).json5"
        if FileManager.default.fileExists(atPath: out) && !a.flag("--force") {
            printError("\(out): already exists (use --force to replace it)")
            return 1
        }
        let folder = URL(fileURLWithPath: out).deletingLastPathComponent().standardizedFileURL
        func relative(_ path: String) -> String {
            let abs = URL(fileURLWithPath: path).standardizedFileURL.path
            let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            if abs.hasPrefix(base) { return String(abs.dropFirst(base.count)) }
            return abs
        }
        // Open the inputs now so a typo fails here, not at the first build.
        let raster = try RasterDataset.open(path: RecipeLoader.physicalFile(dem).hasSuffix(".zip") ? "/vsizip/" + dem : dem)
        var bboxLine = ""
        var trailsFile = a.options["--trails"]
        var routeLines = ""
        if let trails = a.options["--trails"] {
            let features = OSMReader.handles(path: trails) ? try OSMReader.readLines(path: trails, tags: []) : try VectorReader.read(path: trails)
            let tracks = Set(features.filter { $0.layer == "tracks" }.map(\.index))
            let starter = StarterRoutes(features: features, file: relative(trails), path: trails,
                                        timedTracks: try VectorReader.gpxTracksWithTimes(path: trails, among: tracks))
            if !starter.routes.isEmpty {
                // Recorded tracks are routes to follow, not a trail network: a track that were its own
                // network would get no turns.
                trailsFile = nil
                routeLines = starter.routes
            }
        } else {
            let e = try raster.lonLatExtent()
            bboxLine = String(format: "\n  // The region: [west, south, east, north] in degrees. Shrink it to the area you need.\n  bbox: [%.4f, %.4f, %.4f, %.4f],", e.west, e.south, e.east, e.north)
        }
        let trailsLine = trailsFile.map { "\n  // Trails (GPX, GeoJSON, KML, OSM .osm/.osm.pbf), clipped to the region; routes can be routed over them.\n  trails: [\"\(relative($0))\"]," } ?? ""
        let text = """
        // trailpack recipe: every key is documented in Recipes/README.md.
        {
          id: "\(id)",
          name: "\(id)",
          // Credit every source: the DEM's, and "© OpenStreetMap contributors" for OSM trails.
          attribution: ["Elevation: (DEM source)"],\(bboxLine)
          // DEM sources, highest priority first: anything GDAL reads (GeoTIFF, .hgt, .zip).
          dem: ["\(relative(dem))"],\(trailsLine)
          pois: [],
          terrain: { resolutionM: 30 },
          ar: { resolutionM: 10, marginM: 200 },
          routes: [\(routeLines)
            // { id: "my-hike", name: "My hike", via: [[-71.45, 44.50], [-71.41, 44.51]] },
            // { id: "recorded", name: "Recorded hike", track: { file: "hike.gpx" } },
          ],
        }

        """
        try text.write(toFile: out, atomically: true, encoding: .utf8)
        print("Wrote \(out); edit it, then run: trailpack build \(out) --out packs")
        return 0
    }
}

/// The routes of a starter recipe made from a `--trails` file's recorded tracks: GPX `<trk>`,
/// and lines that carry the time they were recorded (a KML `gx:Track` or `TimeSpan`, read as
/// `begin`/`end`; a GeoJSON line with togeojson's `coordTimes`).
struct StarterRoutes {
    /// True for a line recorded by a device rather than drawn as a trail.
    static func isRecorded(_ f: VectorFeature) -> Bool {
        f.layer == "tracks" || (f.field("begin") != nil && f.field("end") != nil) || f.field("coordTimes") != nil
    }

    /// Recipe lines, one route per recorded track (at most 20), or empty when the file has none.
    let routes: String

    /// `timedTracks`: the GPX tracks (`tracks` layer indices) whose points carry timestamps;
    /// `path`: the file as opened (for the fixes' times), `file` as the recipe names it.
    init(features: [VectorFeature], file: String, path: String? = nil, timedTracks: Set<Int> = []) {
        // Indices as the recipe's `track.select` counts them: among the file's lines of 2+ points.
        let lines = features.filter { $0.geometry.lines.reduce(0) { $0 + $1.count } >= 2 }
        var out = ""
        var n = 0
        var standing: [String] = []
        for (k, f) in lines.enumerated() where Self.isRecorded(f) && n < 20 {
            let name = f.name.map { "\"\($0)\"" } ?? "\(k)"
            // A device left standing draws no way to follow.
            if f.geometry.lines.allSatisfy({ GroundLine.isOnePlace($0) }) { standing.append("track \(name)"); continue }
            n += 1
            let escaped = (f.name ?? "Track \(n)").replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            if n == 1 { out += "\n    // The recorded tracks of \(file), followed as recorded (cleaned of GPS spikes and stops)." }
            out += "\n    { id: \"track-\(n)\", name: \"\(escaped)\", track: { file: \"\(file)\", select: \(k) } },"
            if f.layer == "tracks", !timedTracks.contains(f.index) {
                out += "\n    // track-\(n): no timestamps, so it is cleaned as a GPS recording; if it was drawn in a route planner, add drawn: true to its track."
            }
            if let gapM = TrackSource.unchainedGapM(of: f) {
                out += String(format: "\n    // track-%d: its segments leave %.0f m unrecorded (the recording paused); the build stops there unless track.joinM (default 50) bridges the gap with a straight line.", n, gapM)
            }
            if f.layer != "routes", let gapM = TrackSource.longestGapInsideM(of: f, file: path ?? file) {
                out += String(format: "\n    // track-%d: the device lost its fix, a jump of %.0f m between two fixes; the build stops there unless track.joinM bridges it with a straight line, or track.gaps: \"trails\" follows the trails across it.", n, gapM)
            }
        }
        if !standing.isEmpty {
            out += "\n    // Left out, as they stay within \(Int(GroundLine.stepM)) m of one place: \(standing.joined(separator: ", "))."
        }
        routes = out
    }
}
