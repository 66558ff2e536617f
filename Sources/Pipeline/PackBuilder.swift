import Bindings
import Foundation
import Landmarks
import MapAssets
import MapStyle
import PackJSON
import PackReader
import PackSpec
import Rerouting
import TrailGraph
import TrailpackCore

/// What a build did: the region, its routes and files, diagnostics and time per stage.
public struct BuildSummary: Sendable {
    public var regionID: String
    public var regionName: String
    public var regionFolder: String
    public var routes: [(id: String, name: String, stats: RouteStats)]
    public var files: [WrittenFile]
    /// Total bytes of the region folder, manifest included.
    public var totalBytes: Int
    public var diagnostics: [Diagnostic]
    /// Wall-clock seconds per stage, in stage order (reported, never written into the pack).
    public var stageSeconds: [(stage: String, seconds: Double)]
    /// CPU seconds (user + system, every thread) per stage, in stage order (reported only).
    public var stageCPUSeconds: [(stage: String, seconds: Double)] = []
    /// Every input file read (for the depfile).
    public var inputs: [String]
    /// Cue counts per route, in route order.
    public var cueCounts: [CueCount] = []
    /// How many landmarks each route sees, by route id.
    public var landmarkCounts: [String: Int] = [:]
    /// The memory limit the build ran under, and its estimated peak bytes (`MemoryLimit.buildPeakBytes`).
    public var memoryLimit: MemoryBudget?
    public var memoryEstimateBytes: Double = 0
}

/// Options of one build.
public struct BuildOptions: Sendable {
    public var updateCatalog = true
    public var depfile: String?
    /// Overrides the recipe's `terrain.memoryLimitMiB` (`--memory-limit-mib`).
    public var memoryLimitMiB: Double?
    /// Seconds to wait for the region's lock and the catalog's while another build holds them
    /// (`--lock-wait-s`), then `BuildError.busy`.
    public var lockWaitS: Double = 60
    /// Told once per lock, with its file and holder, when the build has to wait for it.
    public var onLockWait: (@Sendable (_ lockFile: String, _ holder: String) -> Void)?
    /// A folder keeping the map's glyph ranges between builds (`--glyph-cache`,
    /// `TRAILPACK_GLYPH_CACHE`; `MapAssets.GlyphCache`); the pack's bytes are the same without it.
    public var glyphCacheFolder: String?
    public init() {}
}

/// The pipeline: recipe -> load -> routes -> terrain -> landmarks -> network -> assemble -> tiles -> map -> write
/// (ARCHITECTURE.md's stages; the build's `stageSeconds` are laps of the same names, in this order).
public enum PackBuilder {
    /// Builds the region of `recipePath` into the pack root `outRoot` and updates its catalog.
    /// - Throws: `BuildError` or `GDALError` naming the file and place; nothing is changed under
    ///   `outRoot` when it throws.
    public static func build(recipePath: String, outRoot: String, options: BuildOptions = BuildOptions(),
                             progress: (any ProgressReporter)? = nil) throws -> BuildSummary {
        try build(recipe: try RecipeLoader.load(path: recipePath), outRoot: outRoot, options: options, progress: progress)
    }

    /// Builds the loaded `recipe`'s region into `outRoot` under its region lock
    /// (`RegionLock`: taken before any input is read, released after the rename and catalog).
    /// - Throws: `BuildError` or `GDALError` naming the file and place (`BuildError.busy` when
    ///   another build holds the region past `options.lockWaitS`, `.symlink` for a symlink
    ///   under `outRoot/regions`, `.output` for a link or special file where the build would
    ///   write or lock: the catalog's files and the depfile, checked before anything is made,
    ///   the region lock when it is taken, before any input is read), `GlyphCacheError` before anything else when
    ///   `options.glyphCacheFolder` cannot be made or holds a link; nothing is changed under
    ///   `outRoot` when it throws.
    public static func build(recipe: Recipe, outRoot: String, options: BuildOptions = BuildOptions(),
                             progress: (any ProgressReporter)? = nil) throws -> BuildSummary {
        // A name make cannot read stops the build before anything is written.
        let depText = try options.depfile.map {
            try Depfile.text(target: "\(outRoot)/regions/\(recipe.id)/manifest.json",
                             prerequisites: [recipe.path] + LoadStage.inputFiles(recipe), depfile: $0)
        }
        let root = URL(fileURLWithPath: outRoot)
        try PackContainment.checkAllRegions(root: root)  // before anything is made or locked
        if options.updateCatalog { try PackContainment.checkCatalogFiles(root: root) }
        if let depfile = options.depfile { try Depfile.checkWritable(path: depfile) }
        if let folder = options.glyphCacheFolder { try GlyphRanges.checkCache(folder) }  // before the long work
        let lock = try RegionLock(root: root, regionID: recipe.id, waitS: options.lockWaitS, onWait: options.onLockWait)
        defer { lock.release() }
        var made: Made
        do { made = try make(recipe: recipe, options: options, progress: progress) } catch let e as MemoryLimitError {
            // The refusal names the keys to change; the recipe file leads, like every recipe error.
            throw BuildError.recipe(file: recipe.path, line: 0, keyPath: "", message: e.message)
        }
        let writer = try RegionWriter(root: root, regionID: made.recipe.id)
        let written: [WrittenFile]
        do {
            written = try write(&made, writer: writer, glyphCacheFolder: options.glyphCacheFolder)
            try Failpoint.check("before-commit")
            try writer.commit()
        } catch {
            writer.abandon()  // before the lock goes, so the region's folder is as it was
            throw error
        }
        do {
            try Failpoint.check("after-commit")
            if options.updateCatalog {
                try CatalogBuilder.rebuild(root: root, lockWaitS: options.lockWaitS) { options.onLockWait?(root.appendingPathComponent(".catalog.lock").path, $0) }
            }
        } catch {
            writer.rollback()
            throw error
        }
        writer.finish()
        made.clock.lap("write")
        let summary = summary(made, written: written, folder: writer.target.path)
        if let depfile = options.depfile, let depText { try Depfile.write(path: depfile, text: depText) }
        return summary
    }

    /// What the stages make before anything is written.
    struct Made {
        var recipe: Recipe
        var inputs: LoadedInputs
        var bbox: BBox
        var terrain: TerrainProducts
        var routes: [BuiltRoute]
        var network: RoutingNetwork?
        var diagnostics: [Diagnostic]
        var clock: StageClock
    }

    /// Runs the stages from the recipe to the landmarks.
    /// - Throws: `BuildError` or `GDALError` naming the file and place.
    static func make(recipe given: Recipe, options: BuildOptions, progress: (any ProgressReporter)?) throws -> Made {
        var clock = StageClock()
        var recipe = given
        recipe.terrain.memoryBudget = MemoryBudget.forBuild(recipe, flagMiB: options.memoryLimitMiB)
        try checkRegionMemory(recipe)
        let loaded = try loadAndPrepare(recipe, clock: &clock, progress: progress)
        // The trails are held from here to the end: every later grid is judged with them.
        recipe.terrain.memoryBudget?.reservedBytes = MemoryLimit.trailBytes(loaded.inputs.trails)
        var (inputs, diagnostics) = (loaded.inputs, loaded.diagnostics)
        let (graph, snaps, prepared, bbox) = (loaded.graph, loaded.snaps, loaded.prepared, loaded.bbox)
        let openTrails = inputs.trails.filter { !$0.use.closedToHikers }
        let (terrain, terrainNotes) = try terrainStage(recipe, inputs: &inputs, prepared: prepared, bbox: bbox, progress: progress)
        diagnostics += terrainNotes
        clock.lap("terrain")

        // The candidates see the POIs placed on the region grid, as the pack lists them.
        let landmarks = LandmarkStage.run(recipe.landmarks, pois: placed(inputs.pois, on: terrain.grid), grid: terrain.grid,
                                          hasRoutes: !recipe.routes.isEmpty)
        inputs.landmarks = landmarks.field
        diagnostics += landmarks.diagnostics
        clock.lap("landmarks")

        // Routes see the POIs as the recipe gave them, as track routes did before the terrain existed;
        // tracks laid over the network are finished after it.
        let (trackRoutes, trackNotes) = try RouteStage.finishAll(prepared.filter { $0.networkVias == nil }, recipe: recipe, inputs: inputs)
        let laid = try NetworkStage.run(recipe, graph: graph, trails: openTrails, featureOfTrail: AssembleStage.trailFeatureIndex(inputs.trails, bbox: bbox),
                                        vias: snaps, terrain: terrain.grid)
        try RouteCoverage.checkInside(bbox, routes: laid.routes.map { ($0.recipe.id, $0.coords) }, recipe: recipe)
        let (networkRoutes, networkNotes) = try RouteStage.finishAll(laid.routes, recipe: recipe, inputs: inputs)
        let routes = recipe.routes.compactMap { r in (trackRoutes + networkRoutes).first { $0.id == r.id } }
        diagnostics += trackNotes + networkNotes
        diagnostics += try routeVoids(routes, recipe: recipe, inputs: inputs, bbox: bbox)
        diagnostics += placePOIs(&inputs.pois, on: terrain.grid)
        clock.lap("network")
        return Made(recipe: recipe, inputs: inputs, bbox: bbox, terrain: terrain, routes: routes, network: laid.network,
                    diagnostics: diagnostics, clock: clock)
    }

    /// The load and routes stages: the inputs (trails clipped to a given bbox), the trail graph
    /// over the lines open to hikers, the vias snapped onto it, the track routes prepared, and
    /// the region's bbox (given or derived); `trailpack plan` runs them too.
    /// - Throws: `BuildError` or `GDALError` naming the file and place.
    static func loadAndPrepare(_ recipe: Recipe, clock: inout StageClock, progress: (any ProgressReporter)?) throws -> Loaded {
        var inputs = try LoadStage.run(recipe)
        if let given = recipe.bbox { inputs.trails = TrailSource.clipped(inputs.trails, to: given) }
        var diagnostics = inputs.diagnostics + TrailSource.closureNotes(inputs.trails)
        // A DEM too coarse for the grids: a warning naming the resolution to set, or a refusal
        // when the AR patches would be the default resolution.
        diagnostics += try SourceResolution.check(recipe, inputs: inputs)
        clock.lap("load")

        let openTrails = inputs.trails.filter { !$0.use.closedToHikers }
        let graph = try openTrails.isEmpty ? nil : TrailNetworkGraph(lines: openTrails)
        var snaps = try NetworkStage.snapVias(recipe, pois: inputs.pois, graph: graph)
        let (prepared, routeNotes) = try RouteStage.prepare(recipe, inputs: inputs, network: graph, progress: progress)
        for p in prepared {
            guard let points = p.networkVias else { continue }
            snaps[p.recipe.id] = NetworkStage.RouteVias(points: points.enumerated().map { ("point \($0.offset + 1) of the track on the trails", $0.element) },
                                                        cost: .length)
        }
        diagnostics += routeNotes
        clock.lap("routes")
        let bbox = try regionBBox(recipe, inputs: inputs, routes: prepared.map { ($0.recipe.id, $0.coords) })
        return Loaded(inputs: inputs, graph: graph, snaps: snaps, prepared: prepared, bbox: bbox, diagnostics: diagnostics)
    }

    /// What the load and routes stages make (`loadAndPrepare`).
    struct Loaded {
        var inputs: LoadedInputs
        var graph: TrailNetworkGraph?
        var snaps: NetworkStage.ViaSnaps
        var prepared: [RouteStage.PreparedRoute]
        var bbox: BBox
        var diagnostics: [Diagnostic]
    }

    /// Writes every file of the region into `writer`'s staging folder, the manifest last; adds
    /// the map's and the size budget's diagnostics to `made`; glyph ranges kept in
    /// `glyphCacheFolder` are read from there.
    /// - Returns: every file written, in summary order.
    /// - Throws: `BuildError` when a file cannot be written, `GDALError` from the GeoJSON or tiles.
    static func write(_ made: inout Made, writer: RegionWriter, glyphCacheFolder: String?) throws -> [WrittenFile] {
        let (recipe, inputs, terrain, routes, bbox) = (made.recipe, made.inputs, made.terrain, made.routes, made.bbox)
        var files: [String: WrittenFile] = [:]
        let trailFeatures = AssembleStage.trailFeatures(trails: inputs.trails.map { ($0.name, $0.coords) }, routes: routes, bbox: bbox)
        try CountCheck.check(PackTree.trails, key: "features", count: trailFeatures.count, remedy: "give fewer trail lines (trailTags, a smaller bbox)")
        files["trails"] = try writer.writeGeoJSON(PackTree.trails, layer: "trails", fields: AssembleStage.trailFields, features: trailFeatures)
        try CountCheck.check(PackTree.pois, key: "features", count: inputs.pois.count, remedy: "give fewer POIs")
        files["pois"] = try writer.writeGeoJSON(PackTree.pois, layer: "pois", fields: AssembleStage.poiFields,
                                                features: AssembleStage.poiFeatures(inputs.pois))
        // Vector data too large to draw from GeoJSON goes into the map's tiles, the contours there only (`TilePlan`).
        let plan = TilePlan(bbox: bbox, contours: terrain.contours, otherGeoJSONBytes: files["trails"]!.bytes + files["pois"]!.bytes,
                            vectorTilesAboveMB: recipe.map.vectorTilesAboveMB)
        // The largest file is encoded on another core while the others are written.
        let contoursJob = BackgroundJob { () throws -> WrittenFile? in
            guard plan.zooms == nil else { return nil }
            try CountCheck.check(PackTree.contours, key: "features", count: terrain.contours.count,
                                 remedy: "a larger terrain.contourIntervalM, or a lower map.vectorTilesAboveMB to keep them in tiles")
            return try writer.writeGeoJSON(PackTree.contours, layer: "contours", fields: AssembleStage.contourFields(terrain),
                                           count: terrain.contours.count) { AssembleStage.contourFeature(terrain, $0) }
        }
        defer { _ = try? contoursJob.wait() }
        files["terrain"] = try writer.write(PackTree.terrain, bytes: TER1.encode(terrain.grid))
        files["hillshade"] = try writer.write(PackTree.hillshade, bytes: try terrain.hillshadePNG ?? terrain.hillshade.encoded())
        if let network = made.network {
            let remedy = "give fewer trail lines (trailTags, a smaller bbox)"
            try CountCheck.check(PackTree.routing, key: "nodes", count: network.nodes.count, remedy: remedy)
            try CountCheck.check(PackTree.routing, key: "edges", count: network.edges.count, remedy: remedy)
            files["routing"] = try writer.write(PackTree.routing, bytes: JSONWriter(style: .compact).bytes(network.json()))
        }
        var routeFiles: [(BuiltRoute, file: WrittenFile, ar: WrittenFile)] = []
        for route in routes {
            try CountCheck.check(PackTree.routeFile(route.id), key: "waypoints", count: route.waypoints.count, remedy: "split the route")
            try CountCheck.check(PackTree.routeFile(route.id), key: "landmarks", count: route.landmarks.count, remedy: "a lower landmarks.maxDistanceM")
            let ar = try writer.write(PackTree.arPatchFile(route.id), bytes: TER1.encode(route.arPatch))
            let file = try writer.write(PackTree.routeFile(route.id), json: AssembleStage.routeDocument(route, arFile: ar))
            routeFiles.append((route, file, ar))
        }
        files["contours"] = try contoursJob.wait()
        made.clock.lap("assemble")
        // One simplification of the named trails, for the tiles and the style alike.
        let trailNames = TrailNameLines(trails: inputs.trails, bbox: bbox)
        let tiles = try plan.zooms.map { zooms in
            try TileStage.run(TileLayers.make(terrain: terrain, trails: inputs.trails, trailNames: trailNames, routes: routes,
                                              pois: inputs.pois, bbox: bbox, zooms: zooms),
                              zooms: zooms, bbox: bbox, name: recipe.name, attribution: recipe.attribution, writer: writer)
        }
        made.clock.lap("tiles")
        let map = try MapStage.run(recipe, bbox: bbox, hillshadeBounds: terrain.hillshadeBounds,
                                   labels: MapLabels(trails: inputs.trails, trailNames: trailNames, routeNames: routes.map(\.name), pois: inputs.pois),
                                   routeEnds: routes.compactMap { r in r.coords.first.map { RouteEnds(routeId: r.id, start: $0, end: r.coords.last!) } },
                                   plan: plan, tiles: tiles, writer: writer, glyphCacheFolder: glyphCacheFolder)
        files["style"] = map.style
        made.diagnostics += map.diagnostics
        let drawn = ["contours", "trails", "pois"].compactMap { files[$0] }
        if let heavy = StyleGeoJSONSize.warning(drawn: drawn, usesVectorTiles: map.usesVectorTiles, recipe: recipe) { made.diagnostics.append(heavy) }
        made.clock.lap("map")
        let manifest = AssembleStage.manifest(recipe: recipe, bbox: bbox, terrain: terrain, files: files, routes: routeFiles,
                                              routing: made.network.map { (nodes: $0.nodes.count, edges: $0.edges.count) }, mapAssets: map.assets)
        let manifestFile = try writer.write(PackTree.manifest, json: manifest)
        let written = files.values.sorted { $0.path < $1.path } + map.assets + routeFiles.flatMap { [$0.ar, $0.file] } + [manifestFile]
        let totalBytes = written.reduce(0) { $0 + $1.bytes }
        if Double(totalBytes) > recipe.sizeBudgetMB * 1_000_000 {
            made.diagnostics.append(Diagnostic(.warning, "region \(recipe.id)", String(format: "pack is %.1f MB, over the %.0f MB budget for phones", Double(totalBytes) / 1e6, recipe.sizeBudgetMB)))
        }
        return written
    }

    /// The build's summary.
    static func summary(_ made: Made, written: [WrittenFile], folder: String) -> BuildSummary {
        let routes = made.routes
        var summary = BuildSummary(regionID: made.recipe.id, regionName: made.recipe.name, regionFolder: folder,
                                   routes: routes.map { ($0.id, $0.name, $0.stats) }, files: written,
                                   totalBytes: written.reduce(0) { $0 + $1.bytes },
                                   diagnostics: made.diagnostics, stageSeconds: made.clock.laps, stageCPUSeconds: made.clock.cpuLaps,
                                   inputs: [made.recipe.path] + made.inputs.files,
                                   landmarkCounts: Dictionary(uniqueKeysWithValues: made.routes.map { ($0.id, $0.landmarks.count) }))
        summary.cueCounts = routes.map(CueCount.init)
        summary.memoryLimit = made.recipe.terrain.memoryBudget
        summary.memoryEstimateBytes = MemoryLimit.buildPeakBytes(regionCells: made.terrain.grid.width * made.terrain.grid.height,
                                                                 largestPatchCells: routes.map { $0.arPatch.width * $0.arPatch.height }.max() ?? 0,
                                                                 allPatchCells: routes.map { $0.arPatch.width * $0.arPatch.height }.reduce(0, +),
                                                                 trailBytes: MemoryLimit.trailBytes(made.inputs.trails),
                                                                 trackBytes: MemoryLimit.trackBytes(made.recipe))
        return summary
    }

    /// Fails within seconds, before any input is read, when the recipe's region grid cannot fit
    /// the memory limit.
    /// - Throws: `BuildError` naming the cell count, the estimate and the key to change.
    static func checkRegionMemory(_ recipe: Recipe) throws {
        guard let given = recipe.bbox else { return }
        let g = GridGeometry(bounds: given, resolutionM: recipe.terrain.resolutionM)
        try MemoryLimit.check(width: g.width, height: g.height, bytesPerCell: MemoryLimit.regionBytesPerCell,
                              budget: recipe.terrain.budget, what: "the region grid", resolutionKey: "terrain.resolutionM")
    }

    /// Gives every POI its terrain elevation and leaves out (with a warning) those outside the region.
    static func placePOIs(_ pois: inout [PointOfInterest], on grid: TerrainGrid) -> [Diagnostic] {
        let outside = pois.filter { grid.elevationM(at: $0.location) == nil }
        pois = placed(pois, on: grid)
        guard !outside.isEmpty else { return [] }
        return [Diagnostic(.warning, "pois", "\(outside.count) POIs outside the region left out: \(outside.map(\.name).joined(separator: ", "))")]
    }

    /// `pois` inside `grid`, each with its terrain elevation (`eleM`).
    static func placed(_ pois: [PointOfInterest], on grid: TerrainGrid) -> [PointOfInterest] {
        pois.compactMap { poi in
            var p = poi
            p.eleM = grid.elevationM(at: poi.location)
            return p.eleM == nil ? nil : p
        }
    }

    /// The recipe's bbox, or one derived from routes, trails and POIs plus the margin. Every
    /// route vertex must lie inside it.
    static func regionBBox(_ recipe: Recipe, inputs: LoadedInputs, routes: [(id: String, coords: [LonLat])]) throws -> BBox {
        let bbox: BBox
        if let given = recipe.bbox {
            bbox = given
        } else {
            let points = routes.flatMap(\.coords) + inputs.trails.flatMap(\.coords) + inputs.pois.map(\.location)
            guard let box = BBox(covering: points) else {
                throw BuildError.recipe(file: recipe.path, line: 0, keyPath: "bbox", message: "no bbox given and no routes or trails to derive it from")
            }
            bbox = box.expanded(byMetres: recipe.bboxMarginM)
        }
        try RouteCoverage.checkInside(bbox, routes: routes, recipe: recipe)
        return bbox
    }

    /// The region grid (its void limits judged with the track routes'), its products, and the
    /// track routes finished on AR patches whose void cells come from it (one filled terrain per
    /// pack: `inputs.filledRegion`); the filled-voids diagnostic and the routes' notes.
    /// - Throws: `BuildError` (the `VoidLimits` refusal among them), `GDALError`.
    static func terrainStage(_ recipe: Recipe, inputs: inout LoadedInputs, prepared: [RouteStage.PreparedRoute], bbox: BBox,
                             progress: (any ProgressReporter)?) throws -> (TerrainProducts, [Diagnostic]) {
        let region = try TerrainStage.fillRegion(bbox: bbox, sources: inputs.dem, options: recipe.terrain,
                                                 smallerExtent: TerrainStage.extentAdvice(recipe), progress: progress)
        try refuseRegionVoids(region, routes: prepared, recipe: recipe, inputs: inputs, bbox: bbox)
        let terrain = try TerrainStage.products(of: region, options: recipe.terrain, progress: progress)
        var diagnostics: [Diagnostic] = []
        if let d = VoidFiller.diagnostic(terrain.voids, cellCount: terrain.grid.width * terrain.grid.height, options: recipe.terrain.voids) {
            diagnostics.append(d)
        }
        inputs.filledRegion = FilledRegion(grid: terrain.grid)
        return (terrain, diagnostics)
    }

    /// Every route (track and via) over more than `maxRouteFilledM` of filled terrain, in one
    /// refusal; else a note per route over filled terrain (a warning over
    /// `VoidFiller.warnRouteFilledM`).
    /// - Throws: the `VoidLimits` refusal.
    static func routeVoids(_ routes: [BuiltRoute], recipe: Recipe, inputs: LoadedInputs, bbox: BBox) throws -> [Diagnostic] {
        if let error = VoidLimits.error(VoidLimits.routeBreaches(routes, recipe: recipe), dem: inputs.dem.map(\.path), bbox: bbox) { throw error }
        return routes.compactMap { VoidFiller.routeDiagnostic($0.filledStretches, routeID: $0.id, routeLengthM: $0.cumM.last ?? 0) }
    }

    /// When the region grid exceeds a void limit: one refusal listing it with every other
    /// exceeded limit, the track routes' stretches over void cells of their AR patches included.
    /// - Throws: the `VoidLimits` refusal; `BuildError.route`, `GDALError` when a patch cannot be warped.
    static func refuseRegionVoids(_ region: TerrainStage.FilledRegionRaster, routes: [RouteStage.PreparedRoute], recipe: Recipe,
                                  inputs: LoadedInputs, bbox: BBox) throws {
        guard !region.fill.breaches.isEmpty else { return }
        var breaches = region.fill.breaches.map(VoidLimits.Breach.region)
        for route in routes {
            let run = try RouteStage.voidStretches(of: route, recipe: recipe, dem: inputs.dem)
            if let message = VoidFiller.routeBreach(run, coords: route.coords, options: recipe.terrain.voids) {
                breaches.append(.route(id: route.recipe.id, location: route.recipe.location, message: message))
            }
        }
        if let error = VoidLimits.error(breaches, dem: inputs.dem.map(\.path), bbox: bbox) { throw error }
    }
}

/// Test hook: `TRAILPACK_FAILPOINT=<name>` makes the build fail at that point, so tests can
/// prove a failure late in a build leaves the previous pack untouched.
enum Failpoint {
    static func check(_ name: String) throws {
        if ProcessInfo.processInfo.environment["TRAILPACK_FAILPOINT"] == name {
            throw BuildError.output(path: name, message: "failing on purpose (TRAILPACK_FAILPOINT)")
        }
    }
}

/// Wall-clock and CPU time per stage.
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    private var lastCPU = StageClock.cpuSeconds()
    private(set) var laps: [(stage: String, seconds: Double)] = []
    private(set) var cpuLaps: [(stage: String, seconds: Double)] = []

    mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((stage, Double(now - last) / 1e9))
        last = now
        let cpu = StageClock.cpuSeconds()
        cpuLaps.append((stage, cpu - lastCPU))
        lastCPU = cpu
    }

    /// User + system CPU seconds of the whole process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return s(usage.ru_utime) + s(usage.ru_stime)
    }
}
