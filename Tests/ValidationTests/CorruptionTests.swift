import Bindings
import Foundation
import PackJSON
import PackSpec
import Testing
import TrailpackCore
import Validation

/// One way to break a valid pack, and where the validator must say so.
struct Corruption: Sendable, CustomTestStringConvertible {
    var name: String
    var rule: ValidationRule
    /// Expected problem file, relative to the pack root.
    var file: String
    /// Expected JSON path (JSON files) ...
    var path: String? = nil
    /// ... or byte offset (binary files); nil when the location is the whole file.
    var offset: Int? = nil
    /// Re-sign bytes/sha256 after the change so that only the targeted rule must fire.
    var resign = true
    var apply: @Sendable (PackEditor) throws -> Void

    var testDescription: String { "\(name) -> \(rule.id)" }
}

private let region = "regions/\(PackFixture.regionId)/"
private let manifest = region + "manifest.json"
private let routeFile = "routes/\(PackFixture.routeId).json"
private let arFile = "ar/\(PackFixture.routeId).bin"

/// Reads the TER1 width of a file's header.
private func widthOf(_ bytes: [UInt8]) -> Int { Int(bytes[4]) | Int(bytes[5]) << 8 }

private func putUInt32(_ value: UInt32, at offset: Int, in bytes: inout [UInt8]) {
    for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) }
}

private func putDouble(_ value: Double, at offset: Int, in bytes: inout [UInt8]) {
    for k in 0..<8 { bytes[offset + k] = UInt8(truncatingIfNeeded: value.bitPattern >> (8 * k)) }
}

/// Sets a value in the route file and in the manifest's copy (`stats`/`arPatch` keys).
private func setBoth(_ e: PackEditor, _ routeKey: String, _ value: JSONValue) throws {
    try e.set(routeFile, routeKey, value)
    try e.set("manifest.json", "routes[0]." + routeKey, value)
}

/// Copies the fixture region into a second region folder with id `id`.
private func addRegion(_ e: PackEditor, id: String) throws {
    let target = e.root.appendingPathComponent("regions/\(id)")
    try FileManager.default.copyItem(at: e.region, to: target)
    let other = PackEditor(root: e.root, regionId: id)
    try other.set("manifest.json", "id", .string(id))
}

let corruptions: [Corruption] = [
    // TER1.
    Corruption(name: "terrain.bin shorter than its header", rule: .ter1Header, file: region + "terrain.bin", offset: 0) {
        try $0.editBytes("terrain.bin") { $0 = Array($0.prefix(30)) }
    },
    Corruption(name: "wrong magic", rule: .ter1Magic, file: region + "terrain.bin", offset: 0) {
        try $0.editBytes("terrain.bin") { $0[0] = UInt8(ascii: "X") }
    },
    Corruption(name: "w*h does not match the file size", rule: .ter1Size, file: region + "terrain.bin",
               offset: PackFixture.ter1Bytes(PackFixture.terrainGeometry)) {
        try $0.editBytes("terrain.bin") { putUInt32(UInt32(widthOf($0) + 1), at: 4, in: &$0) }
    },
    Corruption(name: "truncated TER1 samples", rule: .ter1Size, file: region + arFile,
               offset: PackFixture.ter1Bytes(PackFixture.arGeometry) - 7) {
        try $0.editBytes(arFile) { $0.removeLast(7) }
    },
    Corruption(name: "forged huge TER1 header", rule: .ter1Size, file: region + "terrain.bin",
               offset: PackFixture.ter1Bytes(PackFixture.terrainGeometry)) {
        try $0.editBytes("terrain.bin") { putUInt32(.max, at: 4, in: &$0); putUInt32(.max, at: 8, in: &$0) }
    },
    Corruption(name: "TER1 height 1", rule: .ter1Dimensions, file: region + "terrain.bin", offset: 8) {
        try $0.editBytes("terrain.bin") { putUInt32(1, at: 8, in: &$0) }
    },
    Corruption(name: "inverted TER1 bounds", rule: .ter1Bounds, file: region + "terrain.bin", offset: 12) {
        try $0.editBytes("terrain.bin") {
            putDouble(PackFixture.bbox.east, at: 12, in: &$0)
            putDouble(PackFixture.bbox.west, at: 28, in: &$0)
        }
    },
    Corruption(name: "-32768 in the AR patch", rule: .ter1Void, file: region + arFile, offset: 44 + 2 * 10) {
        try $0.editBytes(arFile) { $0[64] = 0x00; $0[65] = 0x80 }
    },
    Corruption(name: "manifest width differs from the header", rule: .terrainHeaderMatch, file: manifest, path: "files.terrain.width") {
        let w = try $0.json("manifest.json").get("files.terrain.width")!.double
        try $0.set("manifest.json", "files.terrain.width", .number(w + 1))
    },
    Corruption(name: "terrain does not cover the bbox", rule: .terrainCoversBBox, file: manifest, path: "files.terrain.bounds") {
        try $0.set("manifest.json", "bbox[2]", .number(PackFixture.bbox.east + 0.01))
    },
    Corruption(name: "resolutionM far from the grid's", rule: .terrainResolution, file: manifest, path: "files.terrain.resolutionM") {
        try $0.set("manifest.json", "files.terrain.resolutionM", 45)
    },
    Corruption(name: "AR patch width differs from its header", rule: .arHeaderMatch, file: manifest, path: "routes[0].arPatch.width") {
        let w = try $0.json(routeFile).get("arPatch.width")!.double
        try setBoth($0, "arPatch.width", .number(w + 1))
    },

    // Files.
    Corruption(name: "stale sha256", rule: .fileSHA256, file: manifest, path: "files.pois.sha256", resign: false) {
        try $0.editBytes("pois.geojson") { bytes in
            let k = bytes.firstIndex(of: UInt8(ascii: "C"))!
            bytes[k] = UInt8(ascii: "K")
        }
    },
    Corruption(name: "sha256 not lowercase hex", rule: .fileSHA256, file: manifest, path: "files.trails.sha256", resign: false) {
        try $0.editJSON("manifest.json") { m in
            m.set("files.trails.sha256", .string(String(m.get("files.trails.sha256").map { if case .string(let s) = $0 { s } else { "" } }!.uppercased())))
        }
    },
    Corruption(name: "stale bytes", rule: .fileBytes, file: manifest, path: "files.trails.bytes", resign: false) {
        try $0.editBytes("trails.geojson") { $0.append(0x0A) }
    },
    Corruption(name: "missing file", rule: .fileMissing, file: manifest, path: "files.pois.path") {
        try FileManager.default.removeItem(at: $0.url("pois.geojson"))
    },
    Corruption(name: "path with ..", rule: .pathParent, file: manifest, path: "files.pois.path") {
        try $0.set("manifest.json", "files.pois.path", "../pois.geojson")
    },
    Corruption(name: "absolute path", rule: .pathAbsolute, file: manifest, path: "files.trails.path") {
        try $0.set("manifest.json", "files.trails.path", "/etc/hostname")
    },
    Corruption(name: "backslash path", rule: .pathBackslash, file: manifest, path: "routes[0].file.path") {
        try $0.set("manifest.json", "routes[0].file.path", .string("routes\\\(PackFixture.routeId).json"))
    },
    Corruption(name: "empty path segment", rule: .pathEmpty, file: manifest, path: "files.contours.path") {
        try $0.set("manifest.json", "files.contours.path", "./contours.geojson")
    },
    Corruption(name: "two entries name one file", rule: .pathDuplicate, file: manifest, path: "files.trails.path") {
        try $0.set("manifest.json", "files.trails.path", "contours.geojson")
    },
    Corruption(name: "symlink out of the pack", rule: .pathSymlink, file: region + "extra-link") {
        try FileManager.default.createSymbolicLink(atPath: $0.url("extra-link").path, withDestinationPath: "/etc/hostname")
    },
    Corruption(name: "symlink that stays inside the region", rule: .regionSymlink, file: region + "extra-inside") {
        try FileManager.default.createSymbolicLink(atPath: $0.url("extra-inside").path, withDestinationPath: "pois.geojson")
    },
    Corruption(name: "listed file is a symlink to /dev/zero", rule: .pathSymlink, file: region + "pois.geojson") {
        try FileManager.default.removeItem(at: $0.url("pois.geojson"))
        try FileManager.default.createSymbolicLink(atPath: $0.url("pois.geojson").path, withDestinationPath: "/dev/zero")
    },
    Corruption(name: "listed file is a FIFO", rule: .fileMissing, file: manifest, path: "files.trails.path") {
        try FileManager.default.removeItem(at: $0.url("trails.geojson"))
        #expect(mkfifo($0.url("trails.geojson").path, 0o644) == 0)
    },
    Corruption(name: "unlisted extra file", rule: .fileUnlisted, file: region + "routes/notes.txt") {
        try $0.write("routes/notes.txt", Array("draft".utf8))
    },

    // Manifest header.
    Corruption(name: "bad region id", rule: .idSyntax, file: manifest, path: "id") {
        try $0.set("manifest.json", "id", "Fixture_Hills")
    },
    Corruption(name: "duplicate route id", rule: .idUnique, file: manifest, path: "routes[1].id") {
        try $0.editJSON("manifest.json") { m in
            guard case .array(let routes) = m["routes"]! else { return }
            m.set("routes", .array(routes + routes))
        }
    },
    Corruption(name: "formatVersion 2", rule: .formatVersion, file: manifest, path: "formatVersion") {
        try $0.set("manifest.json", "formatVersion", 2)
    },
    Corruption(name: "generator without a version", rule: .formatGenerator, file: "catalog.json", path: "generator") {
        try $0.set("/catalog.json", "generator", "trailpack")
    },
    Corruption(name: "empty attribution", rule: .manifestAttribution, file: manifest, path: "attribution") {
        try $0.set("manifest.json", "attribution", [""])
    },
    Corruption(name: "missing key", rule: .jsonKeyMissing, file: manifest, path: "files.hillshade") {
        try $0.set("manifest.json", "files.hillshade.width", nil)
    },
    Corruption(name: "wrong type", rule: .jsonType, file: region + routeFile, path: "name") {
        try $0.set(routeFile, "name", 42)
    },
    Corruption(name: "JSON syntax error", rule: .jsonSyntax, file: region + "pois.geojson") {
        try $0.write("pois.geojson", Array("{\"type\": \"FeatureCollection\",\n \"features\": [}".utf8))
    },
    Corruption(name: "bbox south above north", rule: .bboxInvalid, file: manifest, path: "files.hillshade.bounds") {
        try $0.editJSON("manifest.json") { m in
            let s = m.get("files.hillshade.bounds[1]")!, n = m.get("files.hillshade.bounds[3]")!
            m.set("files.hillshade.bounds[1]", n)
            m.set("files.hillshade.bounds[3]", s)
        }
    },

    // Hillshade.
    Corruption(name: "PNG of the wrong size", rule: .pngSize, file: region + "hillshade.png", offset: 16) {
        try $0.write("hillshade.png", try PNGImage(width: 10, height: 10, channels: 1, pixels: Array(repeating: 9, count: 100)).encoded())
    },
    Corruption(name: "RGB PNG", rule: .pngFormat, file: region + "hillshade.png", offset: 24) {
        let m = try $0.json("manifest.json")
        let w = Int(m.get("files.hillshade.width")!.double), h = Int(m.get("files.hillshade.height")!.double)
        try $0.write("hillshade.png", try PNGImage(width: w, height: h, channels: 3, pixels: Array(repeating: 9, count: w * h * 3)).encoded())
    },
    Corruption(name: "PNG that does not decode", rule: .pngDecode, file: region + "hillshade.png", offset: nil) {
        try $0.editBytes("hillshade.png") { b in b.removeLast(b.count / 2) }
    },
    Corruption(name: "hillshade shifted by a few pixels", rule: .hillshadeCoversTerrain, file: manifest, path: "files.hillshade.bounds") {
        try $0.editJSON("manifest.json") { m in
            m.set("files.hillshade.bounds[0]", .number(m.get("files.hillshade.bounds[0]")!.double - 0.01))
        }
    },
    Corruption(name: "hillshade azimuth as text", rule: .hillshadeLighting, file: manifest, path: "files.hillshade.azimuthDeg") {
        try $0.set("manifest.json", "files.hillshade.azimuthDeg", "north-west")
    },

    // GeoJSON.
    Corruption(name: "contour that is a Point", rule: .geojsonGeometry, file: region + "contours.geojson", path: "features[0].geometry.type") {
        try $0.set("contours.geojson", "features[0].geometry", ["type": "Point", "coordinates": [-71.38, 44.41]])
    },
    Corruption(name: "not a FeatureCollection", rule: .geojsonType, file: region + "pois.geojson", path: "type") {
        try $0.set("pois.geojson", "type", "GeometryCollection")
    },
    Corruption(name: "line of one position", rule: .geojsonCoordinates, file: region + "trails.geojson", path: "features[0].geometry.coordinates") {
        try $0.editJSON("trails.geojson") { t in t.set("features[0].geometry.coordinates[1]", nil) }
    },
    Corruption(name: "latitude 95", rule: .geojsonRange, file: region + "pois.geojson", path: "features[1].geometry.coordinates") {
        try $0.set("pois.geojson", "features[1].geometry.coordinates[1]", 95)
    },
    Corruption(name: "9 decimals", rule: .geojsonDecimals, file: region + "pois.geojson", path: "features[1].geometry.coordinates[0]") {
        try $0.set("pois.geojson", "features[1].geometry.coordinates[0]", .number(-71.395123456))
    },
    Corruption(name: "contour ele off the interval", rule: .contoursEle, file: region + "contours.geojson", path: "features[1].properties.ele") {
        try $0.set("contours.geojson", "features[1].properties.ele", 530)
    },
    Corruption(name: "index on a plain contour", rule: .contoursIndex, file: region + "contours.geojson", path: "features[1].properties.index") {
        try $0.set("contours.geojson", "features[1].properties.index", true)
    },
    Corruption(name: "contour interval 0", rule: .contoursInterval, file: manifest, path: "files.contours.intervalM") {
        try $0.set("manifest.json", "files.contours.intervalM", 0)
    },
    Corruption(name: "trail name a number", rule: .trailsName, file: region + "trails.geojson", path: "features[0].properties.name") {
        try $0.set("trails.geojson", "features[0].properties.name", 42)
    },
    Corruption(name: "trail routeId of no route", rule: .trailsRouteId, file: region + "trails.geojson", path: "features[2].properties.routeId") {
        try $0.set("trails.geojson", "features[2].properties.routeId", "nowhere")
    },
    Corruption(name: "POI without kind", rule: .poisProperties, file: region + "pois.geojson", path: "features[0].properties") {
        try $0.set("pois.geojson", "features[0].properties.kind", nil)
    },

    // Routes.
    Corruption(name: "route id differs from the manifest", rule: .routeManifestMatch, file: region + routeFile, path: "id") {
        try $0.set(routeFile, "id", "other-walk")
    },
    Corruption(name: "vertex with two numbers", rule: .routeCoords, file: region + routeFile, path: "coords[3]") {
        try $0.set(routeFile, "coords[3]", [-71.39, 44.41])
    },
    Corruption(name: "cum shorter than coords", rule: .routeCumLength, file: region + routeFile, path: "cum") {
        try $0.editJSON(routeFile) { r in
            guard case .array(let cum) = r["cum"]! else { return }
            r.set("cum[\(cum.count - 1)]", nil)
        }
    },
    Corruption(name: "cum[0] not 0", rule: .routeCumStart, file: region + routeFile, path: "cum[0]") {
        try $0.set(routeFile, "cum[0]", 0.5)
    },
    Corruption(name: "cum not increasing", rule: .routeCumIncreasing, file: region + routeFile, path: "cum[41]") {
        try $0.editJSON(routeFile) { r in r.set("cum[41]", r.get("cum[40]")!) }
    },
    Corruption(name: "cum drifting from the geodesic", rule: .routeCumGeodesic, file: region + routeFile, path: "cum[100]") {
        try $0.editJSON(routeFile) { r in
            guard case .array(let cum) = r["cum"]! else { return }
            for k in 100..<cum.count { r.set("cum[\(k)]", .number(cum[k].double + 5)) }
        }
    },
    Corruption(name: "a 13 m step", rule: .routeStepMax, file: region + routeFile, path: "coords[20]") {
        try $0.editJSON(routeFile) { r in
            let a = LonLat(r.get("coords[19][0]")!.double, r.get("coords[19][1]")!.double)
            let b = LonLat(r.get("coords[20][0]")!.double, r.get("coords[20][1]")!.double)
            let c = Geodesic.destination(from: a, bearingDeg: Geodesic.bearingDeg(a, b), distanceM: 13)
            r.set("coords[20][0]", .number(c.lon, decimals: 7))
            r.set("coords[20][1]", .number(c.lat, decimals: 7))
        }
    },
    Corruption(name: "distanceM not the last cum", rule: .routeDistance, file: region + routeFile, path: "stats.distanceM") {
        let d = try $0.json(routeFile).get("stats.distanceM")!.double
        try setBoth($0, "stats.distanceM", .number(d + 50))
    },
    Corruption(name: "route leaves the bbox", rule: .routeInBBox, file: region + routeFile, path: "coords[0]") {
        try $0.set("manifest.json", "bbox[0]", -71.391)
    },
    Corruption(name: "AR patch too tight", rule: .routeARMargin, file: region + routeFile, path: "coords[0]") {
        try $0.editBytes(arFile) { b in
            let grid = try TER1.decode(b)
            var bounds = grid.bounds
            bounds.west += 0.002
            b = TER1.encode(TerrainGrid(width: grid.width, height: grid.height, bounds: bounds, elevationsM: grid.elevationsM))
        }
    },
    Corruption(name: "ele 5 m off", rule: .routeEleAR, file: region + routeFile, path: "coords[10][2]") {
        try $0.editJSON(routeFile) { r in r.set("coords[10][2]", .number(r.get("coords[10][2]")!.double + 5)) }
    },
    Corruption(name: "ele with two decimals", rule: .routeDecimals, file: region + routeFile, path: "coords[5][2]") {
        try $0.editJSON(routeFile) { r in r.set("coords[5][2]", .number(r.get("coords[5][2]")!.double + 0.25)) }
    },
    Corruption(name: "waypoint index past the end", rule: .waypointIndex, file: region + routeFile, path: "waypoints[1].i") {
        try $0.set(routeFile, "waypoints[1].i", 100_000)
    },
    Corruption(name: "waypoints out of order", rule: .waypointOrder, file: region + routeFile, path: "waypoints[2].i") {
        try $0.editJSON(routeFile) { r in
            guard case .array(var w) = r["waypoints"]! else { return }
            w.insert(["i": 3, "kind": "poi", "instruction": "Look at the view"], at: 2)
            r.set("waypoints", .array(w))
        }
    },
    Corruption(name: "first waypoint not start", rule: .waypointStart, file: region + routeFile, path: "waypoints[0].kind") {
        try $0.set(routeFile, "waypoints[0].kind", "turn")
    },
    Corruption(name: "end in the middle", rule: .waypointEnd, file: region + routeFile, path: "waypoints[1].kind") {
        try $0.set(routeFile, "waypoints[1].kind", "end")
    },
    Corruption(name: "unknown kind", rule: .waypointKind, file: region + routeFile, path: "waypoints[1].kind") {
        try $0.set(routeFile, "waypoints[1].kind", "viewpoint")
    },
    Corruption(name: "unknown dir", rule: .waypointDir, file: region + routeFile, path: "waypoints[1].dir") {
        try $0.set(routeFile, "waypoints[1].dir", "backwards")
    },
    Corruption(name: "empty instruction", rule: .waypointInstruction, file: region + routeFile, path: "waypoints[1].instruction") {
        try $0.set(routeFile, "waypoints[1].instruction", " ")
    },
    Corruption(name: "broken ascent identity", rule: .routeAscentIdentity, file: region + routeFile, path: "stats") {
        let a = try $0.json(routeFile).get("stats.ascentM")!.double
        try setBoth($0, "stats.ascentM", .number(a + 10))
    },
    Corruption(name: "maxEleM not the highest ele", rule: .routeEleExtremes, file: region + routeFile, path: "stats.maxEleM") {
        let a = try $0.json(routeFile).get("stats.maxEleM")!.double
        try setBoth($0, "stats.maxEleM", .number(a + 3))
    },
    Corruption(name: "fractional durationS", rule: .routeDuration, file: region + routeFile, path: "stats.durationS") {
        try setBoth($0, "stats.durationS", 1234.5)
    },
    Corruption(name: "manifest stats differ from the route's", rule: .manifestRouteStats, file: manifest, path: "routes[0].stats") {
        try $0.set("manifest.json", "routes[0].stats.durationS", 1)
    },
    Corruption(name: "manifest listing more routes than a region holds", rule: .manifestRouteCount, file: manifest, path: "routes") {
        try $0.set("manifest.json", "routes", .array(Array(repeating: .object(JSONObject()), count: PackLimits.maxRoutesPerRegion + 1)))
    },
    Corruption(name: "manifest arPatch differs from the route's", rule: .manifestRouteARPatch, file: manifest, path: "routes[0].arPatch") {
        try $0.set("manifest.json", "routes[0].arPatch.resolutionM", 10.5)
    },

    // Catalog.
    Corruption(name: "catalog missing a region", rule: .catalogRegionUnlisted, file: "regions/other-hills") {
        try addRegion($0, id: "other-hills")
    },
    Corruption(name: "catalog lists an absent region", rule: .catalogRegionMissing, file: "catalog.json", path: "regions[1]") {
        try $0.editJSON("/catalog.json") { c in
            var ghost = c.get("regions[0]")!
            ghost.set("id", "zz-ghost")
            ghost.set("manifest", "regions/zz-ghost/manifest.json")
            guard case .array(let regions) = c["regions"]! else { return }
            c.set("regions", .array(regions + [ghost]))
        }
    },
    Corruption(name: "regions not sorted", rule: .catalogSorted, file: "catalog.json", path: "regions[1].id") {
        try addRegion($0, id: "aaa-hills")
        try $0.editJSON("/catalog.json") { c in
            var other = c.get("regions[0]")!
            other.set("id", "aaa-hills")
            other.set("manifest", "regions/aaa-hills/manifest.json")
            guard case .array(let regions) = c["regions"]! else { return }
            c.set("regions", .array(regions + [other]))
        }
    },
    Corruption(name: "duplicate region id", rule: .idUnique, file: "catalog.json", path: "regions[1].id") {
        try $0.editJSON("/catalog.json") { c in
            guard case .array(let regions) = c["regions"]! else { return }
            c.set("regions", .array(regions + regions))
        }
    },
    Corruption(name: "trails.geojson over its size cap", rule: .fileSize, file: region + "trails.geojson", resign: false) {
        // A sparse file: reading it would cost what the cap prevents.
        let handle = try FileHandle(forWritingTo: $0.url("trails.geojson"))
        try handle.truncate(atOffset: UInt64(PackLimits.maxTrailsBytes + 1))
        try handle.close()
    },
    Corruption(name: "catalog.json over its size cap", rule: .fileSize, file: "catalog.json", resign: false) {
        let handle = try FileHandle(forWritingTo: $0.url("/catalog.json"))
        try handle.truncate(atOffset: UInt64(PackLimits.maxCatalogBytes + 1))
        try handle.close()
    },
    Corruption(name: "catalog.json is a folder", rule: .fileRead, file: "catalog.json", resign: false) {
        try FileManager.default.removeItem(at: $0.url("/catalog.json"))
        try FileManager.default.createDirectory(at: $0.url("/catalog.json"), withIntermediateDirectories: false)
    },
    Corruption(name: "stale catalog sha256", rule: .catalogSHA256, file: "catalog.json", path: "regions[0].sha256", resign: false) {
        try $0.set("/catalog.json", "regions[0].sha256", .string(String(repeating: "ab", count: 32)))
    },
    Corruption(name: "stale catalog bytes", rule: .catalogBytes, file: "catalog.json", path: "regions[0].bytes", resign: false) {
        try $0.editJSON("/catalog.json") { c in c.set("regions[0].bytes", .number(c.get("regions[0].bytes")!.double + 1)) }
    },
    Corruption(name: "manifest path elsewhere", rule: .catalogManifestPath, file: "catalog.json", path: "regions[0].manifest") {
        try $0.set("/catalog.json", "regions[0].manifest", "regions/elsewhere/manifest.json")
    },
    Corruption(name: "catalog name differs", rule: .catalogRegionMatch, file: "catalog.json", path: "regions[0].name") {
        try $0.set("/catalog.json", "regions[0].name", "Other Name")
    },
    Corruption(name: "catalog route summary differs", rule: .catalogRoutes, file: "catalog.json", path: "regions[0].routes") {
        try $0.editJSON("/catalog.json") { c in
            c.set("regions[0].routes[0].distanceM", .number(c.get("regions[0].routes[0].distanceM")!.double + 1))
        }
    },
]

@Suite("Corruption corpus")
struct CorruptionTests {
    @Test func corpusCoversManyRules() {
        // Every error rule has a corruption here, except pack.layout (PackValidatorTests).
        // The dem.* rules are covered by DEMCorruptionTests, on the demo pack and its DEM.
        // The routing.* rules are covered by RoutingTests, on the fixture pack with routing.json.
        // The style.* and map.* rules are covered by StyleTests, on the demo pack's style.json and map/.
        // What a pack means (stats, region content, route features): MeaningCorruptionTests;
        // landmarks: LandmarkTruthTests.
        let all = corruptions + specCorruptions + demCorruptionsCovered + routingCorruptions + styleCorruptions + vectorTileCorruptions
            + meaningCorruptions + landmarkCorruptions + guidanceCorruptions
        let covered = Set(all.map(\.rule))
        let uncovered = ValidationRule.allCases.filter { $0.severity == .error && !covered.contains($0) }
        // dem.read: DEMCorruptionTests.aDEMThatDoesNotCoverTheRegionIsAnError. route.size:
        // EndToEndTests' RouteSizeCapTests (a 65 MB sparse route file, through the binary).
        // file.count: EndToEndTests' DocumentCountCapTests (every capped array, through the binary).
        #expect(uncovered == [.packLayout, .fileCount, .routeSize, .demRead])
        #expect(all.count >= 100)
        #expect(Set(all.map(\.name)).count == all.count)
    }

    @Test(arguments: corruptions + specCorruptions + meaningCorruptions)
    func corruptionIsReported(_ corruption: Corruption) throws {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let (report, match) = try corruption.validated(editor)
        #expect(!report.isValid)
        #expect(!report.passes(strict: false))
        #expect(match != nil, "\(corruption.rule.id) at \(corruption.file) \(corruption.path ?? corruption.offset.map { "byte \($0)" } ?? "") not reported; got:\n\(ReportRenderer.text(report))")
        if let match {
            #expect(match.severity == .error)
            #expect(!match.expected.isEmpty && !match.found.isEmpty)
            if corruption.path != nil { #expect(match.location.line != nil) }
        }
    }
}

extension Corruption {
    /// Applies the corruption to a copy of a pack (`editor`, removed afterwards) and expects its
    /// rule as an error at its place, with what was expected and found (and a line, where asked).
    func expectReported(on editor: PackEditor, withLine: Bool = false) throws {
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let (report, match) = try validated(editor)
        #expect(!report.isValid)
        #expect(match != nil, "\(rule.id) at \(file) \(path ?? "") not reported; got:\n\(ReportRenderer.text(report))")
        if let match {
            #expect(match.severity == .error)
            #expect(!match.expected.isEmpty && !match.found.isEmpty)
            if withLine { #expect(match.location.line != nil) }
        }
    }

    /// Applies the corruption to `editor`'s pack (re-signing it when asked) and validates it: the
    /// report and the problem of the expected rule at the expected file, JSON path and offset.
    func validated(_ editor: PackEditor) throws -> (report: ValidationReport, match: ValidationProblem?) {
        try apply(editor)
        if resign { try PackSigner.resign(root: editor.root) }
        let report = PackValidator.validate(path: editor.root.path)
        let match = report.problems(rule).first { p in
            p.file == file && (path == nil || p.location.jsonPath == path) && (offset == nil || p.location.byteOffset == offset)
        }
        return (report, match)
    }
}
