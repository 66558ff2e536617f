import Foundation
import PackJSON
import TrailpackCore
import Validation

private let region = "regions/\(PackFixture.regionId)/"
private let manifest = region + "manifest.json"
private let routeFile = "routes/\(PackFixture.routeId).json"
private let arFile = "ar/\(PackFixture.routeId).bin"

/// Rewrites a JSON file of the region with its raw text edited.
private func editText(_ e: PackEditor, _ relative: String, _ edit: (String) -> String) throws {
    let text = String(decoding: try e.bytes(relative), as: UTF8.self)
    let edited = edit(text)
    precondition(edited != text, "the edit of \(relative) changed nothing")
    try e.write(relative, Array(edited.utf8))
}

/// Adds `delta` metres to every sample of a TER1 file.
func raiseTER1(_ e: PackEditor, _ relative: String, by delta: Int16) throws {
    try e.editBytes(relative) { b in
        let grid = try TER1.decode(b)
        b = TER1.encode(TerrainGrid(width: grid.width, height: grid.height, bounds: grid.bounds, elevationsM: grid.elevationsM.map { $0 + delta }))
    }
}

/// Sets one TER1 sample (by index) to `value`.
func setSample(_ e: PackEditor, _ relative: String, index k: Int, to value: Int16) throws {
    try e.editBytes(relative) { b in
        let bits = UInt16(bitPattern: value)
        b[44 + 2 * k] = UInt8(bits & 0xFF)
        b[45 + 2 * k] = UInt8(bits >> 8)
    }
}

/// A sample in the middle of the fixture's terrain grid (on the hill's flank).
private let middleSample = PackFixture.terrainGeometry.height / 2 * PackFixture.terrainGeometry.width + PackFixture.terrainGeometry.width / 3

/// One corruption per rule added for the whole SPEC and plausibility (issue 13).
let specCorruptions: [Corruption] = [
    Corruption(name: "UTF-8 BOM before manifest.json", rule: .jsonBOM, file: manifest, offset: 0) {
        try $0.editBytes("manifest.json") { $0.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0) }
    },
    Corruption(name: "UTF-8 BOM before a GeoJSON file", rule: .jsonBOM, file: region + "trails.geojson", offset: 0) {
        try $0.editBytes("trails.geojson") { $0.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0) }
    },
    Corruption(name: "route keys out of order", rule: .jsonKeyOrder, file: region + routeFile, path: "blurb") {
        var route = try $0.json(routeFile)
        guard case .object(var object) = route else { return }
        let blurb = object["blurb"]
        object["blurb"] = nil
        object["blurb"] = blurb
        route = .object(object)
        try $0.write(routeFile, try JSONWriter(sortKeys: false).bytes(route))
    },
    Corruption(name: "manifest keys out of order", rule: .jsonKeyOrder, file: manifest, path: "files.terrain.bounds") {
        var m = try $0.json("manifest.json")
        guard case .object(var terrain) = m.get("files.terrain")! else { return }
        let bounds = terrain["bounds"]
        terrain["bounds"] = nil
        terrain["bounds"] = bounds
        m.set("files.terrain", .object(terrain))
        try $0.write("manifest.json", try JSONWriter(sortKeys: false).bytes(m))
    },
    Corruption(name: "waypoint index written 175.0", rule: .jsonInteger, file: region + routeFile, path: "waypoints[1].i") {
        let i = Int(try $0.json(routeFile).get("waypoints[1].i")!.double)
        try editText($0, routeFile) { $0.replacingOccurrences(of: "\"i\": \(i),", with: "\"i\": \(i).0,") }
    },
    Corruption(name: "hillshade.png renamed shade.png", rule: .pathTree, file: manifest, path: "files.hillshade.path") {
        try FileManager.default.moveItem(at: $0.url("hillshade.png"), to: $0.url("shade.png"))
        try $0.set("manifest.json", "files.hillshade.path", "shade.png")
    },
    Corruption(name: "route file named after another id", rule: .pathRouteId, file: manifest, path: "routes[0].file.path") {
        try FileManager.default.moveItem(at: $0.url(routeFile), to: $0.url("routes/b.json"))
        try $0.set("manifest.json", "routes[0].file.path", "routes/b.json")
    },
    Corruption(name: "GeoJSON crs EPSG:3857", rule: .geojsonCRS, file: region + "contours.geojson", path: "crs") {
        try $0.set("contours.geojson", "crs", ["type": "name", "properties": ["name": "urn:ogc:def:crs:EPSG::3857"]])
    },
    Corruption(name: "durationS 0 on a 2 km route", rule: .routeDurationRange, file: region + routeFile, path: "stats.durationS") {
        try $0.set(routeFile, "stats.durationS", 0)
        try $0.set("manifest.json", "routes[0].stats.durationS", 0)
    },
    Corruption(name: "AR patch and route ele raised 30 m together", rule: .routeEleTerrain, file: region + routeFile, path: "coords") {
        try raiseTER1($0, arFile, by: 30)
        try $0.editJSON(routeFile) { r in
            guard case .array(let coords) = r["coords"]! else { return }
            for k in coords.indices { r.set("coords[\(k)][2]", .number(coords[k][2]!.double + 30, decimals: 1)) }
            for key in ["stats.minEleM", "stats.maxEleM"] { r.set(key, .number(r.get(key)!.double + 30, decimals: 1)) }
        }
        let stats = try $0.json(routeFile).get("stats")!
        try $0.set("manifest.json", "routes[0].stats", stats)
    },
    Corruption(name: "landmark ranges overlap", rule: .landmarkVisible, file: region + routeFile, path: "landmarks[0].visible[1]") {
        try $0.set(routeFile, "landmarks[0].visible[1][0]", 4)
    },
    Corruption(name: "landmarks out of order", rule: .landmarkOrder, file: region + routeFile, path: "landmarks[1]") {
        try $0.editJSON(routeFile) { r in
            guard case .array(let l) = r["landmarks"]! else { return }
            r.set("landmarks", .array(l.reversed()))
        }
    },
    Corruption(name: "landmark nearestM with two decimals", rule: .landmarkNearest, file: region + routeFile, path: "landmarks[1].nearestM") {
        try $0.editJSON(routeFile) { r in r.set("landmarks[1].nearestM", .number(r.get("landmarks[1].nearestM")!.double + 0.04)) }
    },
    Corruption(name: "landmark ele 10 m off the terrain", rule: .landmarkEle, file: region + routeFile, path: "landmarks[1].ele") {
        try $0.editJSON(routeFile) { r in r.set("landmarks[1].ele", .number(r.get("landmarks[1].ele")!.double - 10)) }
    },
    Corruption(name: "terrain sample of 16126 m", rule: .ter1Range, file: region + "terrain.bin", offset: 44 + 2 * middleSample) {
        try setSample($0, "terrain.bin", index: middleSample, to: 16126)
    },
    Corruption(name: "terrain sample raised 250 m", rule: .ter1Spike, file: region + "terrain.bin", offset: 44 + 2 * middleSample) {
        let grid = try TER1.decode(try $0.bytes("terrain.bin"))
        try setSample($0, "terrain.bin", index: middleSample, to: grid.elevationsM[middleSample] + 250)
    },
]
