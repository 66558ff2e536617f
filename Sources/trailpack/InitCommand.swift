import Bindings
import Foundation
import PackSpec
import Pipeline
import TrailpackCore

/// `trailpack init ID --dem FILE [--trails FILE]... [--out RECIPE]`: a starter recipe that
/// builds on the first try with every input it was given.
enum InitCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "init", flags: ["--force"], options: ["--dem", "--trails", "--out"])
        let id = try a.requirePositionals(["id"], command: "init")[0]
        guard PackTree.isValidId(id) else {
            throw UsageError(message: "\"\(id)\" is not a valid region id (lower-case letters, digits and '-', at most 63)", command: "init")
        }
        guard let dem = a.options["--dem"] else { throw UsageError(message: "'init' needs --dem FILE", command: "init") }
        guard a.repeated["--dem", default: []].count == 1 else {
            throw UsageError(message: "'init' takes one --dem (add more DEM sources to the recipe's dem list)", command: "init")
        }
        let out = a.options["--out"] ?? "\(id).json5"
        if FileManager.default.fileExists(atPath: out) && !a.flag("--force") {
            printError("\(out): already exists (use --force to replace it)")
            return 1
        }
        let paths = StarterPaths(recipe: out)
        // Open the inputs now, as the build will, so a typo fails here, not at the first build.
        // DEMFile is the build's reader: .zip, .gz, .tar and /vsi paths open as they will there.
        let source = try DEMFile.open(dem).dataset
        let extent = try source.lonLatExtent()
        var routes = StarterRoutes(), pois = StarterPOIs()
        var trails: [String] = [], content: [LonLat] = []
        for file in a.repeated["--trails", default: []] {
            let features = try readFeatures(file)
            let tracks = Set(features.filter { $0.layer == "tracks" }.map(\.index))
            let timed = try VectorReader.gpxTracksWithTimes(path: file, among: tracks)
            if routes.add(features: features, file: paths.relative(file), path: file, timedTracks: timed) { trails.append(paths.relative(file)) }
            pois.add(features: features, file: paths.relative(file))
            content += features.flatMap { $0.geometry.lines.flatMap { $0 } }
        }
        content += pois.locations
        guard let region = StarterBBox.region(dem: extent, content: content) else {
            printError("\(dem): the DEM (\(extent)) does not reach the trails, routes and waypoints given (\(BBox(covering: content).map(\.description) ?? "none")); give the DEM that covers them")
            return 1
        }
        if region.clipped {
            printError("warning: the trails, routes and waypoints with a \(Int(StarterBBox.marginM)) m margin reach past the DEM; the bbox stops at the DEM's edge (a route outside it will not build)")
        }
        let cell = try? source.groundCellSizeM(at: region.box.center)
        let grids = StarterGrids(sourceM: cell.map { max($0.xM, $0.yM) })
        let text = recipeText(id: id, dem: paths.recipePath(dem: dem), region: region, trails: trails, routes: routes, pois: pois, grids: grids)
        try FileErrorText.makeFolder(paths.folder, role: "the recipe's folder")
        do throws(SafeFile.Failure) { try SafeFile.replace(out, with: Array(text.utf8)) } catch {
            throw BuildError.safeFile(error, message: "cannot write the recipe")
        }
        print("Wrote \(out); edit it, then run: trailpack build \(out) --out packs")
        return 0
    }

    /// The starter attribution: the DEM by its file name (for the author to complete with its
    /// provider and licence), and OpenStreetMap's credit when a trails file is an OSM extract.
    static func attribution(dem: String, trails: [String]) -> String {
        var lines = ["Elevation: \(URL(fileURLWithPath: dem).lastPathComponent)"]
        if trails.contains(where: { OSMReader.handles(path: $0) }) { lines.append("Trails: © OpenStreetMap contributors (ODbL 1.0)") }
        return lines.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ", ")
    }

    /// The lines and points of one `--trails` file (OSM extracts through `OSMReader`).
    /// - Throws: `GDALError` naming the file, with a format hint when there is one.
    static func readFeatures(_ file: String) throws -> [VectorFeature] {
        do throws(GDALError) {
            return OSMReader.handles(path: file) ? try OSMReader.readLines(path: file, tags: []) : try VectorReader.read(path: file)
        } catch {
            throw FormatHint.annotate(error, path: file)
        }
    }

    /// The starter recipe's text.
    static func recipeText(id: String, dem: String, region: (box: BBox, clipped: Bool), trails: [String],
                           routes: StarterRoutes, pois: StarterPOIs, grids: StarterGrids) -> String {
        let b = region.box
        let why = trails.isEmpty && routes.count == 0 && pois.count == 0
            ? "the DEM's extent, rounded inward to 4 decimals"
            : "the trails, routes and waypoints given, with a \(Int(StarterBBox.marginM)) m margin, inside the DEM's extent (rounded inward)"
        let clippedNote = region.clipped ? "\n  // The margin reached past the DEM: the bbox stops at its edge. A second DEM source lets it grow." : ""
        let trailsLine = trails.isEmpty ? "" : "\n  // Trails (GPX, GeoJSON, KML, OSM .osm/.osm.pbf), clipped to the region; routes can be routed over them.\n  trails: [\(trails.map { "\"\($0)\"" }.joined(separator: ", "))],"
        let poisLine = pois.count == 0 ? "\n  pois: []," : "\n  pois: [\(pois.text)\n  ],"
        return """
        // trailpack recipe: every key is documented in Recipes/README.md.
        {
          id: "\(id)",
          name: "\(id)",
          // Credit every source: name the DEM's provider and licence (the build refuses placeholders).
          attribution: [\(attribution(dem: dem, trails: trails))],
          // The region: [west, south, east, north] in degrees: \(why). Shrink it to the area you need.\(clippedNote)
          bbox: [\(String(format: "%.4f, %.4f, %.4f, %.4f", b.west, b.south, b.east, b.north))],
          // DEM sources, highest priority first: anything GDAL reads (GeoTIFF, .hgt, .zip, .gz).
          dem: ["\(dem)"],\(trailsLine)\(poisLine)
          // Grid spacings (resolutionM): 30 m for the region, 10 m for each route's AR patch by default;
          // over a coarse DEM, 10 times finer than its cells (the build warns of finer ones).\(grids.comment)
          terrain: {\(grids.terrain)},
          ar: {\(grids.ar) marginM: 200 },
          routes: [\(routes.text)
            // { id: "my-hike", name: "My hike", via: [[-71.45, 44.50], [-71.41, 44.51]] },
            // { id: "recorded", name: "Recorded hike", track: { file: "hike.gpx" } },
          ],
        }

        """
    }
}

/// Paths as a recipe in `recipe`'s folder writes them: relative to that folder where they lie
/// under it, else absolute.
struct StarterPaths {
    let folder: URL

    init(recipe: String) {
        folder = URL(fileURLWithPath: recipe).deletingLastPathComponent().standardizedFileURL
    }

    /// A local path (relative to the current directory or absolute) as the recipe writes it.
    func relative(_ path: String) -> String {
        let abs = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        if abs.hasPrefix(base) { return String(abs.dropFirst(base.count)) }
        return abs
    }

    /// The DEM as the recipe writes it: URLs and network `/vsi` paths as given; a `/vsizip/`,
    /// `/vsigzip/` or `/vsitar/` path keeps its prefix with the file inside made recipe-relative
    /// (as `DEMFile.gdalPath` resolves it); a plain path made recipe-relative (`.zip`, `.gz`,
    /// `.tar` open without prefix).
    func recipePath(dem: String) -> String {
        for prefix in ["/vsizip/", "/vsigzip/", "/vsitar/"] where dem.hasPrefix(prefix) {
            return prefix + relative(String(dem.dropFirst(prefix.count)))
        }
        let lower = dem.lowercased()
        if dem.hasPrefix("/vsi") || lower.hasPrefix("http://") || lower.hasPrefix("https://") { return dem }
        return relative(dem)
    }
}

/// The grid spacings a starter recipe sets: none over a DEM fine enough for the defaults, else
/// `SourceResolution.suited` ones (the build warns of a grid over 10 times finer than its DEM).
struct StarterGrids {
    /// The DEM's longer cell side at the region's centre, metres (nil when GDAL cannot say).
    var sourceM: Double?

    private func suited(_ defaultM: Double) -> Double? {
        guard let sourceM, sourceM > SourceResolution.factor * defaultM else { return nil }
        return SourceResolution.suited(defaultM, sourceM: sourceM)
    }

    /// ` resolutionM: 90 ` or empty.
    var terrain: String { suited(30).map { " resolutionM: \(Int($0)) " } ?? "" }
    /// ` resolutionM: 93,` or empty.
    var ar: String { suited(10).map { " resolutionM: \(Int($0))," } ?? "" }
    /// A comment line naming the DEM's cells when a spacing was set for them.
    var comment: String {
        guard let sourceM, suited(10) != nil || suited(30) != nil else { return "" }
        return "\n  // This DEM's cells are about \(Int(sourceM.rounded())) m: the spacings below suit it."
    }
}
