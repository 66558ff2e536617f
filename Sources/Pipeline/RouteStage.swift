import Bindings
import Foundation
import Guidance
import RouteCore
import TrailNetwork
import TrailpackCore

/// Stage: each recipe route -> path (track or network) -> cleaned, resampled, draped on its own
/// AR patch -> stats and waypoints.
public enum RouteStage {
    /// Builds every route of the recipe.
    /// - Throws: `BuildError.route` naming the route, where it is declared and what is wrong.
    public static func run(_ recipe: Recipe, inputs: LoadedInputs, network: TrailNetworkGraph?,
                           progress: (any ProgressReporter)?) throws -> (routes: [BuiltRoute], diagnostics: [Diagnostic]) {
        var built: [BuiltRoute] = []
        var diagnostics: [Diagnostic] = []
        for (k, route) in recipe.routes.enumerated() {
            progress?.report(stage: "routes", fraction: Double(k) / Double(recipe.routes.count))
            func fail(_ message: String) -> BuildError { .route(id: route.id, location: route.location, message: message) }
            let (path, trailNames, notes) = try routePath(route, inputs: inputs, network: network, fail: fail)
            diagnostics += notes.map { Diagnostic(.note, "route \(route.id)", $0) }

            let line: ResampledLine
            do { line = try Resampler.resample(path.coords) } catch { throw fail(error.description) }
            let coords = line.coords.map { LonLat(round7($0.lon), round7($0.lat)) }
            let cumM = Resampler.cumulativeDistancesM(coords).map { ($0 * 10).rounded() / 10 }

            let (patch, arResolutionM, coarsened) = try arPatch(for: coords, recipe: recipe, dem: inputs.dem, fail: fail)
            if coarsened {
                diagnostics.append(Diagnostic(.warning, "route \(route.id)", String(
                    format: "AR patch coarsened from %.1f m to %.1f m to fit the %.1f MiB budget",
                    recipe.ar.resolutionM, arResolutionM, recipe.ar.budgetMiB)))
            }
            let elevationsM: [Double]
            do { elevationsM = try ElevationDraper.drape(coords, on: patch) } catch { throw fail(error.description) }
            let model = HikingModel(flatSpeedKmh: recipe.stats.flatSpeedKmh, ascentRateMPerH: recipe.stats.ascentMPerH,
                                    descentRateMPerH: recipe.stats.descentMPerH, climbThresholdM: recipe.stats.thresholdM)
            let stats: RouteStats
            do { stats = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cumM, model: model) } catch { throw fail(error.description) }
            let waypoints: [Waypoint]
            do {
                waypoints = try Guidance.waypoints(for: GuidanceInput(
                    path: path, resampledCoords: coords, cumM: cumM, elevationsM: elevationsM,
                    resampledIndexOfPathVertex: line.indexOfInput, pois: inputs.pois, terrain: patch))
            } catch { throw fail(error.description) }
            built.append(BuiltRoute(id: route.id, name: route.name, blurb: route.blurb, coords: coords,
                                    elevationsM: elevationsM, cumM: cumM, waypoints: waypoints, stats: stats,
                                    arPatch: patch, arResolutionM: arResolutionM, trailNames: trailNames))
        }
        progress?.report(stage: "routes", fraction: 1)
        return (built, diagnostics)
    }

    static func round7(_ v: Double) -> Double { (v * 1e7).rounded() / 1e7 }

    /// The route's path before resampling, the trail names along it, and notes on cleaning.
    static func routePath(_ route: RouteRecipe, inputs: LoadedInputs, network: TrailNetworkGraph?,
                          fail: (String) -> BuildError) throws -> (RoutePath, [String?], [String]) {
        switch route.source {
        case .via(let specs):
            guard let network else { throw fail("is routed over the trail network, but the recipe has no trails") }
            let vias = try specs.enumerated().map { k, spec throws -> ViaPoint in
                switch spec {
                case .point(let p):
                    return ViaPoint(label: "via \(k + 1) \(p)", location: p)
                case .poi(let name):
                    guard let poi = inputs.pois.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                        let known = inputs.pois.map(\.name).sorted().joined(separator: ", ")
                        throw fail("via \(k + 1) names the POI \"\(name)\", which no POI source has (known: \(known.isEmpty ? "none" : known))")
                    }
                    return ViaPoint(label: poi.name, location: poi.location)
                }
            }
            do {
                let routed = try network.route(via: vias)
                return (routed.path, routed.trailNames, [])
            } catch { throw fail(error.description) }
        case .track(let file, let select, let reversed):
            let features = try VectorReader.read(path: file)
            // Tracks and routes with at least two points (GPX files carry empty and one-point ones).
            let lines = features.filter { $0.geometry.lines.reduce(0) { $0 + $1.count } >= 2 }
            guard !lines.isEmpty else {
                let points = features.count
                throw fail("\(file) has no track or route\(points > 0 ? " (only \(points) waypoint\(points == 1 ? "" : "s"))" : "")")
            }
            let chosen: VectorFeature
            switch select {
            case .first:
                chosen = lines.first { $0.layer == "tracks" } ?? lines[0]
            case .index(let i):
                guard i < lines.count else { throw fail("\(file) has \(lines.count) tracks/routes; index \(i) is past the end") }
                chosen = lines[i]
            case .name(let n):
                guard let f = lines.first(where: { $0.name == n }) else {
                    throw fail("\(file) has no track or route named \"\(n)\" (it has: \(lines.map { $0.name ?? "unnamed" }.joined(separator: ", ")))")
                }
                chosen = f
            }
            let joined: [LonLat]
            do { joined = try TrackAssembler.join(chosen.geometry.lines, reversed: reversed) } catch {
                throw fail("\(file) \(chosen.layer) feature \(chosen.index): \(error.description)")
            }
            // A planned GPX route (`<rte>`) is drawn on purpose: its out-and-back spurs are not GPS spikes.
            var cleaning = RouteCleaner.Options()
            if chosen.layer == "routes" { cleaning.removeGPSArtifacts = false }
            let cleaned = RouteCleaner.clean(joined, options: cleaning)
            guard cleaned.coords.count >= 2 else { throw fail("\(file): the track has fewer than 2 usable points") }
            let notes = CleaningNotes.lines(cleaned, inputPoints: joined.count)
            // The track itself is no network for its own route (a recipe listing the file among its trails too).
            let path = TrackNetwork.excludingTrack(chosen.geometry.lines, from: network, trails: inputs.trails)?.matchTrack(cleaned.coords)
                ?? RoutePath(coords: cleaned.coords)
            return (path, RoutedPath.collapsingRepeats(path.segmentTrailNames), notes)
        }
    }

    /// The route's AR patch: its vertices' box grown by the margin, at the AR resolution,
    /// coarsened until it fits the budget.
    static func arPatch(for coords: [LonLat], recipe: Recipe, dem: [RasterDataset],
                        fail: (String) -> BuildError) throws -> (TerrainGrid, Double, Bool) {
        guard let box = BBox(covering: coords) else { throw fail("has no vertices") }
        // A little over the margin, so rounding never brings an edge within the margin.
        let bounds = box.expanded(byMetres: recipe.ar.marginM + 1)
        let budgetBytes = recipe.ar.budgetMiB * 1_048_576
        var resolutionM = recipe.ar.resolutionM
        var geometry = GridGeometry(bounds: bounds, resolutionM: resolutionM)
        while Double(TER1.headerBytes + 2 * geometry.width * geometry.height) > budgetBytes {
            resolutionM *= 1.1
            geometry = GridGeometry(bounds: bounds, resolutionM: resolutionM)
        }
        let kernel = ResamplingKernel(rawValue: recipe.terrain.kernel) ?? .cubicSpline
        let (raster, _) = try TerrainStage.filledRegionRaster(geometry: geometry, sources: dem, kernel: kernel, progress: nil)
        let grid = TerrainGrid(width: geometry.width, height: geometry.height, bounds: bounds, elevationsM: try raster.roundedInt16())
        return (grid, geometry.resolutionM, resolutionM > recipe.ar.resolutionM)
    }
}
