import Foundation
import PackJSON
import PackSpec
import TrailpackCore

/// The parts of a recipe `RecipeLoader.decode` reads, one key or object each.
extension RecipeLoader {
    /// A file path, resolved against the recipe's `folder` (`resolvePath`).
    /// - Throws: the node's error for an empty string or a value that is not one.
    static func resolveFile(_ node: JSONNode, folder: URL) throws -> String {
        let raw = try node.string()
        guard !raw.isEmpty else { throw node.error("expected a file path, found an empty string") }
        return resolvePath(raw, relativeTo: folder)
    }

    /// A region or route id (`PackTree.isValidId`).
    /// - Throws: the node's error naming the rule.
    static func validId(_ node: JSONNode) throws -> String {
        let s = try node.string()
        guard PackTree.isValidId(s) else {
            throw node.error("\"\(s)\" is not a valid id (lower-case letters, digits and '-', starting with a letter or digit, at most 63 characters)")
        }
        return s
    }

    /// `attribution`: one string or a list, none empty and none a placeholder.
    /// - Throws: the node's error naming what to credit instead.
    static func attribution(_ node: JSONNode) throws -> [String] {
        let parts = node.type == .string ? [node] : try node.array()
        let texts = try parts.map { try $0.string() }
        guard !texts.isEmpty, texts.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw node.error("attribution needs at least one non-empty string (e.g. the DEM's source and \"© OpenStreetMap contributors\")")
        }
        for (part, text) in zip(parts, texts) {
            if let why = PlaceholderText.reason(text) {
                throw part.error("\"\(text)\" is a placeholder: \(why); credit the real source, e.g. \"Elevation: SRTM 3 arc-second, NASA/USGS (public domain)\"")
            }
        }
        return texts
    }

    /// `bbox`: [west, south, east, north], a valid box.
    /// - Throws: the node's error for another count or a box that is not one.
    static func bbox(_ node: JSONNode) throws -> BBox {
        let v = try node.array().map { try $0.double() }
        guard v.count == 4 else { throw node.error("expected [west, south, east, north], found \(v.count) numbers") }
        let b = BBox(west: v[0], south: v[1], east: v[2], north: v[3])
        if let problem = b.problem { throw node.error("invalid bbox: \(problem)") }
        return b
    }

    /// `dem`: a path, one `{ file, verticalUnit }`, or a list of them (Recipes/README.md), into
    /// `recipe.dem` and `recipe.demVerticalUnits`.
    /// - Throws: the node's error for an unknown key, a bad path or unit, or no source.
    static func readDEM(_ dem: JSONNode, into recipe: inout Recipe, resolve: (JSONNode) throws -> String) throws {
        recipe.dem = try (dem.type == .array ? try dem.array() : [dem]).map { entry in
            guard entry.type == .object else { return try resolve(entry) }
            try entry.requireOnlyKeys(RecipeObject.demSource.keys)
            let file = try resolve(entry.member("file"))
            if let u = entry["verticalUnit"] { recipe.demVerticalUnits[file] = try verticalUnit(u) }
            return file
        }
        guard !recipe.dem.isEmpty else { throw dem.error("at least one DEM source is needed") }
    }

    /// `ar`: the AR patch's resolution, margin and budget, each within its range.
    /// - Throws: the node's error for an unknown key or a value out of range.
    static func readAR(_ a: JSONNode, into recipe: inout Recipe) throws {
        try a.requireOnlyKeys(RecipeObject.ar.keys)
        if let v = a["resolutionM"] {
            recipe.ar.resolutionM = try v.double(in: RecipeNumber.arResolutionM.range)
            recipe.ar.resolutionIsExplicit = true
        }
        if let v = a["marginM"] { recipe.ar.marginM = try v.double(in: RecipeNumber.arMarginM.range) }
        if let v = a["budgetMiB"] { recipe.ar.budgetMiB = try v.double(in: RecipeNumber.arBudgetMiB.range) }
    }

    /// `stats`: the hiking-time model's numbers, each within its range.
    /// - Throws: the node's error for an unknown key or a value out of range.
    static func readStats(_ s: JSONNode, into recipe: inout Recipe) throws {
        try s.requireOnlyKeys(RecipeObject.stats.keys)
        if let v = s["thresholdM"] { recipe.stats.thresholdM = try v.double(in: RecipeNumber.thresholdM.range) }
        if let v = s["flatSpeedKmh"] { recipe.stats.flatSpeedKmh = try v.double(in: RecipeNumber.flatSpeedKmh.range) }
        if let v = s["ascentMPerH"] { recipe.stats.ascentMPerH = try v.double(in: RecipeNumber.ascentMPerH.range) }
        if let v = s["descentMPerH"] { recipe.stats.descentMPerH = try v.double(in: RecipeNumber.descentMPerH.range) }
    }

    /// `routes`: at most `PackLimits.maxRoutesPerRegion`, each with a unique id, a name, and
    /// either `via` or `track` (`route`).
    /// - Throws: the node's error for too many routes, a repeated id or a route that cannot be read.
    static func routes(_ r: JSONNode, path: String, resolve: (JSONNode) throws -> String) throws -> [RouteRecipe] {
        var seen: Set<String> = []
        let items = try r.array()
        guard items.count <= PackLimits.maxRoutesPerRegion else {
            throw r.error("\(items.count) routes: a region holds at most \(PackLimits.maxRoutesPerRegion) (split it into several regions)")
        }
        return try items.map { try route($0, path: path, seen: &seen, resolve: resolve) }
    }

    /// One route of `routes` (its id not among `seen`, then added), with its track options and
    /// where it stands in the recipe.
    /// - Throws: the node's error for an unknown key, a bad or repeated id, or neither or both of
    ///   via and track.
    static func route(_ node: JSONNode, path: String, seen: inout Set<String>,
                      resolve: (JSONNode) throws -> String) throws -> RouteRecipe {
        try node.requireOnlyKeys(RecipeObject.route.keys)
        let routeID = try validId(node.member("id"))
        guard seen.insert(routeID).inserted else { throw try node.member("id").error("route id \"\(routeID)\" is used twice") }
        let source: RouteRecipe.Source
        switch (node["via"], node["track"]) {
        case (let via?, nil): source = try viaSource(via)
        case (nil, let track?): source = try trackSource(track, resolve: resolve)
        case (nil, nil): throw node.error("a route needs either \"via\" (points routed over the trails) or \"track\" (a recorded line)")
        case (_?, _?): throw node.error("a route takes \"via\" or \"track\", not both")
        }
        var route = RouteRecipe(id: routeID, name: try node.member("name").string(), blurb: try node["blurb"]?.string() ?? "",
                                source: source, location: "\(path):\(node.position.line)")
        if let via = node["via"] { route.viaLine = via.position.line }
        if let j = node["track"]?["joinM"] { route.trackJoinM = try j.double(in: RecipeNumber.joinM.range) }
        if let s = node["track"]?["snap"] { route.trackSnap = try s.bool() }
        if let d = node["track"]?["drawn"] { route.trackDrawn = try d.bool() }
        if let g = node["track"]?["gaps"] { route.trackGaps = try gapMode(g) }
        return route
    }

    /// `via`: at least two points, each a POI name or [lon, lat].
    /// - Throws: the node's error for fewer points or one that cannot be read.
    static func viaSource(_ via: JSONNode) throws -> RouteRecipe.Source {
        let points = try via.array().map { v throws -> RouteRecipe.ViaSpec in
            if v.type == .string { return .poi(try v.string()) }
            return .point(try lonLat(v))
        }
        guard points.count >= 2 else { throw via.error("a routed path needs at least 2 via points, found \(points.count)") }
        return .via(points)
    }
}
