/// The sprite's icons and which POI kinds use them (matched in the style's `pois` layer).
public enum SpriteIcons {
    /// Icon name for POI `kind` values (case as written by trailpack: lower case).
    public static let byKind: [(kinds: [String], icon: String)] = [
        (["summit", "peak"], "summit"),
        (["trailhead", "parking"], "trailhead"),
        (["pond", "lake", "water", "spring", "waterfall"], "water"),
        (["viewpoint"], "viewpoint"),
        (["shelter", "hut", "alpine_hut", "camp_site", "wilderness_hut"], "shelter"),
    ]
    /// Any other kind.
    public static let fallback = "poi"
    /// Every icon the sprite holds, in sheet order.
    public static let names = ["summit", "trailhead", "water", "viewpoint", "shelter", "poi"]
    /// Icon size at pixel ratio 1, pixels.
    public static let sizePx = 18
}
