import Foundation
import Landmarks
import PackJSON
import TrailpackCore

extension RecipeLoader {
    /// The recipe's `landmarks` object: `{ maxDistanceM, minProminenceM, demSummits, include, exclude }`.
    /// `include` entries are POI names or inline `{ name, kind, lon, lat }`; `exclude` holds names.
    /// - Throws: `BuildError.recipe` (via the node) for unknown keys, wrong types and out-of-range values.
    static func landmarkOptions(_ node: JSONNode) throws -> LandmarkOptions {
        var o = LandmarkOptions()
        try node.requireOnlyKeys(RecipeObject.landmarks.keys)
        if let v = node["maxDistanceM"] { o.maxDistanceM = try v.double(in: RecipeNumber.landmarkMaxDistanceM.range) }
        if let v = node["minProminenceM"] { o.minProminenceM = try v.double(in: RecipeNumber.minProminenceM.range) }
        if let v = node["demSummits"] { o.demSummits = try v.bool() }
        if let list = node["include"] {
            o.include = try list.array().map { item throws -> LandmarkOptions.Inclusion in
                if item.type == .string { return .poi(try item.string()) }
                try item.requireOnlyKeys(RecipeObject.landmarkPoint.keys)
                let lon = try item.member("lon").double(in: -180...180), lat = try item.member("lat").double(in: -85.05...85.05)
                return .point(name: try item.member("name").string(), kind: try item["kind"]?.string() ?? "landmark",
                              location: LonLat(lon, lat))
            }
        }
        if let list = node["exclude"] { o.exclude = try list.array().map { try $0.string() } }
        return o
    }
}
