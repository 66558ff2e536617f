import PackJSON
import PackReader
import PackSpec
import TrailpackCore

extension RegionValidator {
    /// `files.contours` in the map's tiles (SPEC: `{ intervalM, tiles, layer }`): the entry's
    /// shape, no contours.geojson beside it, the archive read once (`TileRules`, kept for the
    /// style's checks), its contour layer present, every contour's `ele` and `index`, and the
    /// deepest zoom's lines handed to the DEM comparison.
    func checkContourTiles(_ node: JSONNode, _ m: Manifest, _ g: inout Gathered) {
        let fields = m.fields
        for key in ["path", "bytes", "sha256"] where node[key] != nil {
            log.add(.contoursTiles, file: fields.file, node: node[key]!, expected: "files.contours with tiles has no \(key) (SPEC: no contours.geojson)",
                    found: "\(key) beside tiles")
        }
        if disk.entries.contains(where: { $0.relativePath == PackTree.contours }) {
            log.add(.contoursTiles, file: name(PackTree.contours), at: .file, expected: "no contours.geojson when the contours are in the tiles (SPEC)",
                    found: "the file is there")
        }
        let intervalM = contourInterval(node, fields: fields)
        guard let path = fields.string(node, "tiles"), let pathNode = node["tiles"], let layer = fields.string(node, "layer"),
              PackPaths.checkRelativePath(path, node: pathNode, fields: fields) else { return }
        let listed = (m.filesNode?["mapAssets"]?.children ?? []).contains { JSONFields.stringValue($0["path"]) == path }
        guard listed, let bytes = read(path) else {
            log.add(.contoursTiles, file: fields.file, node: pathNode, expected: "a tile archive listed in files.mapAssets and present",
                    found: listed ? "\(name(path)) missing" : "\(JSONWriter.quoted(path)) not in files.mapAssets")
            return
        }
        let read = TileRules(file: name(path), log: log).read(bytes, bbox: m.bbox)
        g.style.tiles[path] = .some(read)
        guard let contents = read else { return }
        guard contents.layers.contains(layer) else {
            log.add(.contoursTiles, file: fields.file, node: node["layer"] ?? node, expected: "a layer of \(name(path))",
                    found: "\(JSONWriter.quoted(layer)); it has \(contents.layers.sorted().joined(separator: ", "))")
            return
        }
        if let intervalM { checkTileContourLevels(contents.contours, intervalM: intervalM, file: name(path)) }
        g.dem.tileContours = (contents.contours, contents.maxZoom, name(path))
    }

    /// `contours.ele` and `contours.index` over the tiles' contour lines (the first of each, with
    /// how many).
    private func checkTileContourLevels(_ lines: [TileLine], intervalM: Double, file: String) {
        var badEle: [TileLine] = [], badIndex: [TileLine] = []
        for line in lines {
            guard let ele = line.number("ele") else { badEle.append(line); continue }
            let steps = ele / intervalM
            if abs(steps - steps.rounded()) > 1e-6 { badEle.append(line) }
            let isIndex = ContourInterval.isIndex(eleM: ele, intervalM: intervalM)
            if line.property("index") != .bool(isIndex) { badIndex.append(line) }
        }
        if let first = badEle.first {
            log.add(.contoursEle, file: file, at: ProblemLocation(jsonPath: first.place("contours")),
                    expected: "ele, a multiple of intervalM \(format(intervalM))",
                    found: "\(first.property("ele").map { "\($0)" } ?? "no ele") (\(badEle.count) lines)")
        }
        if let first = badIndex.first {
            log.add(.contoursIndex, file: file, at: ProblemLocation(jsonPath: first.place("contours")),
                    expected: "index true exactly when ele is a multiple of 5 x intervalM",
                    found: "\(first.property("index").map { "\($0)" } ?? "no index") at ele \(first.number("ele").map(format) ?? "?") (\(badIndex.count) lines)")
        }
    }
}
