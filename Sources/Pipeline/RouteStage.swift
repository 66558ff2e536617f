import Bindings
import Foundation
import Guidance
import PackSpec
import RouteCore
import RouteFinish
import TrailGraph
import TrailpackCore

/// Stage: each recipe route -> path (track or network) -> cleaned, resampled (`prepare`), then,
/// once the region grid exists, draped on its own AR patch, whose void cells the filled region
/// grid gives (`finishAll`, `finish`) -> stats and waypoints.
public enum RouteStage {
    /// A route from a track, its path found and resampled, waiting for the region terrain
    /// (`finish` drapes it on its AR patch, whose voids the filled region grid fills).
    struct PreparedRoute {
        var recipe: RouteRecipe
        var path: RoutePath
        var coords: [LonLat]
        var indexOfPathVertex: [Int]
        var trailNames: [String?]
        var isDrawn: Bool
        /// For a recorded track that walks the trails: the points its snap kept, through which
        /// the network stage lays it over the pack's network (so it gets a `routing.json` entry).
        var networkVias: [LonLat]? = nil

        func fail(_ message: String) -> BuildError { .route(id: recipe.id, location: recipe.location, message: message) }
    }

    /// Finds the path of every recipe route that comes from a track (routes through vias are
    /// built by `NetworkStage` once the region terrain exists), in recipe order, and checks that
    /// the DEMs cover it.
    /// - Throws: `BuildError.route` naming the route, where it is declared and what is wrong.
    static func prepare(_ recipe: Recipe, inputs: LoadedInputs, network: TrailNetworkGraph?,
                        progress: (any ProgressReporter)?) throws -> (routes: [PreparedRoute], diagnostics: [Diagnostic]) {
        var prepared: [PreparedRoute] = []
        var diagnostics: [Diagnostic] = []
        for (k, route) in recipe.routes.enumerated() {
            guard case .track = route.source else { continue }
            progress?.report(stage: "routes", fraction: Double(k) / Double(recipe.routes.count))
            func fail(_ message: String) -> BuildError { .route(id: route.id, location: route.location, message: message) }
            let (path, trailNames, notes, warnings, isDrawn, networkVias) = try routePath(route, inputs: inputs, network: network, fail: fail)
            diagnostics += notes.map { Diagnostic(.note, "route \(route.id)", $0) }
            diagnostics += warnings.map { Diagnostic(.warning, "route \(route.id)", $0) }
            let line: ResampledLine
            do { line = try Resampler.resample(path.coords) } catch { throw fail(error.description) }
            let coords = line.coords.map(\.rounded7)
            guard coords.count >= 2 else { throw fail("has a single point: its start and end are the same place") }
            try checkVertexCount(coords.count, fail: fail)
            try RouteCoverage.check(route, coords: coords, dem: inputs.dem, fail: fail)
            prepared.append(PreparedRoute(recipe: route, path: path, coords: coords, indexOfPathVertex: line.indexOfInput,
                                          trailNames: trailNames, isDrawn: isDrawn, networkVias: networkVias))
        }
        progress?.report(stage: "routes", fraction: 1)
        return (prepared, diagnostics)
    }

    /// Finishes the prepared track routes (AR patch, elevations, stats, waypoints), in order.
    /// - Throws: `BuildError.route` naming the route when a step cannot be done.
    static func finishAll(_ prepared: [PreparedRoute], recipe: Recipe, inputs: LoadedInputs) throws -> (routes: [BuiltRoute], diagnostics: [Diagnostic]) {
        var built: [BuiltRoute] = []
        var diagnostics: [Diagnostic] = []
        for p in prepared {
            let (route, notes) = try finish(p.recipe, path: p.path, coords: p.coords, indexOfPathVertex: p.indexOfPathVertex,
                                            trailNames: p.trailNames, isDrawn: p.isDrawn, recipe: recipe, inputs: inputs, fail: p.fail)
            built.append(route)
            diagnostics += notes
        }
        return (built, diagnostics)
    }

    /// Refuses a route of more vertices than a route file may hold (`PackLimits.maxRouteVertices`,
    /// which `validate`'s `route.size` holds a pack to), once its vertices are laid and before its
    /// AR patch: a track's in `prepare`, a route over the network's in `NetworkStage.routes`.
    /// - Throws: `BuildError.route` (through `fail`) naming the count and the cap.
    static func checkVertexCount(_ count: Int, fail: (String) -> BuildError) throws {
        guard count > PackLimits.maxRouteVertices else { return }
        throw fail("has \(count) vertices at the SPEC's 12 m steps, over the \(PackLimits.maxRouteVertices) a route file may hold "
                   + "(route.size): split its track into several routes")
    }

    /// A route from its path and its written coordinates (rounded, at most 12 m apart): the AR
    /// patch (void cells from `inputs.filledRegion`), elevations, stats and waypoints, and how
    /// much of it runs over filled terrain (`filledStretches`, judged by `PackBuilder`).
    /// - Throws: `BuildError.route` (through `fail`) when a step cannot be done.
    static func finish(_ route: RouteRecipe, path: RoutePath, coords: [LonLat], indexOfPathVertex: [Int], trailNames: [String?],
                       isDrawn: Bool, recipe: Recipe, inputs: LoadedInputs,
                       fail: (String) -> BuildError) throws -> (BuiltRoute, [Diagnostic]) {
        guard coords.count >= 2 else { throw fail("has a single point: its start and end are the same place") }
        var diagnostics: [Diagnostic] = []
        try RouteCoverage.check(route, coords: coords, dem: inputs.dem, fail: fail)
        let (patch, arResolutionM, coarsened, filled) = try arPatch(for: coords, recipe: recipe, dem: inputs.dem,
                                                                   region: inputs.filledRegion, fail: fail)
        if coarsened {
            // The recipe's own rule (ar.budgetMiB), which validate holds the patch to: a note.
            diagnostics.append(Diagnostic(.note, "route \(route.id)", String(
                format: "AR patch coarsened from %.1f m to %.1f m to fit the %.1f MiB budget (ar.budgetMiB; raise it to keep %.1f m)",
                recipe.ar.resolutionM, arResolutionM, recipe.ar.budgetMiB, recipe.ar.resolutionM)))
        }
        let done: FinishedRoute
        do {
            done = try RouteFinisher.finish(GroundRoute(path: path, coords: coords, indexOfPathVertex: indexOfPathVertex, isDrawn: isDrawn),
                                            terrain: patch, pois: inputs.pois, model: recipe.stats.model, landmarks: inputs.landmarks)
        } catch { throw fail(error.description) }
        return (BuiltRoute(id: route.id, name: route.name, blurb: route.blurb, coords: coords,
                           elevationsM: done.elevationsM, cumM: done.cumM, waypoints: done.waypoints, landmarks: done.landmarks, stats: done.stats,
                           arPatch: patch, arResolutionM: arResolutionM, trailNames: trailNames, filledStretches: filled), diagnostics)
    }


    /// The route's path before resampling, the trail names along it, notes on cleaning, warnings,
    /// whether the path was drawn (routed over the network, a planned GPX route, `track.drawn`) rather than recorded,
    /// and for a track snapped to the whole network, the points its snap kept (`PreparedRoute.networkVias`).
    static func routePath(_ route: RouteRecipe, inputs: LoadedInputs, network: TrailNetworkGraph?, fail: (String) -> BuildError)
        throws -> (RoutePath, [String?], [String], [String], isDrawn: Bool, networkVias: [LonLat]?) {
        switch route.source {
        case .via:
            throw fail("is routed through vias: NetworkStage builds it")
        case .track(let file, let select, let reversed):
            let gaps = TrackGaps.Policy(joinM: route.trackJoinM, mode: route.trackGaps) { from, to, own in
                trailBridge(from: from, to: to, over: TrackNetwork.excludingTrack(own, file: file, from: network, trails: inputs.trails).graph)
            }
            let track = try TrackSource.load(file: file, select: select, reversed: reversed, joinM: route.trackJoinM,
                                             drawn: route.trackDrawn, gaps: gaps, fail: fail)
            let joined = track.coords
            // A line drawn on purpose (a GPX `<rte>`, or `track.drawn`): its out-and-back spurs are not GPS spikes.
            let drawn = route.trackDrawn ?? track.isPlannedRoute
            var cleaning = RouteCleaner.Options()
            if drawn { cleaning.removeGPSArtifacts = false }
            let cleaned = RouteCleaner.clean(joined, options: cleaning)
            guard cleaned.coords.count >= 2 else { throw fail("\(file): the track has fewer than 2 usable points") }
            var notes = track.notes + CleaningNotes.lines(cleaned, inputPoints: joined.count)
            if route.trackDrawn == nil, track.isUntimedTrack {
                notes.append("\(file): the track has no timestamps; it is cleaned and guided as a GPS recording (spikes, stops and loops removed, hairpins told from turnarounds with GPS error allowed); if it was drawn in a route planner, track.drawn: true keeps it as drawn")
            }
            // A recording's line on the ground, without the zigzag its jitter draws between fixes.
            let line = drawn ? cleaned.coords : GroundLine.thinned(cleaned.coords)
            if line.count < cleaned.coords.count {
                notes.append(String(format: "on the ground: %d of the %d fixes kept lie under %.0f m from the previous one and are left out",
                                    cleaned.coords.count - line.count, cleaned.coords.count, GroundLine.stepM))
            }
            // The track itself is no network for its own route (a recipe listing the file among its trails too).
            let trackNetwork = TrackNetwork.excludingTrack(track.lines, file: file, from: network, trails: inputs.trails)
            let onTrails = TrackNetwork.path(line, file: file, over: trackNetwork.graph, snap: route.trackSnap && !drawn)
            // Laid over the pack's network only when that is the network it was snapped to.
            let vias = trackNetwork.isWhole ? onTrails.snapVias : nil
            return (onTrails.path, onTrails.trailNames, notes + onTrails.notes, track.warnings, drawn || onTrails.snapVias != nil, vias)
        }
    }

    /// The shortest way over `network` from the trail point nearest `from` to the one nearest
    /// `to` (each within `TrailNetworkGraph.maxViaDistanceM`), nil without a network or a path.
    static func trailBridge(from: LonLat, to: LonLat, over network: TrailNetworkGraph?) -> TrailBridge? {
        guard let network,
              let routed = try? network.route(via: [ViaPoint(label: "the fix before the gap", location: from),
                                                    ViaPoint(label: "the fix after it", location: to)]),
              routed.viaSnapDistancesM.count == 2 else { return nil }
        return TrailBridge(coords: routed.path.coords, lengthM: routed.lengthM,
                           snapM: (routed.viaSnapDistancesM[0], routed.viaSnapDistancesM[1]))
    }

    /// The route's AR patch geometry: its vertices' box grown by the margin, at the AR
    /// resolution, coarsened until it fits the budget; and whether it was coarsened.
    static func arGeometry(for coords: [LonLat], recipe: Recipe, fail: (String) -> BuildError) throws -> (GridGeometry, coarsened: Bool) {
        guard let box = BBox(covering: coords) else { throw fail("has no vertices") }
        // A little over the margin, so rounding never brings an edge within the margin.
        let bounds = box.expanded(byMetres: recipe.ar.marginM + 1)
        return ARPatchBudget.geometry(bounds: bounds, requestedM: recipe.ar.resolutionM, budgetBytes: recipe.ar.budgetMiB * 1_048_576)
    }

    /// The route's AR patch (`arGeometry`), its void cells taken from the filled `region` grid
    /// (those outside it filled from the patch's own data); its nominal resolution (m), whether
    /// it was coarsened, and the route's stretches over filled cells.
    /// - Throws: `BuildError.route` (through `fail`) for a patch over the memory limit, void
    ///   cells outside the region too far from data, or when GDAL fails.
    static func arPatch(for coords: [LonLat], recipe: Recipe, dem: [RasterDataset], region: FilledRegion?,
                        fail: (String) -> BuildError) throws -> (TerrainGrid, Double, Bool, VoidFiller.FilledStretches) {
        let (geometry, coarsened) = try arGeometry(for: coords, recipe: recipe, fail: fail)
        let kernel = ResamplingKernel(rawValue: recipe.terrain.kernel) ?? .cubicSpline
        let (raster, fill) = try withoutActuallyEscaping(fail) { fail in
            let purpose = TerrainRaster.Purpose(label: "its AR patch", bytesPerCell: MemoryLimit.patchBytesPerCell,
                                                resolutionKey: "ar.resolutionM (or lower ar.budgetMiB)", maxFilledPercent: 100,
                                                smallerExtent: "lower ar.marginM (the patch is the route's extent grown by it)", limitFail: fail)
            return try TerrainRaster.make(geometry: geometry, sources: dem, kernel: kernel, options: recipe.terrain,
                                          purpose: purpose, region: region, progress: nil) { message in
                fail("AR patch from \(dem.map(\.path).joined(separator: ", ")): \(message)")
            }
        }
        if !fill.breaches.isEmpty {
            throw fail("AR patch from \(dem.map(\.path).joined(separator: ", ")): " + fill.breaches.joined(separator: "; "))
        }
        let grid = TerrainGrid(width: geometry.width, height: geometry.height, bounds: geometry.bounds, elevationsM: try raster.roundedInt16())
        let filled = VoidFiller.filledStretches(coords, grid: grid, filled: fill.filled)
        return (grid, geometry.resolutionM, coarsened, filled)
    }

    /// The stretches of a prepared route over void cells of its AR patch, without filling them:
    /// for the refusal that lists every void limit when the region grid already exceeds one.
    /// - Throws: `BuildError.route` for a patch over the memory limit; `GDALError`.
    static func voidStretches(of route: PreparedRoute, recipe: Recipe, dem: [RasterDataset]) throws -> VoidFiller.FilledStretches {
        let (geometry, _) = try arGeometry(for: route.coords, recipe: recipe, fail: route.fail)
        do {
            try MemoryLimit.check(width: geometry.width, height: geometry.height, bytesPerCell: MemoryLimit.patchBytesPerCell,
                                  budget: recipe.terrain.budget, what: "its AR patch", resolutionKey: "ar.resolutionM (or lower ar.budgetMiB)")
        } catch { throw route.fail(error.message) }
        let kernel = ResamplingKernel(rawValue: recipe.terrain.kernel) ?? .cubicSpline
        let raster = try RasterDataset.warp(dem, to: geometry, kernel: kernel, noData: Double(VoidFiller.noData))
        _ = try VoidFiller.markVoids(raster)
        let mask = try raster.withFloat32Pixels { pixels in pixels.map { $0 == VoidFiller.noData } }
        let grid = TerrainGrid(width: geometry.width, height: geometry.height, bounds: geometry.bounds,
                               elevationsM: [Int16](repeating: 0, count: geometry.width * geometry.height))
        return VoidFiller.filledStretches(route.coords, grid: grid, filled: mask)
    }
}

extension Recipe.StatsOptions {
    /// The hiking model of route stats and network times.
    var model: HikingModel {
        HikingModel(flatSpeedKmh: flatSpeedKmh, ascentRateMPerH: ascentMPerH, descentRateMPerH: descentMPerH, climbThresholdM: thresholdM)
    }
}
