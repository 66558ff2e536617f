/// Where `GlyphSet.make` finds a range file it made before and keeps the ones it makes, so that
/// builds of many regions render each range of a font once (`MapAssets.GlyphCache` keeps them in
/// a folder). A range file depends only on the font, the font stack name, the range and the
/// renderer: `key` names all of them but the font, whose identity is the store's own.
public protocol GlyphRangeStore {
    /// The PBF kept under `key`, or nil when there is none or it cannot be read back intact.
    func bytes(forKey key: String) -> [UInt8]?
    /// Keeps `bytes` under `key`. Best effort: a file that cannot be kept is made again next time.
    func keep(_ bytes: [UInt8], forKey key: String)
}

extension GlyphSet {
    /// Bumped whenever the bytes made for the same font and range change (`MapLibreGlyphFormat`,
    /// `GlyphPBF`, the spread): kept range files are keyed by it, with the FreeType version.
    public static let formatVersion = 1

    /// The store key of `range` of `fontstack` rendered by FreeType `freeTypeVersion`: every
    /// input of the range file's bytes but the font file itself.
    public static func storeKey(fontstack: String, range: ClosedRange<UInt32>, freeTypeVersion: String) -> String {
        "trailpack glyph range v\(formatVersion); FreeType \(freeTypeVersion); em \(MapLibreGlyphFormat.emSizePx) px; "
            + "spread \(sdfSpreadPx) px; font stack \(fontstack); range \(rangeName(range))"
    }

    /// The range file kept in `store` under `key` when it decodes to exactly one stack named
    /// `fontstack` holding `range`, glyphs ascending within it; nil otherwise (it is made again).
    static func kept(_ store: any GlyphRangeStore, key: String, fontstack: String,
                     range: ClosedRange<UInt32>) -> (file: GlyphRangeFile, ids: [UInt32])? {
        guard let bytes = store.bytes(forKey: key), let stacks = try? GlyphPBF.decode(bytes), stacks.count == 1,
              stacks[0].name == fontstack, stacks[0].range == rangeName(range) else { return nil }
        let ids = stacks[0].glyphs.map(\.id)
        guard ids.allSatisfy(range.contains), zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        let file = GlyphRangeFile(range: range, fileName: rangeName(range) + ".pbf", bytes: bytes, glyphCount: ids.count)
        return (file, ids)
    }
}
