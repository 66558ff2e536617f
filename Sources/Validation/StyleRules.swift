import Bindings
import Foundation
import PackJSON
import PackReader
import TrailpackCore

/// The optional `style.json` and its files under `map/` (SPEC "style.json and map/"; trailpack's
/// choices in docs/FORMAT.md): a MapLibre style (version 8) whose layers have unique ids and
/// name sources that exist, whose sources are all used, whose URLs stay inside the region
/// folder and name files the manifest lists, with the hillshade on its manifest corners, glyph
/// ranges that hold every character of every label in every font stack, a sprite at 1x and 2x
/// holding every icon the style asks for, and vector tiles holding the layers the style reads.
struct StyleRules {
    /// What the rules need from the rest of the region.
    struct Context {
        /// The region folder.
        var folder: URL
        /// Tile archives already read (by `files.contours`' tiles), by relative path: nil when
        /// the archive could not be read (reported then, not again).
        var tiles: [String: TileArchiveContents?] = [:]
        /// The manifest's bbox, which the tiles' zooms and bounds must cover.
        var bbox: BBox?
        var manifestFile: String
        /// `files.hillshade`'s path and bounds, when readable.
        var hillshade: (path: String, bounds: BBox)?
        /// Paths of `files.contours`, `files.trails`, `files.pois` by key.
        var dataFiles: [String: String] = [:]
        /// The parsed GeoJSON files by path.
        var documents: [String: JSONNode] = [:]
        /// Every path the manifest lists, except style.json itself.
        var listed: Set<String> = []
        /// The paths of `files.mapAssets`.
        var mapAssets: Set<String> = []
        /// The bytes of a file of the region folder (safe relative path), read once; nil when absent.
        var read: (String) -> [UInt8]? = { _ in nil }
        /// Parses bytes as strict JSON, reporting `json.syntax` under the given file name.
        var parse: ([UInt8], String) -> JSONNode? = { _, _ in nil }

        init(folder: URL, manifestFile: String) {
            self.folder = folder
            self.manifestFile = manifestFile
        }
    }

    /// A source of the style as read.
    struct Source {
        var name: String
        var node: JSONNode
        var type: String?
        /// The region file a GeoJSON `data`, image `url` or `pmtiles://` url names (checked safe).
        var target: String?
        /// The archive's contents when the source is `pmtiles://` and it could be read.
        var tiles: TileArchiveContents?
    }

    /// The source types of the MapLibre style spec, and the layer types.
    static let sourceTypes: Set<String> = ["vector", "raster", "raster-dem", "geojson", "image", "video"]
    static let layerTypes: Set<String> = ["background", "fill", "line", "symbol", "circle", "heatmap", "fill-extrusion", "raster",
                                          "hillshade", "color-relief"]

    /// Whether MapLibre draws a layer of `layerType` from a source of `sourceType`.
    static func canDraw(layerType: String, sourceType: String) -> Bool {
        switch layerType {
        case "raster": ["raster", "image", "video"].contains(sourceType)
        case "hillshade", "color-relief": sourceType == "raster-dem"
        default: ["geojson", "vector"].contains(sourceType)
        }
    }
    /// The vector tile layers: the SPEC's `contours`, `trails`, `pois`, each with the properties of
    /// the GeoJSON file of its name, and docs/FORMAT.md's `trail-names` (named trails, simplified),
    /// by the key of the GeoJSON file (`files.<key>`) their labels come from.
    static let tileLayerData: [String: String] = ["contours": "contours", "trails": "trails", "pois": "pois", "trail-names": "trails"]
    static let tileLayers = Set(tileLayerData.keys)
    /// MapLibre's `text-font` when a symbol layer names none.
    static let defaultFont = ["Open Sans Regular", "Arial Unicode MS Regular"]

    let file: String
    let prefix: String
    let log: ProblemLog
    let context: Context

    func name(_ relative: String) -> String { prefix + relative }

    func check(_ doc: JSONNode) {
        let fields = JSONFields(file: file, log: log)
        guard fields.typed(doc, .object) != nil else { return }
        if let node = fields.member(doc, "version"), JSONFields.integerValue(node) != 8 {
            log.add(.styleFormat, file: file, node: node, expected: "8 (a MapLibre style, version 8)", found: JSONFields.describe(node))
        }
        let sourcesNode = fields.typed(fields.member(doc, "sources"), .object)
        let layersNode = fields.typed(fields.member(doc, "layers"), .array)
        var sources: [String: Source] = [:]
        for member in sourcesNode?.children ?? [] {
            guard let key = member.key, let source = readSource(key, member, fields: fields) else { continue }
            sources[key] = source
        }
        let layers = layersNode.map { checkLayers($0, sources: &sources, fields: fields) } ?? []
        if let sourcesNode, layersNode != nil {
            let used = Set(layers.compactMap(\.source))
            for member in sourcesNode.children where !used.contains(member.key ?? "") {
                log.add(.styleSourceUsed, file: file, node: member, expected: "a source used by at least one layer (SPEC)",
                        found: "source \(JSONWriter.quoted(member.key ?? "")) used by no layer")
            }
        }
        checkDraws(layers, sources: sources, layersNode: layersNode ?? doc)
        checkGeoJSONSize(layers, sources: sources, layersNode: layersNode ?? doc)
        let sprite = checkSprite(doc, fields: fields)
        checkIcons(layers, sources: sources, sprite: sprite, hasSprite: doc["sprite"] != nil)
        checkGlyphs(doc, layers: layers, sources: sources, fields: fields)
    }

    // MARK: - Sources

    private func readSource(_ key: String, _ node: JSONNode, fields: JSONFields) -> Source? {
        guard fields.typed(node, .object) != nil else { return nil }
        var source = Source(name: key, node: node)
        guard let type = fields.string(node, "type"), let typeNode = node["type"] else { return source }
        source.type = type
        guard Self.sourceTypes.contains(type) else {
            log.add(.styleFormat, file: file, node: typeNode, expected: "a MapLibre source type (\(Self.sourceTypes.sorted().joined(separator: ", ")))",
                    found: JSONWriter.quoted(type))
            return source
        }
        switch type {
        case "geojson":
            guard let data = fields.member(node, "data") else { break }
            if data.type == .string, let url = JSONFields.stringValue(data) {
                source.target = fileURL(url, node: data, allowTiles: false)
            } else if data.type != .object {
                log.add(.jsonType, file: file, node: data, expected: "a relative URL or a GeoJSON object", found: JSONFields.describe(data))
            }
        case "image":
            if let url = fields.string(node, "url"), let urlNode = node["url"] {
                source.target = fileURL(url, node: urlNode, allowTiles: false)
            }
            checkCorners(source, fields: fields)
        case "video":
            for urlNode in fields.typed(fields.member(node, "urls"), .array)?.children ?? [] {
                if let url = fields.string(urlNode) { _ = fileURL(url, node: urlNode, allowTiles: false) }
            }
        default:
            // vector, raster, raster-dem: a `url` (pmtiles:// for the region's tiles) or `tiles` templates.
            if type == "vector", JSONFields.stringValue(node["url"])?.hasPrefix(Self.tilesScheme) != true {
                log.add(.mapTiles, file: file, node: node["url"] ?? node, expected: "vector tiles from a pmtiles:// url (SPEC: map/tiles.pmtiles)",
                        found: node["url"].map(JSONFields.describe) ?? "no url")
            }
            if let urlNode = node["url"] {
                if let url = fields.string(urlNode) {
                    source.target = fileURL(url, node: urlNode, allowTiles: true)
                    if let target = source.target, url.hasPrefix(Self.tilesScheme) {
                        source.tiles = openTiles(target)
                        if let tiles = source.tiles { checkSourceZooms(node, tiles: tiles, fields: fields) }
                    }
                }
            } else if let tiles = fields.typed(fields.member(node, "tiles"), .array) {
                for entry in tiles.children {
                    if let url = fields.string(entry), checkURL(url, node: entry, allowTiles: true) != nil, url.hasPrefix(Self.tilesScheme) {
                        log.add(.styleURL, file: file, node: entry, expected: "pmtiles:// only as a source's url (a client reads the archive by its header)",
                                found: JSONWriter.quoted(url))
                    }
                }
            }
        }
        return source
    }

    /// `style.hillshade-corners`: an image source showing the manifest's hillshade sits on the
    /// corners of `files.hillshade.bounds`, NW, NE, SE, SW, as exact doubles.
    private func checkCorners(_ source: Source, fields: JSONFields) {
        guard let hillshade = context.hillshade, source.target == hillshade.path,
              let coordinates = fields.member(source.node, "coordinates") else { return }
        let b = hillshade.bounds
        let expected = [[b.west, b.north], [b.east, b.north], [b.east, b.south], [b.west, b.south]]
        let found = coordinates.type == .array ? coordinates.children.map { corner in
            corner.type == .array ? corner.children.compactMap { JSONFields.numberValue($0) } : []
        } : []
        guard found != expected else { return }
        func text(_ corners: [[Double]]) -> String {
            "[" + corners.map { "[" + $0.map { "\($0)" }.joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
        }
        log.add(.styleHillshadeCorners, file: file, node: coordinates,
                expected: "\(text(expected)) ([[west, north], [east, north], [east, south], [west, south]] of files.hillshade.bounds, exactly)",
                found: coordinates.type == .array ? text(found) : JSONFields.describe(coordinates))
    }

    /// The archive `target` (listed and present), read by `TileRules` unless the contours' checks
    /// already read it.
    private func openTiles(_ target: String) -> TileArchiveContents? {
        if let read = context.tiles[target] { return read }  // read (or refused) by the contours' checks
        guard let bytes = context.read(target) else { return nil }
        return TileRules(file: name(target), log: log).read(bytes, bbox: context.bbox)
    }

    /// `map.tiles-zoom`: the source's `minzoom` and `maxzoom` are the archive header's (MapLibre
    /// asks for no tile outside them).
    private func checkSourceZooms(_ node: JSONNode, tiles: TileArchiveContents, fields: JSONFields) {
        for (key, expected) in [("minzoom", tiles.minZoom), ("maxzoom", tiles.maxZoom)] {
            guard let value = JSONFields.integerValue(node[key]), value == expected else {
                log.add(.mapTilesZoom, file: file, node: node[key] ?? node, expected: "\(key) \(expected), the archive header's",
                        found: node[key].map(JSONFields.describe) ?? "no \(key)")
                continue
            }
        }
    }

    /// The scheme of a vector source's url naming the region's tile archive.
    static let tilesScheme = "pmtiles://"

    // MARK: - URLs

    /// `style.url`: the URL is relative to the region folder: no scheme but `pmtiles://` (where
    /// allowed) before a relative path, no leading `/`, no `..` segment, no backslash, never
    /// `http`. Returns the path (after `pmtiles://`), nil after reporting.
    func checkURL(_ url: String, node: JSONNode, allowTiles: Bool) -> String? {
        let found = JSONWriter.quoted(url)
        func fail(_ expected: String) -> String? {
            log.add(.styleURL, file: file, node: node, expected: expected + " (SPEC: URLs relative to the region folder)", found: found)
            return nil
        }
        if url.lowercased().hasPrefix("http") { return fail("a relative URL, never http") }
        var path = Substring(url)
        if let colon = url.firstIndex(of: ":"), url[..<colon].wholeMatch(of: #/[A-Za-z][A-Za-z0-9+.\-]*/#) != nil {
            guard allowTiles, url.hasPrefix(Self.tilesScheme) else {
                return fail(allowTiles ? "a relative path, or pmtiles:// and a relative path" : "a relative path with no scheme")
            }
            path = path.dropFirst(Self.tilesScheme.count)
        }
        switch PackDisk.pathProblem(String(path)) {
        case .backslash: return fail("a path using / with no backslash")
        case .absolute: return fail("a path relative to the region folder (no leading /)")
        case .parent: return fail("a path with no .. segment")
        case .empty: return fail("a non-empty path with no empty or . segment")
        case nil: return String(path)
        }
    }

    /// A URL that names one file: checked (`style.url`), present (`style.url-target`) and listed
    /// (`map.asset-listed`). Returns the path when the URL is safe, even if the file is absent.
    private func fileURL(_ url: String, node: JSONNode, allowTiles: Bool) -> String? {
        guard let path = checkURL(url, node: node, allowTiles: allowTiles) else { return nil }
        if context.read(path) == nil {
            log.add(.styleURLTarget, file: file, node: node, expected: "\(name(path)) present in the region folder", found: "no such file")
        } else {
            checkListed(path, node: node)
        }
        return path
    }

    /// `map.asset-listed`: a file the style uses lies under map/ and is in `files.mapAssets`, or
    /// is one of the region's other listed files (hillshade.png, the GeoJSON files).
    func checkListed(_ path: String, node: JSONNode) {
        if path.hasPrefix("map/") {
            guard !context.mapAssets.contains(path) else { return }
            log.add(.mapAssetListed, file: file, node: node, expected: "\(name(path)) listed in files.mapAssets of \(context.manifestFile)",
                    found: "not in files.mapAssets")
        } else if !context.listed.contains(path) {
            log.add(.mapAssetListed, file: file, node: node,
                    expected: "\(name(path)) under map/ and listed in files.mapAssets, or another file the manifest lists",
                    found: "a file the manifest does not list")
        }
    }

    // MARK: - Layers

    /// A layer as read.
    struct Layer {
        var index: Int
        var node: JSONNode
        var type: String?
        /// The source it names, when that source exists.
        var source: String?
        var sourceLayer: String?
    }

    /// Ids (`style.layer-id`), types (`style.format`), sources (`style.layer-source`) and vector
    /// source layers (`map.tiles`).
    private func checkLayers(_ node: JSONNode, sources: inout [String: Source], fields: JSONFields) -> [Layer] {
        var seen: [String: Int] = [:]
        var layers: [Layer] = []
        for (k, layerNode) in node.children.enumerated() {
            guard fields.typed(layerNode, .object) != nil else { continue }
            var layer = Layer(index: k, node: layerNode)
            if let id = fields.string(layerNode, "id"), let idNode = layerNode["id"] {
                if let first = seen[id] {
                    log.add(.styleLayerId, file: file, node: idNode, expected: "a layer id unique in the style (SPEC)",
                            found: "\(JSONWriter.quoted(id)) again (first at layers[\(first)])")
                } else {
                    seen[id] = k
                }
            }
            if let type = fields.string(layerNode, "type"), let typeNode = layerNode["type"] {
                if Self.layerTypes.contains(type) { layer.type = type } else {
                    log.add(.styleFormat, file: file, node: typeNode, expected: "a MapLibre layer type", found: JSONWriter.quoted(type))
                }
            }
            defer { layers.append(layer) }
            guard let type = layer.type, type != "background" else { continue }
            guard let sourceName = fields.string(layerNode, "source"), let sourceNode = layerNode["source"] else { continue }
            guard let source = sources[sourceName] else {
                log.add(.styleLayerSource, file: file, node: sourceNode, expected: "the name of a source in sources",
                        found: "\(JSONWriter.quoted(sourceName)), no such source")
                continue
            }
            layer.source = sourceName
            guard let sourceType = source.type, Self.sourceTypes.contains(sourceType) else { continue }
            if !Self.canDraw(layerType: type, sourceType: sourceType) {
                log.add(.styleLayerSource, file: file, node: sourceNode, expected: "a source a \(type) layer can draw",
                        found: "\(JSONWriter.quoted(sourceName)), a \(sourceType) source")
                continue
            }
            if sourceType == "vector" {
                guard let sourceLayer = fields.string(layerNode, "source-layer"), let sourceLayerNode = layerNode["source-layer"] else { continue }
                layer.sourceLayer = sourceLayer
                if let tiles = source.tiles {
                    if !Self.tileLayers.contains(sourceLayer) || !tiles.layers.contains(sourceLayer) {
                        log.add(.mapTiles, file: file, node: sourceLayerNode,
                                expected: "a layer of \(source.target.map(name) ?? "the tiles") among contours, trails, pois (SPEC) and trail-names (docs/FORMAT.md); it has \(tiles.layers.joined(separator: ", "))",
                                found: JSONWriter.quoted(sourceLayer))
                    }
                }
            }
        }
        return layers
    }

    /// `style.draws`: the style draws the region from its own files (SPEC): the hillshade image,
    /// contours, trails and POIs, each labelled but the hillshade.
    private func checkDraws(_ layers: [Layer], sources: [String: Source], layersNode: JSONNode) {
        var drawn: Set<String> = [], labelled: Set<String> = []
        for layer in layers {
            guard let sourceName = layer.source, let source = sources[sourceName] else { continue }
            var what: String?
            if let hillshade = context.hillshade, source.type == "image", source.target == hillshade.path { what = "hillshade" }
            for (key, path) in context.dataFiles where source.type == "geojson" && source.target == path { what = key }
            if source.type == "vector", source.tiles != nil, let sourceLayer = layer.sourceLayer, let key = Self.tileLayerData[sourceLayer] {
                what = key
            }
            guard let what else { continue }
            drawn.insert(what)
            if layer.type == "symbol", layer.node["layout"]?["text-field"] != nil { labelled.insert(what) }
        }
        // What there is to draw: the hillshade; contours, trails (routes are features of
        // trails.geojson too) and POIs when their file has features; labels for contours, named
        // trails that are not routes (route names are not drawn, docs/FORMAT.md) and named POIs.
        var missing: [String] = []
        if context.hillshade != nil, !drawn.contains("hillshade") { missing.append("no layer draws hillshade") }
        for what in ["contours", "trails", "pois"] {
            guard let path = context.dataFiles[what], let features = context.documents[path]?["features"]?.children, !features.isEmpty else { continue }
            if !drawn.contains(what) { missing.append("no layer draws \(what)"); continue }
            let named = what == "contours" || features.contains { f in
                f["properties"]?["routeId"] == nil && JSONFields.stringValue(f["properties"]?["name"]).map { !$0.isEmpty } == true
            }
            if named, !labelled.contains(what) { missing.append("no symbol layer labels \(what)") }
        }
        if !missing.isEmpty {
            log.add(.styleDraws, file: file, node: layersNode,
                    expected: "layers drawing the hillshade, contours, trails and POIs from the region's files, contours, trails and POIs labelled (SPEC)",
                    found: missing.joined(separator: "; "))
        }
    }
}

extension JSONFields {
    /// `node` as a string; reports `json.type` otherwise.
    func string(_ node: JSONNode) -> String? { Self.stringValue(typed(node, .string)) }
}
