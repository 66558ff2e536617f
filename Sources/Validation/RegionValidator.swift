import Bindings
import Foundation
import PackJSON
import PackReader
import PackSpec
import RouteCore
import TrailpackCore

/// What validating one region folder found, plus what the catalog checks need.
struct RegionOutcome: Sendable {
    var folderName: String
    var problems: [ValidationProblem]
    /// SHA-256 of manifest.json as read, nil when it could not be read.
    var manifestSHA256: String?
    /// Total size of every regular file in the folder, manifest included.
    var totalBytes: Int
    /// The parsed manifest, nil when it is not valid JSON.
    var manifest: JSONValue?
    /// Figures measured in the region.
    var figures: [ValidationFigure] = []
}

/// Validates one region folder: the manifest, every listed file once, and the files on disk.
/// Not thread-safe; one instance per region, run on one thread.
final class RegionValidator {
    let folder: URL
    /// Prefix of problem file names (`regions/<id>/` under a pack root, empty for a region PATH).
    let prefix: String
    /// Real path that no symlink may lead out of.
    let boundary: String
    let options: ValidationOptions
    let log = ProblemLog()

    /// Bytes of each listed file that could be read, by relative path.
    private var contents: [String: [UInt8]] = [:]
    /// The folder on disk (PackReader: walked once, each file read once, symlinks bounded).
    let disk: RegionFolder
    private var listedPaths: Set<String> = []
    /// routing.json as the guidance rules read it ahead of its own checks: read and parsed once.
    private var peekedRouting: JSONNode?
    /// Files whose parse failed or was refused at a count cap (reported once): a rule that
    /// reads one again gets nil without a second report or a second pass over it.
    private var refusedDocuments: Set<String> = []
    private var peekedRoutingBytes: (path: String, bytes: [UInt8])?

    init(folder: URL, prefix: String, options: ValidationOptions) {
        self.folder = folder
        self.prefix = prefix
        self.disk = RegionFolder(url: folder)
        self.boundary = disk.boundary
        self.options = options
    }

    func name(_ relative: String) -> String { prefix + relative }

    func run() -> RegionOutcome {
        let walked = disk.entries
        let totalBytes = walked.reduce(0) { $0 + ($1.isRegularFile ? $1.bytes : 0) }
        checkSymlinks(walked)

        let manifestFile = name(PackTree.manifest)
        guard !refusesManifestSize(walked, file: manifestFile) else {
            return RegionOutcome(folderName: folder.lastPathComponent, problems: log.finish(), manifestSHA256: nil,
                                 totalBytes: totalBytes, manifest: nil, figures: log.figures)
        }
        guard let manifestBytes = read(PackTree.manifest) else {
            log.add(.fileMissing, file: manifestFile, at: .file, expected: "manifest.json in the region folder", found: "no readable file")
            return RegionOutcome(folderName: folder.lastPathComponent, problems: log.finish(), manifestSHA256: nil,
                                 totalBytes: totalBytes, manifest: nil, figures: log.figures)
        }
        let manifestSHA = SHA256.hex(of: manifestBytes)
        let outcome = { (manifest: JSONValue?) in
            RegionOutcome(folderName: self.folder.lastPathComponent, problems: self.log.finish(), manifestSHA256: manifestSHA,
                          totalBytes: totalBytes, manifest: manifest, figures: self.log.figures)
        }
        guard let root = parse(manifestBytes, file: manifestFile) else {
            checkUnlisted(walked, manifestReadable: false)
            return outcome(nil)
        }
        let fields = JSONFields(file: manifestFile, log: log)
        guard fields.typed(root, .object) != nil else {
            checkUnlisted(walked, manifestReadable: false)
            return outcome(root.value)
        }
        ManifestRules.checkHeader(root, fields: fields)
        FormatRules.checkKeyOrder(root, file: manifestFile, log: log)
        FormatRules.checkManifestKeys(root, file: manifestFile, log: log)
        let bbox = fields.bbox(root, "bbox"), view = ManifestView(root)
        let m = Manifest(root: root, fields: fields, filesNode: fields.object(root, "files"), bbox: bbox, view: view,
                         expected: options.expectations(for: view.id))
        // Files: terrain, hillshade, GeoJSON, then routes, each read once; what one file's checks
        // need of another's is gathered on the way.
        var g = Gathered(style: StyleRules.Context(folder: folder, manifestFile: manifestFile))
        g.style.bbox = bbox
        checkTerrain(m, &g)
        checkHillshade(m, &g)
        g.routing = RoutingRules.Context(bbox: m.bbox, terrain: g.terrain, routeIds: Set(m.view.routeIds))
        g.landmarkRegion = g.terrain.map { LandmarkRegion(terrain: $0, recipe: m.expected) }
        checkLayers(m, &g)
        if let doc = peekRouting(m.filesNode) { g.guidance.addRouting(doc) }
        checkRoutes(m, &g)
        checkContent(g.layers, bbox: m.bbox, terrain: g.terrain, routes: m.view.routes, lines: g.routing.routeLines)
        let model = m.filesNode.flatMap { $0["routing"] }.flatMap { checkRouting($0, fields: fields, context: g.routing) }
        RouteClimbRules(log: log).check(g.profiles, rates: model.map(HikingRates.init) ?? m.expected.hikingRates)
        if let filesNode = m.filesNode { checkMap(filesNode, fields: fields, context: g.style) }
        checkUnlisted(walked, manifestReadable: true)
        let source = m.view.id.flatMap { options.demByRegion[$0] } ?? (options.demPaths.isEmpty ? nil : DEMSource(paths: options.demPaths))
        if let source {
            // Only the DEM comparison's inputs stay: the files' bytes and every other parsed
            // document go before the DEM is warped (the peak must stay within `plan`'s estimate).
            var dem = DEMRules.Inputs()
            swap(&dem, &g.dem)
            g = Gathered(style: StyleRules.Context(folder: folder, manifestFile: manifestFile))
            contents.removeAll()
            disk.forgetBytes()
            DEMRules(log: log, prefix: prefix, demPaths: source.paths, verticalUnits: source.verticalUnits,
                     kernel: ResamplingKernel(rawValue: source.kernel) ?? .cubicSpline).run(consume dem)
        }
        checkSizeBudget(totalBytes, expected: m.expected)
        return outcome(root.value)
    }

    /// `manifest.route-count` from the manifest's size on disk, before a byte is read (a
    /// listing of a million routes): true when it is over `PackLimits.maxManifestBytes`.
    private func refusesManifestSize(_ walked: [PackPaths.Entry], file: String) -> Bool {
        guard let size = walked.first(where: { $0.relativePath == PackTree.manifest && $0.isRegularFile })?.bytes,
              size > PackLimits.maxManifestBytes else { return false }
        log.add(.manifestRouteCount, file: file, at: .file,
                expected: "a manifest of at most \(PackLimits.maxManifestBytes) bytes (\(PackLimits.maxRoutesPerRegion) routes take about 8 MB; it was not read)",
                found: "\(size) bytes")
        return true
    }

    // MARK: - The region's files, in order

    /// The manifest and what every check reads of it.
    struct Manifest {
        var root: JSONNode
        var fields: JSONFields
        var filesNode: JSONNode?
        var bbox: BBox?
        var view: ManifestView
        /// What the region's recipe (or the recipe defaults) lets it be.
        var expected: RegionExpectations
    }

    /// What the checks of one file hand to the checks of others, gathered as `run` goes.
    struct Gathered {
        var dem = DEMRules.Inputs()
        var terrain: TerrainGrid?
        var routing = RoutingRules.Context()
        var guidance = GuidanceContext()
        var style: StyleRules.Context
        var layers: [String: RegionContentRules.Layer] = [:]
        var landmarkRegion: LandmarkRegion?
        var profiles: [RouteProfile] = []
    }

    /// `files.terrain` and terrain.bin: TER1, plausibility, the entry, the filled share.
    private func checkTerrain(_ m: Manifest, _ g: inout Gathered) {
        guard let filesNode = m.filesNode, let node = m.fields.object(filesNode, "terrain"),
              let listed = listedFile(node, fields: m.fields) else { return }
        checkTreeName(listed, PackTree.terrain, fields: m.fields)
        if let bytes = load(listed, fields: m.fields), let grid = TER1Check.check(bytes, file: name(listed.path), log: log) {
            PlausibilityRules.checkGrid(grid, file: name(listed.path), log: log)
            g.terrain = grid
            g.dem.terrain = (grid, name(listed.path))
        }
        ManifestRules.checkTerrainEntry(node, grid: g.terrain, bbox: m.bbox, fields: m.fields)
        if let grid = g.terrain { checkFilledShare(node, grid: grid, warnPercent: m.expected.warnFilledPercent) }
    }

    /// `files.hillshade` and hillshade.png; its corners for the style's checks.
    private func checkHillshade(_ m: Manifest, _ g: inout Gathered) {
        guard let filesNode = m.filesNode, let node = m.fields.object(filesNode, "hillshade") else { return }
        if let path = JSONFields.stringValue(node["path"]), let bounds = node["bounds"],
           let box = JSONFields(file: m.fields.file, log: ProblemLog()).bbox(bounds) {
            g.style.hillshade = (path, box)
        }
        guard let listed = listedFile(node, fields: m.fields) else { return }
        let width = m.fields.integer(node, "width", in: 1...Int(Int32.max))
        let height = m.fields.integer(node, "height", in: 1...Int(Int32.max))
        checkTreeName(listed, PackTree.hillshade, fields: m.fields)
        if let bytes = load(listed, fields: m.fields) {
            let header = PNGCheck.check(bytes, file: name(listed.path), expectedWidth: width, expectedHeight: height, log: log)
            if options.comparesWithDEM, header != nil { g.dem.hillshade = DEMRules.hillshadeInput(node, bytes: bytes, file: name(listed.path)) }
        }
        ManifestRules.checkHillshadeEntry(node, width: width, height: height, terrain: g.terrain, fields: m.fields)
    }

    /// contours, trails and pois: their GeoJSON rules, and what routing, guidance, landmarks,
    /// the style and the DEM comparison read of them.
    private func checkLayers(_ m: Manifest, _ g: inout Gathered) {
        var geojson: [(key: String, kind: GeoJSONRules.Kind, listed: ListedFile, node: JSONNode)] = []
        for (key, kind) in [("contours", GeoJSONRules.Kind.contours), ("trails", .trails), ("pois", .pois)] {
            if key == "contours", let node = m.filesNode?["contours"], node.type == .object, node["tiles"] != nil {
                checkContourTiles(node, m, &g)
                continue
            }
            if let filesNode = m.filesNode, let node = m.fields.object(filesNode, key), let listed = listedFile(node, fields: m.fields) {
                checkTreeName(listed, key + ".geojson", fields: m.fields)
                geojson.append((key, kind, listed, node))
                if listed.safe { g.style.dataFiles[key] = listed.path }
            }
        }
        for (key, kind, listed, node) in geojson {
            let intervalM = kind == .contours ? contourInterval(node, fields: m.fields) : nil
            guard let bytes = load(listed, fields: m.fields), let doc = parse(bytes, file: name(listed.path), relative: key + ".geojson") else { continue }
            let file = name(listed.path)
            g.style.documents[listed.path] = doc
            g.layers[key] = RegionContentRules.Layer(file: file, doc: doc)
            GeoJSONRules(kind: kind, file: file, log: log, intervalM: intervalM, routeIds: Set(m.view.routeIds), terrain: g.terrain)
                .check(doc, raw: bytes)
            switch kind {
            case .contours:
                if let intervalM { g.dem.contours = (doc, intervalM, file) }
            case .trails:
                guard let features = RoutingRules.trailFeatures(doc) else { break }
                g.routing.trails = (file, doc, features)
                g.guidance.addTrails(features)
            case .pois:
                POIDuplicateRule.check(doc, file: file, log: log)
                g.dem.pois = (doc, file)
                g.guidance.addPois(doc)
                g.landmarkRegion?.pois = LandmarkRegion.pois(of: doc)
            }
        }
    }

    /// `files.contours.intervalM` when positive (`contours.interval` otherwise).
    func contourInterval(_ node: JSONNode, fields: JSONFields) -> Double? {
        guard let value = fields.number(node, "intervalM") else { return nil }
        if value > 0 { return value }
        log.add(.contoursInterval, file: fields.file, node: node["intervalM"] ?? node, expected: "a positive number", found: format(value))
        return nil
    }

    /// Every manifest route: its id, AR patch and route file.
    private func checkRoutes(_ m: Manifest, _ g: inout Gathered) {
        guard let routes = m.fields.array(m.root, "routes") else { return }
        guard routes.count <= PackLimits.maxRoutesPerRegion else {
            log.add(.manifestRouteCount, file: m.fields.file, node: m.root["routes"] ?? m.root,
                    expected: "at most \(PackLimits.maxRoutesPerRegion) routes (no route was read)", found: "\(routes.count) routes")
            return
        }
        var seen: [String: Int] = [:]
        for (k, entry) in routes.enumerated() where m.fields.typed(entry, .object) != nil {
            let id = m.fields.string(entry, "id")
            if let id, let idNode = entry["id"] {
                PackPaths.checkId(id, node: idNode, fields: m.fields)
                if let first = seen[id] {
                    log.add(.idUnique, file: m.fields.file, node: idNode, expected: "a route id unique in the manifest",
                            found: "\(JSONWriter.quoted(id)) again (first at routes[\(first)])")
                } else {
                    seen[id] = k
                }
            }
            _ = m.fields.string(entry, "name")
            checkRoute(entry, id: id, m, &g)
        }
    }

    /// One manifest route entry: its file names, AR patch and route file.
    private func checkRoute(_ entry: JSONNode, id: String?, _ m: Manifest, _ g: inout Gathered) {
        let fileNode = m.fields.object(entry, "file")
        let arNode = m.fields.object(entry, "arPatch")
        let routeListed = fileNode.flatMap { listedFile($0, fields: m.fields) }
        let arListed = arNode.flatMap { listedFile($0, fields: m.fields) }
        if let id, PackTree.isValidId(id) {
            if let routeListed { checkRouteName(routeListed, PackTree.routeFile(id), fields: m.fields) }
            if let arListed { checkRouteName(arListed, PackTree.arPatchFile(id), fields: m.fields) }
        }
        var arGrid: TerrainGrid?
        if let arListed, let bytes = load(arListed, fields: m.fields), let grid = TER1Check.check(bytes, file: name(arListed.path), log: log) {
            PlausibilityRules.checkGrid(grid, file: name(arListed.path), log: log)
            g.dem.arPatches.append((grid, name(arListed.path)))
            arGrid = grid
        }
        if let arNode { ManifestRules.checkARPatchEntry(arNode, grid: arGrid, fields: m.fields, expected: m.expected) }
        guard let routeListed, routeFileFits(routeListed), let bytes = load(routeListed, fields: m.fields),
              let doc = parse(bytes, file: name(routeListed.path), relative: PackTree.routeFile(id ?? "route")) else { return }
        let file = name(routeListed.path)
        if let id, let coords = RoutingRules.routeLine(doc) { g.routing.routeLines[id] = (file, coords) }
        FormatRules.checkKeyOrder(doc, file: file, log: log)
        FormatRules.checkRouteKeys(doc, file: file, log: log)
        let profile = RouteRules(file: file, log: log, bbox: m.bbox, arGrid: arGrid, manifestEntry: entry, manifestFile: m.fields.file,
                                 filledVoids: m.view.filledVoidAreas, terrain: g.terrain, maxRouteFilledM: m.expected.maxRouteFilledM,
                                 landmarkRegion: g.landmarkRegion, guidance: g.guidance)
            .check(doc, raw: bytes)
        if let profile { g.profiles.append(profile) }
    }

    /// `route.size`: a route file over `PackLimits.maxRouteFileBytes` on disk is reported and
    /// not read (a hostile or runaway file must not cost minutes and gigabytes).
    private func routeFileFits(_ listed: ListedFile) -> Bool {
        var info = stat()
        guard stat(disk.displayPath(listed.path), &info) == 0, Int(info.st_size) > PackLimits.maxRouteFileBytes else { return true }
        log.add(.routeSize, file: name(listed.path), at: .file, expected: "a route file of at most \(PackLimits.maxRouteFileBytes >> 20) MB",
                found: "\(Int(info.st_size)) bytes (not read)")
        return false
    }

    /// `region.size-budget`: the region's files against the recipe's `sizeBudgetMB` (a figure,
    /// and a warning above it).
    private func checkSizeBudget(_ totalBytes: Int, expected: RegionExpectations) {
        let file = prefix.isEmpty ? "." : String(prefix.dropLast())
        log.figure(.regionSizeBudget, file: file, "bytes", Double(totalBytes), limit: Double(expected.sizeBudgetBytes))
        guard totalBytes > expected.sizeBudgetBytes else { return }
        log.add(.regionSizeBudget, file: file, at: .file,
                expected: "at most \(expected.sizeBudgetBytes) bytes (sizeBudgetMB \(format(expected.sizeBudgetMB)))", found: "\(totalBytes) bytes")
    }

    // MARK: - Files

    /// A manifest `{ path, bytes, sha256 }` entry.
    struct ListedFile {
        var path: String
        var node: JSONNode
        var bytes: Int?
        var sha256: String?
        /// False when the path breaks a path rule (it is then never opened).
        var safe: Bool
    }

    func listedFile(_ node: JSONNode, fields: JSONFields) -> ListedFile? {
        guard let path = fields.string(node, "path"), let pathNode = node["path"] else {
            _ = fields.integer(node, "bytes", in: 0...Int.max / 2)
            _ = fields.string(node, "sha256")
            return nil
        }
        let safe = PackPaths.checkRelativePath(path, node: pathNode, fields: fields)
        if safe {
            if listedPaths.contains(path) {
                log.add(.pathDuplicate, file: fields.file, node: pathNode, expected: "a path listed once", found: "\(JSONWriter.quoted(path)) again")
            }
            listedPaths.insert(path)
        }
        let bytes = fields.integer(node, "bytes", in: 0...Int.max / 2)
        var sha = fields.string(node, "sha256")
        if let s = sha, let shaNode = node["sha256"], !(s.utf8.count == 64 && s.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })) {
            log.add(.fileSHA256, file: fields.file, node: shaNode, expected: "64 lowercase hex digits", found: JSONWriter.quoted(s))
            sha = nil
        }
        return ListedFile(path: path, node: node, bytes: bytes, sha256: sha, safe: safe)
    }

    /// The bytes of a listed file, read once; reports `file.missing`, `file.bytes`, `file.sha256`.
    func load(_ listed: ListedFile, fields: JSONFields) -> [UInt8]? {
        guard listed.safe else { return nil }
        if let cached = contents[listed.path] { return cached }
        if let (size, limit) = disk.oversize(listed.path) {
            log.add(.fileSize, file: name(listed.path), at: .file, expected: "a file of at most \(PackLimits.sizeText(limit)) (\(listed.path))",
                    found: "\(size) bytes (not read)")
            return nil
        }
        guard let bytes = read(listed.path) else {
            log.add(.fileMissing, file: fields.file, node: listed.node["path"] ?? listed.node,
                    expected: "\(name(listed.path)) present as a file", found: disk.notRegular(listed.path) ?? "no such file")
            return nil
        }
        if let expected = listed.bytes, expected != bytes.count {
            log.add(.fileBytes, file: fields.file, node: listed.node["bytes"] ?? listed.node,
                    expected: "\(bytes.count) (size of \(name(listed.path)))", found: "\(expected)")
        }
        if let expected = listed.sha256 {
            let actual = SHA256.hex(of: bytes)
            if actual != expected {
                log.add(.fileSHA256, file: fields.file, node: listed.node["sha256"] ?? listed.node,
                        expected: "\(actual) (SHA-256 of \(name(listed.path)))", found: expected)
            }
        }
        contents[listed.path] = bytes
        return bytes
    }

    /// The bytes of a regular file of the folder, or of a symlink that resolves to a regular
    /// file inside the boundary; nil otherwise (a FIFO or `/dev/zero` is never read).
    func read(_ relative: String) -> [UInt8]? {
        if let peeked = peekedRoutingBytes, peeked.path == relative { return peeked.bytes }
        return disk.bytes(relative)
    }

    /// Parses strict JSON (PackReader's `PackDocument`); reports `json.bom` and `json.syntax`
    /// at the offending line, and `file.count` for a document at `relative` (its path in the
    /// region) over one of its kind's count caps, which is then not read further (nil). A file
    /// refused once is nil from then on, reported once.
    func parse(_ bytes: [UInt8], file: String, relative: String? = nil) -> JSONNode? {
        guard !refusedDocuments.contains(file) else { return nil }
        FormatRules.checkBOM(bytes, file: file, log: log)
        do {
            let root = try PackDocument(bytes: bytes, path: file).root
            if let relative, let over = root.overCount(PackLimits.countCaps(ofPackFile: relative)) {
                log.add(.fileCount, file: file, node: over.node,
                        expected: "at most \(over.cap.max) \(over.cap.items) (the document was not read further)", found: "\(over.count) \(over.cap.items)")
                refusedDocuments.insert(file)
                return nil
            }
            return root
        } catch {
            refusedDocuments.insert(file)
            if case .syntax(_, let error) = error {
                log.add(.jsonSyntax, file: file, at: ProblemLocation(line: error.line, column: error.column, byteOffset: error.offset),
                        expected: "strict RFC 8259 JSON", found: error.message)
            }
            return nil
        }
    }

    /// `path.tree`: a region-wide file has the name the SPEC's Tree gives it.
    private func checkTreeName(_ listed: ListedFile, _ expected: String, fields: JSONFields) {
        guard listed.path != expected, let node = listed.node["path"] else { return }
        log.add(.pathTree, file: fields.file, node: node, expected: JSONWriter.quoted(expected) + " (SPEC Tree)", found: JSONWriter.quoted(listed.path))
    }

    /// routing.json parsed ahead of its own checks (which report its problems), for the guidance
    /// rules; nil when it is absent, unsafe or not JSON.
    private func peekRouting(_ filesNode: JSONNode?) -> JSONNode? {
        guard let path = JSONFields.stringValue(filesNode?["routing"]?["path"]), PackDisk.pathProblem(path) == nil,
              let bytes = contents[path] ?? read(path) else { return nil }
        peekedRoutingBytes = (path, bytes)
        // Over a count cap, left for its own checks to report (`parse`).
        peekedRouting = (try? PackDocument(bytes: bytes, path: name(path)).root).flatMap {
            $0.overCount(PackLimits.countCaps(ofPackFile: PackTree.routing)) == nil ? $0 : nil
        }
        return peekedRouting
    }

    /// `geojson.in-region` and `route.trail-feature` over the region's GeoJSON.
    private func checkContent(_ layers: [String: RegionContentRules.Layer], bbox: BBox?, terrain: TerrainGrid?,
                              routes: [ManifestRouteView], lines: [String: (file: String, coords: [LonLat])]) {
        let rules = RegionContentRules(log: log, bbox: bbox, terrainBounds: terrain?.bounds)
        rules.checkInRegion(contours: layers["contours"], trails: layers["trails"], pois: layers["pois"])
        guard let trails = layers["trails"] else { return }
        let known = routes.compactMap { r in r.id.flatMap { id in lines[id].map { RegionContentRules.Route(id: id, name: r.name, coords: $0.coords) } } }
        rules.checkRouteFeatures(known, trails: trails)
    }

    /// `files.routing` (optional) and routing.json, against the region's other files. Returns the
    /// hiking model of routing.json's `rates`, nil when there is none to read.
    private func checkRouting(_ node: JSONNode, fields: JSONFields, context: RoutingRules.Context) -> HikingModel? {
        guard fields.typed(node, .object) != nil, let listed = listedFile(node, fields: fields) else { return nil }
        checkTreeName(listed, PackTree.routing, fields: fields)
        guard let bytes = load(listed, fields: fields), let doc = peekedRouting ?? parse(bytes, file: name(listed.path), relative: PackTree.routing) else { return nil }
        if peekedRouting != nil { FormatRules.checkBOM(bytes, file: name(listed.path), log: log) }
        return RoutingRules(file: name(listed.path), manifestFile: fields.file, log: log, context: context).check(doc, raw: bytes, entry: node)
    }

    /// `files.style` and `files.mapAssets` (optional), style.json and the files under map/.
    private func checkMap(_ filesNode: JSONNode, fields: JSONFields, context: StyleRules.Context) {
        var context = context
        let styleNode = filesNode["style"]
        var styleListed: ListedFile?
        if let styleNode, fields.typed(styleNode, .object) != nil, let listed = listedFile(styleNode, fields: fields) {
            checkTreeName(listed, PackTree.style, fields: fields)
            styleListed = listed
        }
        if let assetsNode = filesNode["mapAssets"], fields.typed(assetsNode, .array) != nil {
            if styleNode == nil {
                log.add(.mapAssetListed, file: fields.file, node: assetsNode, expected: "files.mapAssets only with files.style (SPEC)",
                        found: "mapAssets without a style")
            }
            var previous: String?
            for entry in assetsNode.children {
                guard fields.typed(entry, .object) != nil, let listed = listedFile(entry, fields: fields) else { continue }
                let pathNode = listed.node["path"] ?? entry
                if !listed.path.hasPrefix("map/") {
                    log.add(.mapAssetListed, file: fields.file, node: pathNode, expected: "a path under map/ (SPEC: the style's files lie under map/)",
                            found: JSONWriter.quoted(listed.path))
                }
                if let previous, listed.path.utf8.lexicographicallyPrecedes(previous.utf8) {
                    log.add(.mapAssetListed, file: fields.file, node: pathNode, expected: "entries sorted by path (byte order): after \(JSONWriter.quoted(previous))",
                            found: JSONWriter.quoted(listed.path))
                }
                previous = listed.path
                if listed.safe {
                    context.mapAssets.insert(listed.path)
                    _ = load(listed, fields: fields)
                }
            }
        }
        guard let styleListed, let bytes = load(styleListed, fields: fields), let doc = parse(bytes, file: name(styleListed.path), relative: PackTree.style) else { return }
        context.listed = listedPaths.subtracting([styleListed.path])
        context.read = { [unowned self] path in PackDisk.pathProblem(path) == nil ? (self.contents[path] ?? self.read(path)) : nil }
        context.parse = { [unowned self] bytes, file in self.parse(bytes, file: file) }
        StyleRules(file: name(styleListed.path), prefix: prefix, log: log, context: context).check(doc)
    }

    /// `path.route-id`: a route's file and AR patch are named after its id.
    private func checkRouteName(_ listed: ListedFile, _ expected: String, fields: JSONFields) {
        guard listed.path != expected, let node = listed.node["path"] else { return }
        log.add(.pathRouteId, file: fields.file, node: node, expected: JSONWriter.quoted(expected) + " (named after the route id)",
                found: JSONWriter.quoted(listed.path))
    }

    /// `terrain.filled-voids`: the share of terrain cells that are filled voids (a figure, and a
    /// warning above `warnPercent`, the share above which the build warned too).
    private func checkFilledShare(_ node: JSONNode, grid: TerrainGrid, warnPercent: Double) {
        guard let voids = node["filledVoids"], let cellsNode = voids["cells"], let cells = JSONFields.numberValue(cellsNode) else { return }
        let share = cells / Double(grid.width * grid.height), limit = warnPercent / 100
        let file = name(PackTree.manifest)
        log.figure(.terrainFilledVoids, file: file, "share", share, limit: limit)
        if share > limit {
            log.add(.terrainFilledVoids, file: file, node: cellsNode,
                    expected: "at most \(format(warnPercent))% of the terrain's cells filled (terrain.voids.warnFilledPercent)",
                    found: "\(format((share * 1000).rounded() / 10))% (\(format(cells)) of \(grid.width * grid.height) cells)")
        }
    }

    private func checkSymlinks(_ walked: [PackPaths.Entry]) {
        for entry in walked where entry.isSymlink {
            let target = PackPaths.resolved(folder.appendingPathComponent(entry.relativePath).path)
            if !PackPaths.isInside(target, root: boundary) {
                log.add(.pathSymlink, file: name(entry.relativePath), at: .file,
                        expected: "no symlink leading out of the region folder", found: "symlink to \(target)")
            } else {
                log.add(.regionSymlink, file: name(entry.relativePath), at: .file,
                        expected: "a file, not a symlink (a pack holds none under regions/)", found: "a symlink to \(target): not read")
            }
        }
    }

    private func checkUnlisted(_ walked: [PackPaths.Entry], manifestReadable: Bool) {
        guard manifestReadable else { return }
        for entry in walked where entry.relativePath != PackTree.manifest && !listedPaths.contains(entry.relativePath) {
            log.add(.fileUnlisted, file: name(entry.relativePath), at: .file,
                    expected: "only manifest.json and the files the manifest lists", found: "a file the manifest does not list")
        }
    }
}
