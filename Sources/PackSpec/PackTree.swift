/// The SPEC's names: ids, the files of a region folder, and the format's fixed numbers. The
/// builder writes by these names and every reader of packs (validate, preview, route, bench)
/// expects them, so they live here once.
public enum PackTree {
    /// `formatVersion` of every manifest and routing.json this tool writes and reads.
    public static let formatVersion = 1
    /// The first word of `generator` (then a semantic version).
    public static let generatorName = "trailpack"

    /// The region-wide files of the SPEC's Tree, by their key in `files`.
    public static let terrain = "terrain.bin"
    public static let hillshade = "hillshade.png"
    public static let contours = "contours.geojson"
    public static let trails = "trails.geojson"
    public static let pois = "pois.geojson"
    public static let routing = "routing.json"
    public static let style = "style.json"
    public static let manifest = "manifest.json"
    public static let catalog = "catalog.json"
    /// The folder under a pack root that holds the region folders.
    public static let regions = "regions"

    /// `routes/<routeId>.json`.
    public static func routeFile(_ routeId: String) -> String { "routes/\(routeId).json" }
    /// `ar/<routeId>.bin`.
    public static func arPatchFile(_ routeId: String) -> String { "ar/\(routeId).bin" }
    /// `regions/<regionId>/manifest.json`, relative to the pack root.
    public static func manifestPath(_ regionId: String) -> String { "\(regions)/\(regionId)/\(manifest)" }

    /// True when `id` matches the SPEC's `^[a-z0-9][a-z0-9-]{0,62}$`.
    public static func isValidId(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...63).contains(bytes.count) else { return false }
        func allowed(_ b: UInt8) -> Bool { (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) }
        return allowed(bytes[0]) && bytes.dropFirst().allSatisfy { allowed($0) || $0 == UInt8(ascii: "-") }
    }

    /// The SPEC's id pattern, for messages.
    public static let idPattern = "^[a-z0-9][a-z0-9-]{0,62}$"
}
