import Foundation

extension RegionPlanner {
    /// Every file `recipe` reads, in recipe order: DEMs, trails, POI files, tracks. A remote
    /// input (`RecipeLoader.isRemote`: `/vsicurl/` for http(s), `/vsis3/`...) is listed, not
    /// checked; a local one is checked for existence (the file behind `/vsizip/`...).
    static func inputs(of recipe: Recipe) -> [PlannedInput] {
        let files: [(String, PlannedInput.Kind)] = recipe.dem.map { ($0, .dem) } + recipe.trails.map { ($0, .trails) }
            + recipe.pois.compactMap { if case .file(let p, _) = $0 { (p, .pois) } else { nil } }
            + recipe.routes.compactMap { if case .track(let p, _, _) = $0.source { (p, .track) } else { nil } }
        var seen = Set<String>()
        return files.compactMap { path, kind in
            guard seen.insert("\(kind.rawValue) \(path)").inserted else { return nil }
            let remote = RecipeLoader.isRemote(path)
            return PlannedInput(path: path, kind: kind, isRemote: remote,
                                exists: remote ? nil : FileManager.default.fileExists(atPath: RecipeLoader.physicalFile(path)))
        }
    }
}
