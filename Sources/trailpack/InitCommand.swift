import Bindings
import Foundation
import PackSpec
import Pipeline
import TrailpackCore

/// `trailpack init ID --dem FILE [--trails FILE]... [--out RECIPE]`: a starter recipe that
/// builds on the first try with every input it was given, once its DEM is credited (a DEM
/// `StarterCredit` recognises is credited already; any other gets a placeholder the build refuses).
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
        var files: [(path: String, features: [VectorFeature])] = []
        for file in a.repeated["--trails", default: []] { files.append((file, try starterFeatures(path: file))) }
        let starter = try starterContent(files, paths: paths, dem: source)
        guard let region = StarterBBox.region(dem: extent, content: starter.content) else {
            printError("\(dem): the DEM (\(extent)) does not reach the trails, routes and waypoints given (\(BBox(covering: starter.content).map(\.description) ?? "none")); give the DEM that covers them")
            return 1
        }
        if region.clipped {
            printError("warning: the trails, routes and waypoints with a \(Int(StarterBBox.marginM)) m margin reach past the DEM; the bbox stops at the DEM's edge (a route outside it will not build)")
        }
        let cell = try? source.groundCellSizeM(at: region.box.center)
        let grids = StarterGrids(sourceM: cell.map { max($0.xM, $0.yM) })
        let credit = StarterCredit.product(dem: dem, metadata: source.metadataItems())
        let text = recipeText(id: id, dem: paths.recipePath(dem: dem), region: region, starter: starter, credit: credit, grids: grids)
        try FileErrorText.makeFolder(paths.folder, role: "the recipe's folder")
        do throws(SafeFile.Failure) { try SafeFile.replace(out, with: Array(text.utf8)) } catch {
            throw BuildError.safeFile(error, message: "cannot write the recipe")
        }
        print("Wrote \(out); edit it, then run: trailpack build \(out) --out packs")
        return 0
    }

    /// What a starter recipe takes from the `--trails` files: routes, POIs, the trails files
    /// kept (those far from every route left out with a warning: `StarterTrails`), comments on
    /// what was left out, and every point the bbox must hold.
    struct Starter {
        var routes = StarterRoutes(), pois = StarterPOIs()
        var trails: [String] = [], notes: [String] = [], content: [LonLat] = []
        /// True when a kept trails file is OpenStreetMap data (its credit is written).
        var osm = false
    }

    /// A `--trails` file's features as the build reads them, and for an OpenStreetMap extract
    /// (`.osm`, `.osm.pbf`, Overpass JSON) its named nodes tagged `tourism`, `natural` or
    /// `amenity` too (`OSMReader.readNamedPoints`): the huts, peaks and springs a starter offers as POIs.
    /// - Throws: `GDALError` naming the file when it cannot be read.
    static func starterFeatures(path: String) throws(GDALError) -> [VectorFeature] {
        let features = try TrailSource.features(path: path)
        return OSMReader.handles(path: path) ? features + (try OSMReader.readNamedPoints(path: path)) : features
    }

    /// The starter's routes, POIs and trails from `files` (features as the build reads them).
    /// - Throws: `GDALError` when a GPX file's fix times cannot be read.
    static func starterContent(_ files: [(path: String, features: [VectorFeature])], paths: StarterPaths, dem: RasterDataset) throws -> Starter {
        var s = Starter()
        let isRoute = { (f: VectorFeature) in StarterRoutes.isRecorded(f) || StarterRoutes.isPlanned(f) }
        let near = StarterTrails(routes: files.flatMap { $0.features.filter(isRoute).flatMap(\.geometry.lines) })
        let elevations = { (points: [LonLat]) in (try? dem.elevationsM(at: points)) ?? points.map { _ in nil } }
        for (file, features) in files {
            let name = paths.relative(file)
            let tracks = Set(features.filter { $0.layer == "tracks" }.map(\.index))
            let timed = try VectorReader.gpxTracksWithTimes(path: file, among: tracks)
            let hasTrails = s.routes.add(features: features, file: name, path: file, timedTracks: timed, elevations: elevations)
            s.pois.add(features: features, file: name)
            s.content += features.filter(isRoute).flatMap { $0.geometry.lines.flatMap { $0 } }
            guard hasTrails else { continue }
            let lines = features.filter { !isRoute($0) }.flatMap(\.geometry.lines).filter { $0.count >= 2 }
            let kept = near.map { n in lines.filter(n.isNear) } ?? lines
            let limitKm = Int(StarterTrails.farM / 1000)
            if let near, kept.isEmpty {
                let km = String(format: "%.1f", near.nearestM(lines) / 1000)
                printError("warning: \(file): its nearest trail lies \(km) km from every route (more than \(limitKm) km): left out of the recipe's trails and bbox")
                s.notes.append("// Left out of trails: \"\(name)\": its nearest trail lies \(km) km from every route (more than \(limitKm) km). Add it, and grow the bbox, to take it.")
                continue
            }
            if kept.count < lines.count {
                s.notes.append("// \(name): \(lines.count - kept.count) of its \(lines.count) trail lines lie more than \(limitKm) km from every route; the bbox leaves them out (the build clips the file to it).")
            }
            s.trails.append(name)
            s.osm = s.osm || OSMReader.handles(path: file)
            s.content += kept.flatMap { $0 }
        }
        s.content += s.pois.locations
        return s
    }

    /// The starter attribution: the DEM provider's credit where `credit` recognised it, else a
    /// placeholder the build refuses; OpenStreetMap's credit when a trails file is OSM data.
    static func attribution(credit: StarterCredit.Product?, osm: Bool) -> String {
        var lines = [credit?.credit ?? StarterCredit.placeholder]
        if osm { lines.append("Trails: © OpenStreetMap contributors (ODbL 1.0)") }
        return lines.map { "\"" + StarterRoutes.escaped($0) + "\"" }.joined(separator: ", ")
    }

    /// The starter recipe's text.
    static func recipeText(id: String, dem: String, region: (box: BBox, clipped: Bool), starter: Starter,
                           credit: StarterCredit.Product?, grids: StarterGrids) -> String {
        let (trails, routes, pois) = (starter.trails, starter.routes, starter.pois)
        let b = region.box
        let why = trails.isEmpty && routes.count == 0 && pois.count == 0
            ? "the DEM's extent, rounded inward to 4 decimals"
            : "the trails, routes and waypoints given, with a \(Int(StarterBBox.marginM)) m margin, inside the DEM's extent (rounded inward)"
        let clippedNote = region.clipped ? "\n  // The margin reached past the DEM: the bbox stops at its edge. A second DEM source lets it grow." : ""
        let trailsLine = (trails.isEmpty ? "" : "\n  // Trails (GPX, GeoJSON, KML, OSM .osm/.osm.pbf, Overpass JSON), clipped to the region; routes can be routed over them.\n  trails: [\(trails.map { "\"\($0)\"" }.joined(separator: ", "))],")
            + starter.notes.map { "\n  " + $0 }.joined()
        let creditNote = credit.map { "the DEM is \($0.name) by its file name or metadata: check the credit" }
            ?? "the DEM's provider was not recognised: name it and its licence (the build refuses the placeholder)"
        let poisLine = pois.count == 0 ? "\n  pois: []," : "\n  pois: [\(pois.text)\n  ],"
        return """
        // trailpack recipe: every key is documented in Recipes/README.md.
        {
          id: "\(id)",
          name: "\(id)",
          // Credit every source: \(creditNote).
          attribution: [\(attribution(credit: credit, osm: starter.osm))],
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
