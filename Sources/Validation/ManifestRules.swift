import Foundation
import PackJSON
import PackSpec
import TrailpackCore

/// The manifest's own rules: header keys, and each file entry against what was read.
enum ManifestRules {
    /// `formatVersion` 1 and `generator` "trailpack <semver>" (manifest and catalog alike).
    static func checkFormat(_ root: JSONNode, fields: JSONFields) {
        if let node = fields.member(root, "formatVersion"), JSONFields.integerValue(node) != PackTree.formatVersion {
            fields.log.add(.formatVersion, file: fields.file, node: node, expected: "\(PackTree.formatVersion)", found: JSONFields.describe(node))
        }
        if let generator = fields.string(root, "generator"), let node = root["generator"], !isGenerator(generator) {
            fields.log.add(.formatGenerator, file: fields.file, node: node, expected: "\"trailpack <semantic version>\"",
                           found: JSONWriter.quoted(generator))
        }
    }

    /// True for "trailpack MAJOR.MINOR.PATCH[-pre][+build]" (semver 2.0.0).
    static func isGenerator(_ text: String) -> Bool {
        text.wholeMatch(of: #/trailpack (0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?/#) != nil
    }

    /// formatVersion, generator, id, name, attribution.
    static func checkHeader(_ root: JSONNode, fields: JSONFields) {
        checkFormat(root, fields: fields)
        if let id = fields.string(root, "id"), let node = root["id"] { PackPaths.checkId(id, node: node, fields: fields) }
        _ = fields.string(root, "name")
        if let attribution = fields.member(root, "attribution") {
            let strings = attribution.children.compactMap { JSONFields.stringValue($0) }
            if attribution.type != .array || attribution.count == 0 || strings.count != attribution.count
                || strings.contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
                fields.log.add(.manifestAttribution, file: fields.file, node: attribution,
                               expected: "an array of at least one non-empty string", found: JSONFields.describe(attribution))
            }
        }
    }

    static let boundsToleranceDeg = 1e-9

    static func sameBounds(_ a: BBox, _ b: BBox) -> Bool {
        abs(a.west - b.west) <= boundsToleranceDeg && abs(a.south - b.south) <= boundsToleranceDeg
            && abs(a.east - b.east) <= boundsToleranceDeg && abs(a.north - b.north) <= boundsToleranceDeg
    }

    /// `files.terrain`: width/height/bounds equal the header, bbox covered within half a cell,
    /// resolutionM the grid's spacing at the centre latitude within 2%.
    static func checkTerrainEntry(_ node: JSONNode, grid: TerrainGrid?, bbox: BBox?, fields: JSONFields) {
        let width = fields.integer(node, "width", in: 2...Int(UInt32.max))
        let height = fields.integer(node, "height", in: 2...Int(UInt32.max))
        let bounds = fields.bbox(node, "bounds")
        _ = fields.number(node, "resolutionM")
        if let voids = node["filledVoids"] { _ = fields.typed(voids, .object) }
        guard let grid else { return }
        checkHeaderMatch(node, rule: .terrainHeaderMatch, width: width, height: height, bounds: bounds, grid: grid, fields: fields)
        checkResolution(node, rule: .terrainResolution, grid: grid, fields: fields)
        if let bbox {
            let t = grid.bounds
            let halfLon = (t.east - t.west) / Double(grid.width - 1) / 2
            let yNorth = WebMercator.y(latDeg: t.north), ySouth = WebMercator.y(latDeg: t.south)
            let halfY = (yNorth - ySouth) / Double(grid.height - 1) / 2
            let eps = 1e-12
            var short: [String] = []
            if t.west > bbox.west + halfLon + eps { short.append("west") }
            if t.east < bbox.east - halfLon - eps { short.append("east") }
            if yNorth < WebMercator.y(latDeg: bbox.north) - halfY - eps { short.append("north") }
            if ySouth > WebMercator.y(latDeg: bbox.south) + halfY + eps { short.append("south") }
            if !short.isEmpty, let boundsNode = node["bounds"] ?? fields.member(node, "bounds") {
                fields.log.add(.terrainCoversBBox, file: fields.file, node: boundsNode,
                               expected: "terrain covering bbox \(bbox) to within half a cell",
                               found: "terrain bounds \(t) fall short on the \(short.joined(separator: ", ")) edge")
            }
        }
    }

    static func checkHeaderMatch(_ node: JSONNode, rule: ValidationRule, width: Int?, height: Int?, bounds: BBox?,
                                 grid: TerrainGrid, fields: JSONFields) {
        if let width, width != grid.width, let n = node["width"] {
            fields.log.add(rule, file: fields.file, node: n, expected: "\(grid.width) (header w)", found: "\(width)")
        }
        if let height, height != grid.height, let n = node["height"] {
            fields.log.add(rule, file: fields.file, node: n, expected: "\(grid.height) (header h)", found: "\(height)")
        }
        if let bounds, !sameBounds(bounds, grid.bounds), let n = node["bounds"] {
            fields.log.add(rule, file: fields.file, node: n, expected: "\(grid.bounds) (header bounds)", found: "\(bounds)")
        }
    }

    /// `files.hillshade`: bounds, lighting keys, and bounds within one pixel of terrain.bin's.
    static func checkHillshadeEntry(_ node: JSONNode, width: Int?, height: Int?, terrain: TerrainGrid?, fields: JSONFields) {
        let bounds = fields.bbox(node, "bounds")
        for key in ["azimuthDeg", "altitudeDeg", "zFactor", "multidirectional"] {
            guard let value = node[key] else { continue }
            let ok = key == "multidirectional" ? value.type == .bool : JSONFields.numberValue(value) != nil
            if !ok {
                fields.log.add(.hillshadeLighting, file: fields.file, node: value,
                               expected: key == "multidirectional" ? "a boolean" : "a number", found: JSONFields.describe(value))
            }
        }
        guard let bounds, let width, let height, let t = terrain?.bounds, let boundsNode = node["bounds"] else { return }
        let pixelLon = (bounds.east - bounds.west) / Double(width)
        let yN = WebMercator.y(latDeg: bounds.north), yS = WebMercator.y(latDeg: bounds.south)
        let pixelY = (yN - yS) / Double(height)
        let eps = 1e-12
        var off: [String] = []
        if abs(bounds.west - t.west) > pixelLon + eps { off.append("west") }
        if abs(bounds.east - t.east) > pixelLon + eps { off.append("east") }
        if abs(yN - WebMercator.y(latDeg: t.north)) > pixelY + eps { off.append("north") }
        if abs(yS - WebMercator.y(latDeg: t.south)) > pixelY + eps { off.append("south") }
        if !off.isEmpty {
            fields.log.add(.hillshadeCoversTerrain, file: fields.file, node: boundsNode,
                           expected: "edges within one pixel of terrain.bin bounds \(t)",
                           found: "\(bounds), off by more than a pixel on the \(off.joined(separator: ", ")) edge")
        }
    }

    /// `resolutionM` of a grid's entry is its ground spacing at the centre latitude, within 2%
    /// (+1 cm for the written decimals): a patch of 30 m cells declared 10 m is misread by every
    /// client that scales by it.
    static func checkResolution(_ node: JSONNode, rule: ValidationRule, grid: TerrainGrid, fields: JSONFields) {
        guard let resNode = node["resolutionM"], let resolution = JSONFields.numberValue(resNode) else { return }
        let actual = GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds).resolutionM
        if !(abs(resolution - actual) <= 0.02 * actual + 0.01) {
            fields.log.add(rule, file: fields.file, node: resNode,
                           expected: "\(metres(actual)) (grid spacing at the centre latitude, within 2%)", found: format(resolution))
        }
    }

    /// A manifest route's `arPatch`: keys, header match, resolution, and the coarsening warning.
    static func checkARPatchEntry(_ node: JSONNode, grid: TerrainGrid?, fields: JSONFields, expected: RegionExpectations) {
        let width = fields.integer(node, "width", in: 2...Int(UInt32.max))
        let height = fields.integer(node, "height", in: 2...Int(UInt32.max))
        let bounds = fields.bbox(node, "bounds")
        if let resolution = fields.number(node, "resolutionM"), let resNode = node["resolutionM"],
           resolution > expected.arResolutionM + RegionExpectations.arCoarsenedSlackM,
           bounds.map({ ARPatchBudget.isCoarserThanNeeded(bounds: $0, resolutionM: resolution, budgetBytes: expected.arBudgetMiB * 1_048_576) }) ?? true {
            fields.log.add(.arCoarsened, file: fields.file, node: resNode,
                           expected: "about \(format(expected.arResolutionM)) m (ar.resolutionM of the recipe, 10 by default), or as coarse as ar.budgetMiB (\(format(expected.arBudgetMiB)) MiB) makes it",
                           found: "\(format(resolution)) m: coarser than its size budget needs")
        }
        if let grid {
            checkHeaderMatch(node, rule: .arHeaderMatch, width: width, height: height, bounds: bounds, grid: grid, fields: fields)
            checkResolution(node, rule: .arResolution, grid: grid, fields: fields)
        }
    }
}
