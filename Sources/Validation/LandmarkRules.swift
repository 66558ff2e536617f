import Foundation
import PackJSON
import TrailpackCore

/// The optional `landmarks` key of a route file: structure, names, visible ranges, order,
/// `nearestM` and `ele` against terrain.bin, then what the entries mean (`LandmarkTruth`:
/// sightlines, summits, omitted POIs) when the route's terrain is readable.
struct LandmarkRules {
    let file: String
    let log: ProblemLog
    /// The route's vertices (lon/lat), when they could be read.
    let coords: [LonLat]
    /// The region grid, when valid.
    let terrain: TerrainGrid?
    /// Each vertex's `ele`, metres (same count as `coords`).
    var elevationsM: [Double] = []
    /// The route's AR patch, when valid.
    var arGrid: TerrainGrid? = nil
    /// terrain.bin and pois.geojson for the meaning rules, when terrain.bin is valid.
    var region: LandmarkRegion? = nil

    /// `nearestM` may differ from the recomputed smallest distance by this much (metres).
    static let nearestToleranceM = 0.5
    /// `ele` may differ from terrain.bin sampled at (lon, lat) by this much (metres).
    static let eleToleranceM = 1.0

    func check(_ landmarks: JSONNode, raw: [UInt8]) {
        let fields = JSONFields(file: file, log: log)
        guard fields.typed(landmarks, .array) != nil else { return }
        var previous: (first: Int, name: String)?
        var listed: [ListedLandmark] = []
        var listedNames: Set<String> = []
        for (index, landmark) in landmarks.children.enumerated() {
            guard fields.typed(landmark, .object) != nil else { continue }
            let name = fields.string(landmark, "name")
            let kind = fields.string(landmark, "kind")
            for (key, value) in [("name", name), ("kind", kind)] {
                if let value, let node = landmark[key] { LandmarkNameCheck.check(value, key: key, node: node, file: file, log: log) }
            }
            if let name { listedNames.insert(name) }
            let lon = fields.number(landmark, "lon"), lat = fields.number(landmark, "lat")
            let ele = fields.number(landmark, "ele")
            let nearest = fields.number(landmark, "nearestM")
            var point: LonLat?
            if let lon, let lat {
                if (-180...180).contains(lon), (-90...90).contains(lat) {
                    point = LonLat(lon, lat)
                } else {
                    log.add(.jsonType, file: file, node: landmark["lon"] ?? landmark, expected: "lon within -180...180, lat within -90...90",
                            found: "[\(format(lon)), \(format(lat))]")
                }
            }
            guard let visibleNode = fields.typed(fields.member(landmark, "visible"), .array) else { continue }
            let ranges = visibleRanges(visibleNode)
            if let ranges, let first = ranges.first, let name {
                if let previous, first.from < previous.first
                    || (first.from == previous.first && name.unicodeScalars.lexicographicallyPrecedes(previous.name.unicodeScalars)) {
                    log.add(.landmarkOrder, file: file, node: landmark,
                            expected: "after \(JSONWriter.quoted(previous.name)) (first visible index \(previous.first)): sorted by first visible index, then name",
                            found: "\(JSONWriter.quoted(name)) first visible at \(first.from)")
                }
                previous = (first.from, name)
            }
            if let name, let kind, let point, let ele, let ranges {
                listed.append(ListedLandmark(index: index, name: name, kind: kind, location: point, eleM: ele, ranges: ranges))
            }
            checkPlacement(landmark, point: point, ele: ele, nearest: nearest, ranges: ranges)
        }
        if let region, let arGrid, elevationsM.count == coords.count {
            LandmarkTruth(file: file, log: log, coords: coords, elevationsM: elevationsM, arGrid: arGrid, region: region)
                .check(landmarks, listed: listed, listedNames: listedNames)
        }
        checkDecimals(raw)
    }

    /// `route.landmark.nearest` and `route.landmark.ele` of one entry, where its fields are readable.
    private func checkPlacement(_ landmark: JSONNode, point: LonLat?, ele: Double?, nearest: Double?, ranges: [(from: Int, to: Int)]?) {
        if let point, let nearest, let nearestNode = landmark["nearestM"], let ranges {
            let best = Self.nearestM(from: ranges, of: coords, to: point)
            if !(abs(best - nearest) <= Self.nearestToleranceM) {
                log.add(.landmarkNearest, file: file, node: nearestNode,
                        expected: "\(metres(best)) (smallest geodesic distance from a visible vertex, within 0.5 m)", found: format(nearest))
            }
        }
        if let point, let ele, let eleNode = landmark["ele"], let terrain {
            if let sampled = terrain.elevationM(at: point) {
                if !(abs(sampled - ele) <= Self.eleToleranceM) {
                    log.add(.landmarkEle, file: file, node: eleNode, expected: "\(metres(sampled)) (terrain.bin at lon/lat, within 1 m)",
                            found: format(ele))
                }
            } else {
                log.add(.landmarkEle, file: file, node: landmark, expected: "lon/lat inside terrain.bin", found: "\(point)")
            }
        }
    }

    /// `nearestM` has at most one decimal (raw text).
    private func checkDecimals(_ raw: [UInt8]) {
        for finding in RawNumberScanner.scan(raw, minimumLimit: 1, limit: { path in
            path.count == 3 && path[0] == .key("landmarks") && path[2] == .key("nearestM") ? 1 : nil
        }) {
            log.add(.landmarkNearest, file: file,
                    at: ProblemLocation(jsonPath: finding.path.description, line: finding.line, column: finding.column, byteOffset: finding.offset),
                    expected: "at most 1 decimal", found: "\(finding.text) (\(finding.decimals) decimals)")
        }
    }

    /// The smallest geodesic distance from a vertex in `ranges` to `point`: a local
    /// equirectangular distance ranks every vertex, then the geodesic decides among those
    /// within 1% (+1 m) of the closest (thousands of vertices times dozens of landmarks).
    static func nearestM(from ranges: [(from: Int, to: Int)], of coords: [LonLat], to point: LonLat) -> Double {
        let metresPerDegree = 111_320.0, cosLat = cos(point.lat * Double.pi / 180)
        func approx(_ p: LonLat) -> Double {
            let dx = (p.lon - point.lon) * cosLat, dy = p.lat - point.lat
            return (dx * dx + dy * dy).squareRoot() * metresPerDegree
        }
        var bestApprox = Double.infinity
        for range in ranges { for k in range.from...range.to { bestApprox = min(bestApprox, approx(coords[k])) } }
        let cutoff = bestApprox * 1.01 + 1
        var best = Double.infinity
        for range in ranges {
            for k in range.from...range.to where approx(coords[k]) <= cutoff { best = min(best, Geodesic.distanceM(coords[k], point)) }
        }
        return best
    }

    /// The `[from, to]` pairs, or nil after reporting `route.landmark.visible`.
    private func visibleRanges(_ node: JSONNode) -> [(from: Int, to: Int)]? {
        let last = coords.count - 1
        if node.count == 0 {
            log.add(.landmarkVisible, file: file, node: node, expected: "at least one range (a landmark seen from no vertex is left out)",
                    found: "an empty array")
            return nil
        }
        var out: [(from: Int, to: Int)] = []
        for pair in node.children {
            let ints = pair.type == .array ? pair.children.compactMap { JSONFields.integerValue($0) } : []
            guard pair.count == 2, ints.count == 2 else {
                log.add(.landmarkVisible, file: file, node: pair, expected: "[from, to], two integers", found: JSONFields.describe(pair))
                return nil
            }
            let (from, to) = (ints[0], ints[1])
            guard from >= 0, to <= last, from <= to else {
                log.add(.landmarkVisible, file: file, node: pair, expected: "0 <= from <= to <= \(last)", found: "[\(from), \(to)]")
                return nil
            }
            if let previous = out.last, from <= previous.to {
                log.add(.landmarkVisible, file: file, node: pair, expected: "a range after [\(previous.from), \(previous.to)] (ascending, disjoint)",
                        found: "[\(from), \(to)]")
                return nil
            }
            out.append((from, to))
        }
        return out
    }
}
