import PackJSON
import PMTiles
import TrailpackCore
import VectorTiles

/// What the validator read of a region's vector tile archive (`TileRules.read`), for the
/// style's, the glyphs', the contours' and the DEM's checks.
struct TileArchiveContents {
    var minZoom: Int
    var maxZoom: Int
    /// Layers any tile holds.
    var layers: Set<String> = []
    /// Per layer, per property key: every text a label can show of it, with where it first is.
    var texts: [String: [String: [String: String]]] = [:]
    /// The contour lines of the deepest zoom, in lon/lat (vertices inside their tile only).
    var contours: [TileLine] = []
}

/// `map.tiles`, `map.tiles-size` and `map.tiles-zoom` over one PMTiles archive (SPEC `style.json
/// and map/`): it opens, every tile gunzips and decodes, no tile is over `maxTileBytes`, its
/// zooms and bounds cover the region, its metadata names its layers, and features carry the
/// properties the style reads. Linear in the archive's size.
struct TileRules {
    /// The file as problems name it.
    let file: String
    let log: ProblemLog

    /// The most bytes a tile may gunzip to (MapLibre parses a tile whole on the phone).
    static let maxTileBytes = 500_000
    /// The short side of the screen a whole region must fit at the tiles' minzoom (SPEC: 360x640 px).
    static let screenShortPx = 360.0
    /// The deepest zoom the tiles must reach (the app's closest view over-zooms it).
    static let requiredMaxZoom = 14
    /// Properties every feature of a layer carries (SPEC: those the style reads).
    static let requiredProperties: [String: [String]] = ["contours": ["ele", "index"], "pois": ["name", "kind"]]

    /// Opens and checks `bytes`; nil (after reporting `map.tiles`) when the archive cannot be read.
    func read(_ bytes: [UInt8], bbox: BBox?) -> TileArchiveContents? {
        let tiles: PackTiles
        do { tiles = try PackTiles(bytes: bytes) } catch {
            log.add(.mapTiles, file: file, at: .byte(Int(error.byteOffset)), expected: "a PMTiles v3 archive (SPEC)", found: error.message)
            return nil
        }
        let header = tiles.archive.header
        if header.tileType != .mvt {
            log.add(.mapTiles, file: file, at: .byte(99), expected: "tile type MVT (1)", found: "\(header.tileType)")
        }
        guard !tiles.entries.isEmpty else {
            log.add(.mapTiles, file: file, at: .file, expected: "at least one tile", found: "an archive with none")
            return nil
        }
        var contents = TileArchiveContents(minZoom: Int(header.minZoom), maxZoom: Int(header.maxZoom))
        checkZooms(header, bbox: bbox)
        checkMetadata(tiles.archive.metadata)
        readTiles(tiles, into: &contents)
        return contents
    }

    /// Decodes every tile once: sizes, layers, properties, label texts, the deepest zoom's
    /// contours (vertices inside their tile).
    private func readTiles(_ tiles: PackTiles, into contents: inout TileArchiveContents) {
        var oversized: [(TileZXY, Int)] = [], missing: (place: String, key: String, offset: Int)?
        let deepest = tiles.entries.map(\.tile.z).max() ?? 0
        for entry in tiles.entries {
            let decoded: (layers: [MVTLayer], bytes: Int)
            do { decoded = try tiles.layers(of: entry) } catch {
                log.add(.mapTiles, file: file, at: .byte(Int(entry.fileOffsetBytes)), expected: "every tile gzip-compressed MVT 2.1", found: error.description)
                continue
            }
            if decoded.bytes > Self.maxTileBytes { oversized.append((entry.tile, decoded.bytes)) }
            for layer in decoded.layers {
                contents.layers.insert(layer.name)
                if layer.name == "contours", entry.tile.z == deepest {
                    contents.contours += PackTiles.lines(of: layer, in: entry.tile, insideOnly: true)
                }
                for (k, feature) in layer.features.enumerated() {
                    for key in Self.requiredProperties[layer.name] ?? [] where missing == nil && feature.property(key) == nil {
                        missing = ("tile \(entry.tile), \(layer.name) feature \(k)", key, Int(entry.fileOffsetBytes))
                    }
                    for (key, value) in feature.properties {
                        let text = Self.labelText(value)
                        if contents.texts[layer.name, default: [:]][key, default: [:]][text] == nil {
                            contents.texts[layer.name, default: [:]][key, default: [:]][text] = "\(file) tile \(entry.tile) \(layer.name)[\(k)].\(key)"
                        }
                    }
                }
            }
        }
        if let missing {
            log.add(.mapTiles, file: file, at: ProblemLocation(jsonPath: missing.place, byteOffset: missing.offset),
                    expected: "every feature with the properties the style reads (\(missing.key))", found: "no \(missing.key)")
        }
        reportOversized(oversized)
    }

    private func reportOversized(_ oversized: [(TileZXY, Int)]) {
        guard let worst = oversized.max(by: { $0.1 < $1.1 }) else { return }
        log.add(.mapTilesSize, file: file, at: ProblemLocation(jsonPath: "tile \(worst.0)"),
                expected: "every tile at most \(Self.maxTileBytes) bytes gunzipped",
                found: "\(oversized.count) tiles over it, the largest \(worst.1) bytes")
    }

    /// A property value as MapLibre shows it in a label (numbers may print any digit).
    static func labelText(_ value: TileValue) -> String {
        switch value {
        case .string(let s): s
        case .int(let v): String(v)
        case .uint(let v): String(v)
        case .double, .float: StyleRules.numberCharacters
        case .bool(let b): b ? "true" : "false"
        }
    }

    /// `map.tiles-zoom`: the header's zooms and bounds against the region.
    private func checkZooms(_ header: PMTilesHeader, bbox: BBox?) {
        if Int(header.maxZoom) < Self.requiredMaxZoom {
            log.add(.mapTilesZoom, file: file, at: .byte(101), expected: "maxzoom at least \(Self.requiredMaxZoom)", found: "\(header.maxZoom)")
        }
        guard let bbox else { return }
        let fit = WebMercator.fitZoom(bbox, screenPx: Self.screenShortPx)
        if Int(header.minZoom) > fit {
            log.add(.mapTilesZoom, file: file, at: .byte(100),
                    expected: "minzoom at most \(fit), where the region fits a 360x640 screen held either way (SPEC)", found: "\(header.minZoom)")
        }
        // E7 integers: a bound within one unit of the bbox's covers it.
        let e7 = { (degrees: Double) in degrees * 1e7 }
        let (w, s, e, n) = (Double(header.minLonE7), Double(header.minLatE7), Double(header.maxLonE7), Double(header.maxLatE7))
        if w > e7(bbox.west) + 1 || s > e7(bbox.south) + 1 || e < e7(bbox.east) - 1 || n < e7(bbox.north) - 1 {
            log.add(.mapTilesZoom, file: file, at: .byte(102), expected: "header bounds covering the region bbox \(bbox)",
                    found: "[\(w / 1e7), \(s / 1e7), \(e / 1e7), \(n / 1e7)] (E7 integers)")
        }
    }

    /// `map.tiles-zoom`: the metadata is JSON naming every layer with its zoom range (SPEC).
    private func checkMetadata(_ bytes: [UInt8]) {
        let root = try? JSONParser.parse(bytes)
        let layers = root?["vector_layers"]?.children ?? []
        let named = layers.allSatisfy { JSONFields.stringValue($0["id"]) != nil && JSONFields.numberValue($0["minzoom"]) != nil && JSONFields.numberValue($0["maxzoom"]) != nil }
        if layers.isEmpty || !named {
            log.add(.mapTilesZoom, file: file, at: .file, expected: "metadata JSON whose vector_layers name every layer with its minzoom and maxzoom (SPEC)",
                    found: root == nil ? "metadata that is no JSON" : "vector_layers missing or incomplete")
        }
    }
}

