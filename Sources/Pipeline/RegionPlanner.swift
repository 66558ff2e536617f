import Foundation
import TrailGraph
import TrailpackCore

/// `trailpack plan`: what each recipe's build will take, without writing anything. Runs the
/// build's own load and routes stages (`PackBuilder.loadAndPrepare`: inputs read, track routes
/// prepared, the bbox given or derived) and lays the grids with the build's `GridGeometry` and
/// `RouteStage.arGeometry`, so the cells are the ones a build writes. When routes go over the
/// network it also makes the region grid and runs the network stage, as the build does
/// (`laidRoutes`), so their paths are the build's.
public enum RegionPlanner {
    /// Plans each recipe in order; a recipe's problems never stop the others. `flagMiB` is
    /// `--memory-limit-mib`. Two recipes with one region id both get a problem naming the other.
    public static func plan(_ recipePaths: [String], flagMiB: Double? = nil, in env: MemoryEnvironment = .current) -> [RegionPlan] {
        var plans = recipePaths.map { plan($0, flagMiB: flagMiB, in: env) }
        for k in plans.indices {
            guard let id = plans[k].regionID else { continue }
            let others = plans.indices.filter { $0 != k && plans[$0].regionID == id }.map { plans[$0].recipePath }
            if !others.isEmpty {
                plans[k].problems.append("\(plans[k].recipePath): region id \"\(id)\" is also the id of \(others.joined(separator: ", ")); builds into one pack root would replace each other")
            }
        }
        return plans
    }

    /// One recipe's plan.
    static func plan(_ path: String, flagMiB: Double?, in env: MemoryEnvironment) -> RegionPlan {
        var plan = RegionPlan(recipePath: path)
        let recipe: Recipe
        do { recipe = try RecipeLoader.load(path: path) } catch {
            plan.problems.append("\(error)")
            return plan
        }
        plan.regionID = recipe.id
        plan.budget = MemoryBudget.forBuild(recipe, flagMiB: flagMiB, in: env)
        plan.trackBytes = MemoryLimit.trackBytes(recipe)
        plan.inputs = inputs(of: recipe)
        plan.problems += plan.inputs.filter { $0.exists == false }.map { "\(path): the \($0.kind.rawValue) input \($0.path) does not exist" }
        plan.bboxDerived = recipe.bbox == nil
        if let bbox = recipe.bbox { plan.grid = GridGeometry(bounds: bbox, resolutionM: recipe.terrain.resolutionM) }
        guard plan.problems.isEmpty else { return plan }
        do {
            var clock = StageClock()
            let loaded = try PackBuilder.loadAndPrepare(recipe, clock: &clock, progress: nil)
            plan.grid = GridGeometry(bounds: loaded.bbox, resolutionM: recipe.terrain.resolutionM)
            plan.trailBytes = MemoryLimit.trailBytes(loaded.inputs.trails)
            plan.budget?.reservedBytes = plan.trailBytes
            var budgeted = recipe
            budgeted.terrain.memoryBudget = plan.budget
            plan.patches = try patches(recipe, loaded: loaded, laid: try laidRoutes(budgeted, loaded: loaded))
        } catch {
            plan.problems.append("\(error)")
        }
        plan.problems += overLimit(plan)
        return plan
    }

    /// Every route's AR patch as the build lays it: a track's from its prepared path, a route
    /// over the network (through vias, or a track that walks the trails) from its path over it.
    /// - Throws: `BuildError.route` for a route with no vertices.
    static func patches(_ recipe: Recipe, loaded: PackBuilder.Loaded, laid: [String: [LonLat]]) throws -> [PlannedPatch] {
        let budgetCells = Int((recipe.ar.budgetMiB * 1_048_576 - Double(TER1.headerBytes)) / 2)
        return try recipe.routes.compactMap { route -> PlannedPatch? in
            func fail(_ message: String) -> BuildError { .route(id: route.id, location: route.location, message: message) }
            let coords: [LonLat], basis: PlannedPatch.Basis
            if let path = laid[route.id] {
                (coords, basis) = (path, .network)
            } else if let prepared = loaded.prepared.first(where: { $0.recipe.id == route.id }) {
                (coords, basis) = (prepared.coords, .track)
            } else { return nil }
            let (geometry, _) = try RouteStage.arGeometry(for: coords, recipe: recipe, fail: fail)
            return PlannedPatch(routeID: route.id, basis: basis, width: geometry.width, height: geometry.height,
                                resolutionM: geometry.resolutionM, budgetCells: budgetCells)
        }
    }

    /// The paths of the routes the build lays over the network, by route id: the build's own
    /// region grid (warped and filled, whole metres) gives the network its times, and the
    /// build's network stage lays the routes, so plan and build agree. Empty (and no grid made)
    /// when no route goes over the network.
    /// - Throws: what the build's terrain and network stages throw.
    static func laidRoutes(_ recipe: Recipe, loaded: PackBuilder.Loaded) throws -> [String: [LonLat]] {
        guard !loaded.snaps.isEmpty, let graph = loaded.graph else { return [:] }
        let region = try TerrainStage.fillRegion(bbox: loaded.bbox, sources: loaded.inputs.dem, options: recipe.terrain, progress: nil)
        let laid = try NetworkStage.run(recipe, graph: graph, trails: loaded.inputs.trails.filter { !$0.use.closedToHikers },
                                        featureOfTrail: [:], vias: loaded.snaps, terrain: try region.grid())
        return Dictionary(uniqueKeysWithValues: laid.routes.map { ($0.recipe.id, $0.coords) })
    }

    /// The refusal a build would give when the estimate is over a limit set for it: the flag,
    /// the recipe or Slurm (a cgroup or the memory of the machine planning says nothing of the
    /// machine that will build).
    static func overLimit(_ plan: RegionPlan) -> [String] {
        guard let budget = plan.budget, let grid = plan.grid else { return [] }
        switch budget.source {
        case .flag, .recipe, .slurmPerNode, .slurmPerCPU: break
        case .cgroup, .machine, .machineHalf: return []
        }
        do {
            try MemoryLimit.check(width: grid.width, height: grid.height, bytesPerCell: MemoryLimit.regionBytesPerCell,
                                  budget: budget, what: "the region grid", resolutionKey: "terrain.resolutionM")
            for p in plan.patches {
                try MemoryLimit.check(width: p.width, height: p.height, bytesPerCell: MemoryLimit.patchBytesPerCell,
                                      budget: budget, what: "the AR patch of route \"\(p.routeID)\"", resolutionKey: "ar.resolutionM (or lower ar.budgetMiB)")
            }
        } catch {
            return [error.message]
        }
        return []
    }
}
