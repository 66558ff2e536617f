import Bindings
import TrailGraph

/// What a trail feature's tags (OpenStreetMap's, as OGR reads them from an extract or a GeoJSON
/// export) say about walking it.
enum TrailTags {
    /// The tag keys read from OpenStreetMap extracts for this.
    static let keys = ["highway", "access", "foot", "oneway:foot", "sac_scale"]

    /// Values of `access`/`foot` that close a way to hikers.
    static let closedValues: Set<String> = ["no", "private"]
    /// Values of `foot` that open a way to hikers whatever `access` says.
    static let footOpenValues: Set<String> = ["yes", "designated", "permissive", "official"]

    /// The line's use, and whether its coordinates run against the walking direction
    /// (`oneway:foot=-1`, so the caller reverses them).
    static func use(of feature: VectorFeature) -> (use: TrailUse, reversed: Bool) {
        func tag(_ key: String) -> String? { feature.field(key)?.trimmingCharacters(in: .whitespaces).lowercased() }
        let foot = tag("foot"), access = tag("access"), oneway = tag("oneway:foot")
        let closed = foot.map(closedValues.contains) ?? false
            || (access.map(closedValues.contains) ?? false) && !(foot.map(footOpenValues.contains) ?? false)
        let reversed = oneway == "-1" || oneway == "reverse"
        let forward = ["yes", "true", "1"].contains(oneway ?? "")
        let sac = feature.field("sac_scale").flatMap { $0.isEmpty ? nil : $0 }
        return (TrailUse(onewayFoot: forward || reversed, steps: tag("highway") == "steps", sacScale: sac, closedToHikers: closed), reversed)
    }
}
