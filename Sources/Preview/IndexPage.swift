import Foundation
import TrailpackCore
import Validation

/// The `index.html` of a preview: well-formed XHTML served as HTML, one section per region
/// with the manifest's numbers in tables, the images beside it by relative name, and the
/// validator's problems. No scripts, no external resources; every string from the pack is
/// escaped with `HTMLText.escape`.
public enum IndexPage {
    /// What one region's section shows.
    public struct RegionSection: Sendable {
        public var pack: RegionPack
        /// File name (beside index.html) of the overview PNG.
        public var overviewFile: String
        /// Names the overview left out for want of room (said under it, so none goes unnoticed).
        public var overviewDroppedLabels: [String] = []
        /// Point labels of the overview left out because its `LabelBudget` was spent.
        public var overviewOverBudgetLabels: [String] = []
        /// The overview's drawn contour interval, metres (nil when drawn as the pack has them).
        public var overviewContourIntervalM: Double?
        /// Per route, in manifest order: file names of its profile and AR close-up PNGs.
        public var routeFiles: [(profile: String, arPatch: String)]
        /// Per route, the panorama from its high point (`PanoramaRenderer`); may be empty.
        public var panoramaFiles: [String] = []
        /// Per route, its reroute check and the file name of its picture (nil without a
        /// check); may be empty (no reroute section then).
        public var rerouteChecks: [(outcome: RerouteOutcome, picture: String?)] = []
        /// The region's `style.json` drawn by MapLibre Native, or why it was not.
        public var mapLibre: MapLibreRenders = .notMade(reason: MapLibreRenderer.notSetMessage)
        /// Per route built from a recording (`--recipes`), its replay (`RouteReplays`); may be empty.
        public var replays: [RouteReplay] = []
        /// The region's 3D page, flyovers and stills (`FlyoverSection`).
        public var flyover = FlyoverSection()
        /// Pixel size of each picture written, by file name: its `<img>` carries it, so the
        /// picture's frame is the picture's own size (scaled down, never stretched, on a narrow page).
        public var imageSizesPx: [String: (width: Int, height: Int)] = [:]

        public init(pack: RegionPack, overviewFile: String, routeFiles: [(profile: String, arPatch: String)]) {
            self.pack = pack
            self.overviewFile = overviewFile
            self.routeFiles = routeFiles
        }
    }

    /// The page for `sections`; `problems` nil means validation was not run.
    public static func html(title: String, sections: [RegionSection], problems: [ValidationProblem]?) -> String {
        var h = """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8"/>
        <title>\(e(title))</title>
        <style>
        body { font-family: "DejaVu Sans", sans-serif; margin: 1.5em; color: #111; }
        table { border-collapse: collapse; margin: 0.5em 0 1.2em 0; }
        th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        img { max-width: 100%; height: auto; border: 1px solid #999; }
        .bad { color: #b00; font-weight: bold; }
        code { font-size: 0.9em; }
        </style>
        </head>
        <body>
        <h1>\(e(title))</h1>

        """
        h += problemsSection(problems)
        for s in sections { h += regionSection(s) }
        h += "</body>\n</html>\n"
        return h
    }

    private static func e(_ s: String) -> String { HTMLText.escape(s) }

    /// `<p><img …/></p>` for a picture beside the page, with its pixel `width` and `height`
    /// when `sizes` knows them.
    static func image(_ file: String, alt: String, sizes: [String: (width: Int, height: Int)]) -> String {
        let size = sizes[file].map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
        return "<p><img src=\"\(e(file))\"\(size) alt=\"\(e(alt))\"/></p>\n"
    }
    private static func num(_ v: Double, _ decimals: Int) -> String { formatNumber(v, maxDecimals: decimals) }

    private static func row(_ cells: [String], numeric: Set<Int> = []) -> String {
        "<tr>" + cells.enumerated().map { k, c in numeric.contains(k) ? "<td class=\"n\">\(c)</td>" : "<td>\(c)</td>" }.joined() + "</tr>\n"
    }

    private static func header(_ cells: [String]) -> String {
        "<tr>" + cells.map { "<th>\(e($0))</th>" }.joined() + "</tr>\n"
    }

    private static func problemsSection(_ problems: [ValidationProblem]?) -> String {
        var h = "<h2>Validation</h2>\n"
        guard let problems else {
            return h + "<p class=\"bad\">Validation was not run for this preview.</p>\n"
        }
        if problems.isEmpty { return h + "<p>No problems found.</p>\n" }
        let errors = problems.count { $0.severity == .error }, warnings = problems.count { $0.severity == .warning }
        h += "<p>\(errors) error(s), \(warnings) warning(s), \(problems.count - errors - warnings) note(s).</p>\n<table>\n"
        h += header(["Severity", "Rule", "File", "Where", "Expected", "Found"])
        for p in problems {
            h += row([e(p.severity.rawValue), "<code>\(e(p.ruleId))</code>", e(p.file), e(p.location.description), e(p.expected), e(p.found)])
        }
        return h + "</table>\n"
    }

    private static func regionSection(_ s: RegionSection) -> String {
        let m = s.pack.manifest
        var h = "<h2>\(e(m.name)) <code>\(e(m.id))</code></h2>\n<table>\n"
        h += row(["Id", "<code>\(e(m.id))</code>"])
        h += row(["Name", e(m.name)])
        h += row(["Bbox (W, S, E, N)", e(m.bbox.map { num($0, 7) }.joined(separator: ", "))])
        h += row(["Format version", "\(m.formatVersion)"])
        h += row(["Generator", e(m.generator)])
        h += row(["Attribution", e(m.attribution.joined(separator: "; "))])
        if let t = m.files.terrain.width, let hh = m.files.terrain.height {
            h += row(["Terrain", "\(t) x \(hh) samples, \(num(m.files.terrain.resolutionM ?? 0, 2)) m"])
        }
        if let iv = m.files.contours.intervalM { h += row(["Contour interval", "\(num(iv, 2)) m (index every \(num(5 * iv, 2)) m)"]) }
        h += "</table>\n"
        h += image(s.overviewFile, alt: "Overview of \(m.name)", sizes: s.imageSizesPx)
        h += droppedLabelsNote(s.overviewDroppedLabels)
        h += overBudgetNote(s.overviewOverBudgetLabels, contourIntervalM: s.overviewContourIntervalM)
        h += mapLibreSection(s.mapLibre, regionName: m.name)
        h += flyoverSection(s.flyover, pack: s.pack)

        h += "<h3>Routes</h3>\n<table>\n"
        h += header(["#", "Id", "Name", "Colour", "Distance (km)", "Ascent (m)", "Descent (m)", "Min ele (m)", "Max ele (m)", "Time", "Waypoints", "AR patch"])
        for (k, r) in m.routes.enumerated() {
            let st = r.stats
            let color = RoutePalette.routeColor(index: k).hexString
            let waypoints = s.pack.routes.indices.contains(k) ? "\(s.pack.routes[k].waypoints.count)" : "?"
            let patch = "\(r.arPatch.width ?? 0) x \(r.arPatch.height ?? 0), \(num(r.arPatch.resolutionM ?? 0, 2)) m"
            h += row(["\(k + 1)", "<code>\(e(r.id))</code>", e(r.name), "<span style=\"color: \(color)\">&#9632;</span> \(color)",
                      num(st.distanceM / 1000, 2), MetresFormat.wholeNumber(st.ascentM), MetresFormat.wholeNumber(st.descentM),
                      MetresFormat.wholeNumber(st.minEleM), MetresFormat.wholeNumber(st.maxEleM),
                      e(formatDuration(seconds: st.durationS)), waypoints, e(patch)], numeric: [0, 4, 5, 6, 7, 8, 10])
        }
        h += "</table>\n"

        h += "<h3>Files</h3>\n<table>\n"
        h += header(["File", "Path", "Bytes (manifest)", "Bytes (on disk)", "SHA-256 (manifest)"])
        var total = 0
        for (label, entry) in m.allFiles {
            let onDisk = s.pack.fileSizeOnDisk(entry.path)
            total += entry.bytes
            let disk = onDisk.map { $0 == entry.bytes ? "\($0)" : "<span class=\"bad\">\($0) (differs)</span>" } ?? "<span class=\"bad\">missing</span>"
            h += row([e(label), "<code>\(e(entry.path))</code>", "\(entry.bytes)", disk, "<code>\(e(entry.sha256))</code>"], numeric: [2, 3])
        }
        h += row(["<b>Total listed</b>", "", "\(total)", "", ""], numeric: [2])
        h += "</table>\n"

        for (k, route) in s.pack.routes.enumerated() where s.routeFiles.indices.contains(k) {
            h += "<h3>\(e(route.name)) <code>\(e(route.id))</code></h3>\n"
            if !route.blurb.isEmpty { h += "<p>\(e(route.blurb))</p>\n" }
            h += image(s.routeFiles[k].profile, alt: "Elevation profile of \(route.name)", sizes: s.imageSizesPx)
            h += image(s.routeFiles[k].arPatch, alt: "AR patch of \(route.name)", sizes: s.imageSizesPx)
            if s.panoramaFiles.indices.contains(k) {
                h += image(s.panoramaFiles[k], alt: "Panorama from the high point of \(route.name)", sizes: s.imageSizesPx)
            }
            h += CueSheet.html(route)
            if s.rerouteChecks.indices.contains(k) { h += rerouteSection(s.rerouteChecks[k], route: route, sizes: s.imageSizesPx) }
            if let replay = s.replays.first(where: { $0.routeId == route.id }) { h += replayLine(replay) }
        }
        return h
    }

    /// "Map (MapLibre Native)": the region's style.json rendered at three views, each with its
    /// camera, or why there are no renders (no renderer set, no style, the renderer's error).
    private static func mapLibreSection(_ renders: MapLibreRenders, regionName: String) -> String {
        var h = "<h3>Map (MapLibre Native)</h3>\n"
        switch renders {
        case .notMade(let reason):
            h += "<p class=\"maplibre-none\">\(e(reason))</p>\n"
        case .rendered(let entries):
            h += "<p>The region's <code>style.json</code> drawn from the pack's own files by the app's renderer, "
                + "MapLibre Native (headless; its pixels depend on its version).</p>\n"
            for entry in entries {
                let v = entry.view
                let camera = "centre \(num(v.center.lon, 5)), \(num(v.center.lat, 5)), zoom \(num(v.zoom, 2)), \(v.width) x \(v.height) px"
                h += "<h4>\(e(v.title))</h4>\n<p class=\"maplibre-view\">\(e(camera))</p>\n"
                if let error = entry.error {
                    h += "<p class=\"bad maplibre-error\">MapLibre render not made: \(e(error))</p>\n"
                } else {
                    h += "<p><img src=\"\(e(entry.file))\" alt=\"MapLibre render of \(e(regionName)): \(e(v.title.lowercased()))\"/></p>\n"
                }
            }
        }
        return h
    }

    /// "3D flyover": the link to the 3D page (or why there is none), and per route its flyover
    /// document and the stills at the start, the highest point and the end (or why none).
    private static func flyoverSection(_ f: FlyoverSection, pack: RegionPack) -> String {
        var h = "<h3>3D flyover</h3>\n"
        if let page = f.page {
            h += "<p class=\"flyover-page\"><a href=\"\(e(page))\">Open the 3D view</a>: the region's <code>terrain.bin</code> and each route's AR patch "
                + "decoded by the page (three.js, WebGL), the hillshade draped, the route, its waypoints and landmarks, and a flyover along each route.</p>\n"
        } else {
            h += "<p class=\"flyover-none\">\(e(f.pageWhy ?? "3D page not made."))</p>\n"
        }
        if let why = f.stillsWhy { h += "<p class=\"flyover-stills-none\">\(e(why))</p>\n" }
        for (k, fly) in f.flyovers.enumerated() {
            let name = pack.routes.indices.contains(k) ? pack.routes[k].name : fly.routeId
            h += "<h4>\(e(name)) <code>\(e(fly.routeId))</code></h4>\n<p>Flyover: <a href=\"\(e(fly.file))\"><code>\(e(fly.file))</code></a>, "
                + "\(fly.keyframes) keyframes over \(num(fly.lengthM / 1000, 2)) km.</p>\n"
            if let problem = fly.groundProblem { h += "<p class=\"bad flyover-ground\">3D: \(e(problem)).</p>\n" }
            guard let still = f.stills.first(where: { $0.routeId == fly.routeId }) else { continue }
            if let file = still.file {
                h += "<p><img src=\"\(e(file))\" width=\"\(FlyoverSection.stillsSizePx.width)\" height=\"\(FlyoverSection.stillsSizePx.height)\" "
                    + "alt=\"Flyover of \(e(name)): the start, the highest point (or half-way) and the end\"/></p>\n"
            } else {
                h += "<p class=\"bad flyover-error\">Flyover stills not made: \(e(still.error ?? "unknown error"))</p>\n"
            }
        }
        return h
    }

    /// A route's "Reroute check": its summary and picture, or why there is none.
    private static func rerouteSection(_ entry: (outcome: RerouteOutcome, picture: String?), route: PackRoute,
                                       sizes: [String: (width: Int, height: Int)]) -> String {
        var h = "<h4>Reroute check</h4>\n"
        switch entry.outcome {
        case .unavailable(let reason):
            h += "<p class=\"reroute\">No reroute check: \(e(reason)).</p>\n"
        case .checked(let check):
            h += "<p class=\"reroute\" data-middle=\"\(check.middleIndex)\" data-rejoin=\"\(check.rejoinIndex)\">\(e(check.summary))</p>\n"
            if let picture = entry.picture {
                h += image(picture, alt: "Reroute check of \(route.name)", sizes: sizes)
            }
        }
        return h
    }

    /// A line under a map naming the labels it left out for want of room (the first ten, then
    /// how many more); empty when every label was placed.
    /// The overview's label budget and contour interval at its scale, when either differs from the pack's.
    static func overBudgetNote(_ names: [String], contourIntervalM: Double?) -> String {
        var parts: [String] = []
        if let contourIntervalM {
            parts.append("The overview draws contours every \(num(contourIntervalM, 2)) m (index every \(num(ContourScale.indexEvery * contourIntervalM, 2)) m) "
                         + "so that lines stay \(num(ContourScale.minimumSpacingPx, 1)) px apart; minor lines are left out on steeper ground.")
        }
        if !names.isEmpty {
            let shown = names.prefix(10).map { e($0) }.joined(separator: ", ")
            let more = names.count > 10 ? " and \(names.count - 10) more" : ""
            parts.append("\(names.count) label\(names.count == 1 ? "" : "s") left out of the overview by its label budget "
                         + "(one per \(MetresFormat.grouped(Int(LabelBudget.areaPerLabelPx))) px²), a POI's or landmark's marker with its label: \(shown)\(more).")
        }
        return parts.isEmpty ? "" : "<p>" + parts.joined(separator: " ") + "</p>\n"
    }

    static func droppedLabelsNote(_ names: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let shown = names.prefix(10).map { e($0) }.joined(separator: ", ")
        let more = names.count > 10 ? " and \(names.count - 10) more" : ""
        return "<p>\(names.count) label\(names.count == 1 ? "" : "s") left out of the overview for want of room: \(shown)\(more).</p>\n"
    }
}
