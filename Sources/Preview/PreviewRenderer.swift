import Bindings
import Drawing
import Foundation
import PackReader
import TrailpackCore
import Validation

/// What `PreviewRenderer.render` wrote.
public struct PreviewResult: Sendable, Equatable {
    /// Absolute path of `index.html`.
    public var indexPath: String
    /// Absolute paths of every picture written and `index.html` (last), in writing order; the 3D
    /// page's files are `pageFiles`.
    public var files: [String]
    /// Regions previewed, in order.
    public var regionIds: [String]
    /// Absolute paths of the MapLibre renders written (`MapLibreRenders`), in writing order; not
    /// in `files`: they depend on the renderer's version, the other files only on the pack.
    public var mapLibreFiles: [String] = []
    /// Per region, in order: its MapLibre renders or why there are none.
    public var mapLibreRenders: [MapLibreRenders] = []
    /// Absolute paths of the 3D page's files and the flyover documents (`FlyoverSection`), in
    /// writing order; not in `files`, which holds the pictures and `index.html`.
    public var pageFiles: [String] = []
    /// Absolute paths of the flyover stills written (`FlyoverSection`); not in `files`: they
    /// depend on the browser's version.
    public var stillFiles: [String] = []
    /// Per region, in order: its 3D page, flyovers and stills, or why not.
    public var flyovers: [FlyoverSection] = []
    /// Absolute paths of the replay pages written (`RouteReplays`), in writing order; not in `files`.
    public var replayFiles: [String] = []
}

/// `trailpack preview PATH [--out DIR]`: pictures an author checks before release, drawn from
/// the pack as read back from disk.
///
/// For each region (a pack root previews every region in its catalog, in catalog order; a
/// region folder previews itself) it writes into `outDir`:
/// `<regionId>-overview.png` (`OverviewRenderer`), and per route
/// `<regionId>-<routeId>-profile.png` (`ProfileRenderer`) and `<regionId>-<routeId>-ar.png`
/// (`ARPatchRenderer`), then per route `<regionId>-<routeId>-panorama.png` (`PanoramaRenderer`),
/// then per route with a reroute check (`RerouteChecker`) `<regionId>-<routeId>-reroute.png`
/// (`RerouteCheckRenderer`), all 8-bit RGB PNGs written through `Bindings.PNGImage`; then per
/// route built from a recording given, `<regionId>-<routeId>-replay.html` (`RouteReplays`); then,
/// with a MapLibre renderer (`TRAILPACK_RENDERER`), the region's `style.json` drawn by MapLibre
/// Native at three views (`<regionId>-maplibre-region.png`, `-route.png`, `-z15.png`:
/// `MapLibreRenders`); then `index.html` (`IndexPage`). Same pack, same bytes, but for the
/// MapLibre renders (the renderer's own pixels; listed apart in `mapLibreFiles`).
/// Per region, after the MapLibre renders: `<regionId>-<routeId>-flyover.json` per route, and
/// with three.js (`ThreeJS`) the 3D page `<regionId>-3d.html` with `<regionId>-3d-data.js`,
/// `trailpack-3d.js` and `three.min.js` beside it (`Flyover3DPage`); with a browser
/// (`TRAILPACK_BROWSER`) the stills `<regionId>-<routeId>-flyover.png` (`FlyoverSection`; listed
/// apart in `stillFiles`).
public enum PreviewRenderer {
    /// Validates the pack at a path for the index page's problem table; nil when no
    /// validation is available.
    public typealias Validate = @Sendable (_ packPath: String) -> [ValidationProblem]?

    /// Runs `PackValidator.validate(path:)` with default options and returns every problem it
    /// reports (errors, warnings and notes), in the report's order.
    public static let defaultValidate: Validate = { PackValidator.validate(path: $0).problems }

    /// Renders the preview of the pack root or region folder at `packPath` into `outDir`
    /// (created if missing; existing files of the same names are replaced). `mapRenderer` draws
    /// the MapLibre renders (default: `TRAILPACK_RENDERER`'s command; nil: none, the page says
    /// why); a renderer that fails or times out never fails the preview. `recordings` are the
    /// recordings routes were built from: each is replayed (`RouteReplays`) and linked.
    /// - Throws: `PreviewError.notAPack`, `.unreadable` or `.malformed` for a pack that cannot be
    ///   read, `.symlink` for a symlinked `regions/` or region folder (never read through),
    ///   `.outInsidePack` when `outDir` lies inside a pack root, `.drawing` when Cairo fails,
    ///   `.writing` when an output file cannot be written, or when a symlink or special file
    ///   stands at an output's name (`SafeFile`: nothing is written through it).
    public static func render(packPath: String, outDir: String, validate: Validate = defaultValidate,
                              mapRenderer: MapLibreRenderer? = MapLibreRenderer.fromEnvironment(),
                              browser: BrowserCapture? = BrowserCapture.fromEnvironment(),
                              recordings: [RouteRecording] = []) throws(PreviewError) -> PreviewResult {
        let folders = try regionFolders(packPath)
        try checkOutside(outDir: outDir, packPath: packPath)
        let outURL = URL(fileURLWithPath: outDir).standardizedFileURL
        do { try FileManager.default.createDirectory(at: outURL, withIntermediateDirectories: true) } catch {
            throw .writing(path: outURL.path, reason: FileErrorText.reason(error))
        }
        let indexPath = outURL.appendingPathComponent("index.html").path
        // Refused before any drawing; every image is refused likewise when it is written.
        do throws(SafeFile.Failure) { try SafeFile.check(indexPath) } catch { throw .writing(path: indexPath, reason: error.message) }
        var written: [String] = []
        var sections: [IndexPage.RegionSection] = []
        var mapLibreFiles: [String] = [], stillFiles: [String] = [], pageFiles: [String] = [], replayFiles: [String] = []
        for folder in folders {
            let firstFile = written.count
            let pack = try RegionPack.load(folderPath: folder)
            let id = pack.manifest.id
            let overviewName = "\(id)-overview.png"
            let overview = try OverviewRenderer.render(pack)
            try write(overview.image, to: outURL.appendingPathComponent(overviewName).path, written: &written)
            var routeFiles: [(profile: String, arPatch: String)] = []
            let landmarks = try PackLandmarks.read(pack), terrain = try PackLandmarks.regionTerrain(pack)
            var panoramaFiles: [String] = []
            for (k, route) in pack.routes.enumerated() {
                let color = RoutePalette.routeColor(index: k)
                let profileName = "\(id)-\(route.id)-profile.png", arName = "\(id)-\(route.id)-ar.png"
                try write(ProfileRenderer.render(route, color: color), to: outURL.appendingPathComponent(profileName).path, written: &written)
                let patch = try pack.arPatch(for: route)
                let ar = try ARPatchRenderer.render(route: route, patch: patch, trails: pack.trails, color: color)
                try write(ar.image, to: outURL.appendingPathComponent(arName).path, written: &written)
                routeFiles.append((profileName, arName))
            }
            for (k, route) in pack.routes.enumerated() {
                let panoramaName = "\(id)-\(route.id)-panorama.png"
                let panorama = try PanoramaRenderer.render(route: route, landmarks: landmarks[k], region: terrain,
                                                           patch: try pack.arPatch(for: route), color: RoutePalette.routeColor(index: k))
                try write(panorama.image, to: outURL.appendingPathComponent(panoramaName).path, written: &written)
                panoramaFiles.append(panoramaName)
            }
            var section = IndexPage.RegionSection(pack: pack, overviewFile: overviewName, routeFiles: routeFiles)
            section.panoramaFiles = panoramaFiles
            section.overviewDroppedLabels = overview.droppedLabels
            section.overviewOverBudgetLabels = overview.overBudgetLabels
            if let scale = overview.contourScale, scale.intervalM != pack.manifest.files.contours.intervalM { section.overviewContourIntervalM = scale.intervalM }
            section.rerouteChecks = try renderRerouteChecks(pack, outURL: outURL, written: &written)
            section.imageSizesPx = pngSizesPx(written[firstFile...])
            section.replays = try RouteReplays.write(pack, recordings: recordings, outURL: outURL, written: &replayFiles)
            section.mapLibre = MapLibreRenders.make(pack, renderer: mapRenderer, outURL: outURL)
            mapLibreFiles += section.mapLibre.files.map { outURL.appendingPathComponent($0).path }
            section.flyover = try FlyoverSection.write(pack, region: terrain, outURL: outURL, browser: browser, written: &pageFiles, stillFiles: &stillFiles)
            sections.append(section)
        }
        let title = "trailpack preview: " + sections.map(\.pack.manifest.name).joined(separator: ", ")
        let html = IndexPage.html(title: title, sections: sections, problems: validate(packPath))
        do throws(SafeFile.Failure) { try SafeFile.replace(indexPath, with: Array(html.utf8)) } catch {
            throw .writing(path: indexPath, reason: error.message)
        }
        written.append(indexPath)
        return PreviewResult(indexPath: indexPath, files: written, regionIds: sections.map(\.pack.manifest.id),
                             mapLibreFiles: mapLibreFiles, mapLibreRenders: sections.map(\.mapLibre),
                             pageFiles: pageFiles, stillFiles: stillFiles, flyovers: sections.map(\.flyover), replayFiles: replayFiles)
    }

    /// Computes every route's reroute check and writes the picture of each that has one.
    static func renderRerouteChecks(_ pack: RegionPack, outURL: URL, written: inout [String]) throws(PreviewError)
        -> [(outcome: RerouteOutcome, picture: String?)] {
        var out: [(outcome: RerouteOutcome, picture: String?)] = []
        for (k, outcome) in RerouteChecker.checks(pack).enumerated() {
            guard case .checked(let check) = outcome else {
                out.append((outcome, nil))
                continue
            }
            let name = "\(pack.manifest.id)-\(check.routeId)-reroute.png"
            let picture = try RerouteCheckRenderer.render(check, route: pack.routes[k], pack: pack, color: RoutePalette.routeColor(index: k))
            try write(picture.image, to: outURL.appendingPathComponent(name).path, written: &written)
            out.append((outcome, name))
        }
        return out
    }

    /// Width and height in pixels of each PNG at `paths` (from its IHDR chunk), by file name.
    static func pngSizesPx(_ paths: ArraySlice<String>) -> [String: (width: Int, height: Int)] {
        var out: [String: (width: Int, height: Int)] = [:]
        for path in paths {
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            defer { try? handle.close() }
            let head = [UInt8](handle.readData(ofLength: 24))
            guard head.count == 24 else { continue }
            func be32(_ k: Int) -> Int { head[k..<(k + 4)].reduce(0) { $0 << 8 | Int($1) } }
            out[URL(fileURLWithPath: path).lastPathComponent] = (be32(16), be32(20))
        }
        return out
    }

    /// Refuses an `outDir` inside a pack root: the previewed pack's (found from `packPath`) or
    /// any other (walking up from `outDir`).
    /// - Throws: `PreviewError.outInsidePack` naming the root.
    static func checkOutside(outDir: String, packPath: String) throws(PreviewError) {
        let out = PackDisk.realPathOfPossiblyMissing(outDir)
        if let root = PackDisk.packRoot(containing: packPath), PackDisk.isInside(out, root: root) {
            throw .outInsidePack(out: outDir, root: root)
        }
        if let root = PackDisk.packRoot(containing: outDir) { throw .outInsidePack(out: outDir, root: root) }
    }

    /// Refuses a symlink at `path` (a region folder or `regions/`).
    private static func checkNoSymlink(_ path: String) throws(PreviewError) {
        if let target = PackDisk.symlinkTarget(path) { throw .symlink(path: path, target: target) }
    }

    /// Region folders under `packPath`: the catalog's regions for a pack root, or the folder
    /// itself; never a symlinked one (`regions/` or a region folder of a pack).
    static func regionFolders(_ packPath: String) throws(PreviewError) -> [String] {
        let root = URL(fileURLWithPath: packPath).standardizedFileURL.path
        let fm = FileManager.default
        if URL(fileURLWithPath: root).deletingLastPathComponent().lastPathComponent == "regions" { try checkNoSymlink(root) }
        if fm.fileExists(atPath: root + "/manifest.json") { return [root] }
        let catalogPath = root + "/catalog.json"
        guard fm.fileExists(atPath: catalogPath) else { throw .notAPack(path: packPath) }
        let catalog: CatalogView
        do {
            catalog = CatalogView(try PackDocument.read(path: catalogPath).root)
        } catch { throw PreviewError(error) }
        guard catalog.root["regions"]?.type == .array else {
            throw .malformed(path: catalogPath, reason: "not a catalog object with a regions array")
        }
        var folders: [String] = []
        for region in catalog.regions {
            guard let manifest = region["manifest"]?.stringValue, manifest.hasSuffix("/manifest.json"), PackDisk.pathProblem(manifest) == nil else {
                throw .malformed(path: catalogPath, reason: "\(region.path): no safe manifest path ending in /manifest.json")
            }
            let folder = String(manifest.dropLast("/manifest.json".count))
            try checkNoSymlink(root + "/regions")
            try checkNoSymlink(root + "/" + folder)
            folders.append(root + "/" + folder)
        }
        return folders
    }

    /// Writes an opaque canvas image as an 8-bit RGB PNG (alpha dropped: every preview is
    /// painted on white).
    static func write(_ image: PixelImage, to path: String, written: inout [String]) throws(PreviewError) {
        var rgb = [UInt8](repeating: 0, count: image.widthPx * image.heightPx * 3)
        for k in 0..<(image.widthPx * image.heightPx) {
            for c in 0..<3 { rgb[3 * k + c] = image.pixels[image.channels * k + c] }
        }
        do { try PNGImage(width: image.widthPx, height: image.heightPx, channels: 3, pixels: rgb).write(to: path) } catch {
            throw .writing(path: path, reason: error.description)
        }
        written.append(path)
    }
}
