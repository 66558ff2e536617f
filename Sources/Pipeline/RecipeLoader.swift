import Bindings
import Foundation
import PackJSON
import PackSpec
import TrailpackCore

/// Reads a recipe file (JSON5: comments and trailing commas allowed) into a `Recipe`.
/// Unknown keys, wrong types and out-of-range values are errors naming the file, line and key path.
public enum RecipeLoader {
    /// Loads and checks the recipe at `path`.
    /// - Throws: `BuildError.recipe` for anything malformed, `BuildError.input` when the file cannot be read.
    public static func load(path: String) throws -> Recipe {
        do throws(InputFile.NotRegular) { try InputFile.check(path) } catch {
            throw BuildError.input(file: path, place: "", message: "cannot read the recipe: it \(error.message)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw unreadableRecipe(path)
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(data, mode: .json5)
        } catch {
            throw BuildError.recipe(file: path, line: error.line, keyPath: "", message: "syntax error at column \(error.column): \(error.message)")
        }
        do {
            return try decode(root, path: path)
        } catch let e as JSONAccessError {
            throw BuildError.recipe(file: path, line: e.line, keyPath: e.path.description, message: e.message)
        }
    }

    /// Why the recipe at `path` cannot be read: missing, a folder, or no permission.
    static func unreadableRecipe(_ path: String) -> BuildError {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return .input(file: path, place: "", message: "no such recipe file")
        }
        let why = isFolder.boolValue ? "it is a directory, not a regular file (give the recipe's .json5 file)" : "no read permission"
        return .input(file: path, place: "", message: "cannot read the recipe: \(why)")
    }

    /// The recipe in `root`, read from `path`: every key checked, paths resolved against the
    /// recipe's folder, in the order the keys are documented (so the first problem is named).
    /// - Throws: `JSONNode`'s error naming the line and key of the first problem.
    static func decode(_ root: JSONNode, path: String) throws -> Recipe {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let resolve = { (node: JSONNode) throws -> String in try resolveFile(node, folder: folder) }
        try root.requireOnlyKeys(RecipeObject.root.keys)
        var recipe = Recipe(path: path, id: try validId(root.member("id")), name: try root.member("name").string(),
                            attribution: try attribution(root.member("attribution")), bbox: try root["bbox"].map(bbox), dem: [])
        if let m = root["bboxMarginM"] { recipe.bboxMarginM = try m.double(in: RecipeNumber.bboxMarginM.range) }
        try readDEM(root.member("dem"), into: &recipe, resolve: resolve)
        if let t = root["trails"] { recipe.trails = t.type == .string ? [try resolve(t)] : try t.array().map(resolve) }
        if let names = root["trailNames"] {
            for member in try names.object() {
                recipe.trailNames[member.key ?? ""] = try member.string()
            }
        }
        if let t = root["trailTags"] { recipe.trailTags = try trailTags(t) }
        if let p = root["pois"] { recipe.pois = try p.array().map { try poiSource($0, resolve: resolve) } }
        if let t = root["terrain"] { recipe.terrain = try terrainOptions(t) }
        if let a = root["ar"] { try readAR(a, into: &recipe) }
        if let s = root["stats"] { try readStats(s, into: &recipe) }
        if let l = root["landmarks"] { recipe.landmarks = try landmarkOptions(l) }
        if let m = root["map"] {
            try m.requireOnlyKeys(RecipeObject.map.keys)
            if let v = m["vectorTilesAboveMB"] { recipe.map.vectorTilesAboveMB = try v.double(in: RecipeNumber.vectorTilesAboveMB.range) }
        }
        if let v = root["sizeBudgetMB"] { recipe.sizeBudgetMB = try v.double(in: RecipeNumber.sizeBudgetMB.range) }
        if let r = root["routes"] { recipe.routes = try routes(r, path: path, resolve: resolve) }
        if recipe.bbox == nil && recipe.routes.isEmpty && recipe.trails.isEmpty {
            throw root.error("without \"bbox\", the region is derived from routes and trails, and this recipe has neither")
        }
        return recipe
    }

    /// Resolves a recipe path against the recipe's folder and maps it onto GDAL's virtual file
    /// systems (`.zip`, `.tar`/`.tgz`, `.gz`, `http(s)://`), as `DEMFile.gdalPath` does for
    /// every DEM build and validate read.
    static func resolvePath(_ raw: String, relativeTo folder: URL) -> String {
        DEMFile.gdalPath(raw, relativeTo: folder)
    }

    /// True for inputs read over the network (`/vsicurl/`, `/vsis3/`...): no local file to list.
    public static func isRemote(_ path: String) -> Bool {
        ["/vsicurl", "/vsis3", "/vsigs", "/vsiaz", "/vsiadls", "/vsioss", "/vsiswift", "/vsiwebhdfs", "/vsihdfs"]
            .contains { path.contains($0) }
    }

    /// The file behind a possibly `/vsizip/`-, `/vsitar/`- or `/vsigzip/`-prefixed path (what a
    /// depfile lists).
    public static func physicalFile(_ path: String) -> String {
        guard path.hasPrefix("/vsi") else { return path }
        let inner = String(path.dropFirst(1).drop(while: { $0 != "/" }).dropFirst())
        for archive in [".zip", ".tar.gz", ".tgz", ".tar"] {
            if let range = inner.range(of: archive, options: .caseInsensitive) { return String(inner[..<range.upperBound]) }
        }
        return inner
    }

    static func verticalUnit(_ node: JSONNode) throws -> VerticalUnit {
        let raw = try node.string()
        guard let unit = VerticalUnit(rawValue: raw) else {
            throw node.error("unknown vertical unit \"\(raw)\"; expected \"m\", \"ft\" (international foot) or \"ftUS\" (US survey foot)")
        }
        return unit
    }

    static func lonLat(_ node: JSONNode) throws -> LonLat {
        let v = try node.array().map { try $0.double() }
        guard v.count == 2, (-180...180).contains(v[0]), (-85.05...85.05).contains(v[1]) else {
            throw node.error("expected [lon, lat] in degrees (lon -180...180, lat -85.05...85.05)")
        }
        return LonLat(v[0], v[1])
    }

    static func poiSource(_ node: JSONNode, resolve: (JSONNode) throws -> String) throws -> Recipe.POISource {
        if node.type == .string { return .file(path: try resolve(node), defaultKind: "poi") }
        try node.requireOnlyKeys(RecipeObject.poi.keys)
        if let file = node["file"] {
            return .file(path: try resolve(file), defaultKind: try node["kind"]?.string() ?? "poi")
        }
        let lon = try node.member("lon").double(in: -180...180), lat = try node.member("lat").double(in: -85.05...85.05)
        return .inline(PointOfInterest(name: try node.member("name").string(), kind: try node["kind"]?.string() ?? "poi",
                                       location: LonLat(lon, lat)))
    }

    static func trackSource(_ node: JSONNode, resolve: (JSONNode) throws -> String) throws -> RouteRecipe.Source {
        if node.type == .string { return .track(path: try resolve(node), select: .first, reversed: false) }
        try node.requireOnlyKeys(RecipeObject.track.keys)
        var select = RouteRecipe.TrackSelector.first
        if let s = node["select"] {
            select = s.type == .string ? .name(try s.string()) : .index(try s.int(in: 0...1_000_000))
        }
        return .track(path: try resolve(node.member("file")), select: select, reversed: try node["reverse"]?.bool() ?? false)
    }

    /// `track.gaps`: `"error"` or `"trails"`.
    static func gapMode(_ node: JSONNode) throws -> RouteRecipe.GapMode {
        let raw = try node.string()
        guard let mode = RouteRecipe.GapMode(rawValue: raw) else {
            throw node.error("unknown gap mode \"\(raw)\"; expected \"error\" (a gap wider than joinM stops the build) or \"trails\" (the route follows the trails across it)")
        }
        return mode
    }

    /// `trailTags: { highway: ["path", ...], route: true }`: tag key -> accepted values, `true` for any value.
    static func trailTags(_ node: JSONNode) throws -> OSMTagFilter {
        var tags: [String: [String]] = [:]
        for member in try node.object() {
            let key = member.key ?? ""
            if member.type == .bool {
                guard try member.bool() else { throw member.error("use true (any value) or a list of values") }
                tags[key] = []
            } else {
                let values = try member.array().map { try $0.string() }
                guard !values.isEmpty else { throw member.error("an empty list accepts nothing; use true for any value") }
                tags[key] = values
            }
        }
        guard !tags.isEmpty else { throw node.error("trailTags needs at least one tag, e.g. { highway: [\"path\", \"footway\"] }") }
        return OSMTagFilter(tags: tags)
    }

    static func terrainOptions(_ t: JSONNode) throws -> Recipe.TerrainOptions {
        var o = Recipe.TerrainOptions()
        try t.requireOnlyKeys(RecipeObject.terrain.keys)
        if let v = t["memoryLimitMiB"] { o.memoryLimitMiB = try v.double(in: RecipeNumber.memoryLimitMiB.range) }
        if let v = t["voids"] {
            try v.requireOnlyKeys(RecipeObject.voids.keys)
            if let d = v["maxFillDistanceM"] { o.voids.maxFillDistanceM = try d.double(in: RecipeNumber.maxFillDistanceM.range) }
            if let d = v["maxFilledPercent"] { o.voids.maxFilledPercent = try d.double(in: RecipeNumber.maxFilledPercent.range) }
            if let d = v["warnFilledPercent"] { o.voids.warnFilledPercent = try d.double(in: RecipeNumber.warnFilledPercent.range) }
            if let d = v["maxRouteFilledM"] { o.voids.maxRouteFilledM = try d.double(in: RecipeNumber.maxRouteFilledM.range) }
        }
        if let v = t["resolutionM"] {
            o.resolutionM = try v.double(in: RecipeNumber.terrainResolutionM.range)
            o.resolutionIsExplicit = true
        }
        if let v = t["kernel"] {
            let k = try v.string()
            guard ["cubicspline", "bilinear", "cubic"].contains(k) else {
                throw v.error("unknown kernel \"\(k)\"; expected \"cubicspline\", \"bilinear\" or \"cubic\"")
            }
            o.kernel = k
        }
        if let v = t["contourIntervalM"] { o.contourIntervalM = try v.double(in: RecipeNumber.contourIntervalM.range) }
        if let h = t["hillshade"] {
            try h.requireOnlyKeys(RecipeObject.hillshade.keys)
            if let v = h["azimuthDeg"] { o.hillshade.azimuthDeg = try v.double(in: RecipeNumber.azimuthDeg.range) }
            if let v = h["altitudeDeg"] { o.hillshade.altitudeDeg = try v.double(in: RecipeNumber.altitudeDeg.range) }
            if let v = h["zFactor"] { o.hillshade.zFactor = try v.double(in: RecipeNumber.zFactor.range) }
            if let v = h["multidirectional"] { o.hillshade.multidirectional = try v.bool() }
        }
        return o
    }
}
