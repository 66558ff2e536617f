import Bindings
import Foundation
import Landmarks
import PackJSON
import RouteCore
import TestSupport
import TrailpackCore

/// A small but complete valid pack written by the tests themselves (independent of the
/// pipeline): one region with a steep hill, terrain, hillshade, contours, trails, POIs and one
/// route with its AR patch. `resign` recomputes every bytes/sha256 after a corruption.
enum PackFixture {
    static let regionId = "fixture-hills"
    static let routeId = "ridge-walk"
    static let bbox = BBox(west: -71.40, south: 44.40, east: -71.36, north: 44.43)
    static let hillTop = LonLat(-71.38, 44.415)
    /// A `peak` POI on the hill's west flank and a pond on the plain, both in sight of the route.
    static let shoulder = LonLat(-71.384, 44.415)
    static let pond = LonLat(-71.368, 44.418)
    static let contourIntervalM = 20.0

    /// A smooth hill of 350 m over a 400 m plain, metres.
    static func elevationM(_ p: LonLat) -> Double {
        let dx = (p.lon - hillTop.lon) / 0.004, dy = (p.lat - hillTop.lat) / 0.003
        return 400 + 350 * exp(-(dx * dx + dy * dy))
    }

    static func grid(_ geometry: GridGeometry) -> TerrainGrid {
        var blank = TerrainGrid(width: geometry.width, height: geometry.height, bounds: geometry.bounds,
                                elevationsM: [Int16](repeating: 0, count: geometry.width * geometry.height))
        var values = [Int16](repeating: 0, count: geometry.width * geometry.height)
        for r in 0..<geometry.height {
            let lat = blank.lat(row: Double(r))
            for c in 0..<geometry.width {
                values[r * geometry.width + c] = Int16(elevationM(LonLat(blank.lon(column: Double(c)), lat)).rounded())
            }
        }
        blank.elevationsM = values
        return blank
    }

    static func round(_ v: Double, _ decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (v * scale).rounded() / scale
    }

    static func position(_ p: LonLat) -> JSONValue {
        [.number(p.lon, decimals: 7), .number(p.lat, decimals: 7)]
    }

    static func feature(_ geometry: JSONValue, _ properties: JSONObject) -> JSONValue {
        ["type": "Feature", "geometry": geometry, "properties": .object(properties)]
    }

    static func collection(_ features: [JSONValue]) -> JSONValue {
        ["type": "FeatureCollection", "features": .array(features)]
    }

    /// The route's vertices: a geodesic from A to B resampled at at most 11.5 m, rounded.
    static func routeCoords() -> [LonLat] {
        let a = LonLat(-71.392, 44.408), b = LonLat(-71.372, 44.421)
        let length = Geodesic.distanceM(a, b)
        let n = Int((length / 11.5).rounded(.up))
        return (0...n).map { k in
            let p = Geodesic.interpolate(a, b, fraction: Double(k) / Double(n))
            return LonLat(round(p.lon, 7), round(p.lat, 7))
        }
    }

    static var terrainGeometry: GridGeometry { GridGeometry(bounds: bbox, resolutionM: 30) }
    static var arGeometry: GridGeometry { GridGeometry(bounds: BBox(covering: routeCoords())!.expanded(byMetres: 200), resolutionM: 10) }
    static func ter1Bytes(_ g: GridGeometry) -> Int { 44 + 2 * g.width * g.height }

    /// Writes a valid pack root into `root` (created if needed).
    static func write(root: URL) throws {
        let region = root.appendingPathComponent("regions/\(regionId)")
        let fm = FileManager.default
        try fm.createDirectory(at: region.appendingPathComponent("routes"), withIntermediateDirectories: true)
        try fm.createDirectory(at: region.appendingPathComponent("ar"), withIntermediateDirectories: true)
        func put(_ relative: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: region.appendingPathComponent(relative)) }
        func json(_ value: JSONValue) throws -> [UInt8] { try JSONWriter().bytes(value) }
        func bounds(_ b: BBox) -> JSONValue { .array(b.array.map { .number($0) }) }

        // Terrain and hillshade.
        let geometry = terrainGeometry
        let terrain = grid(geometry)
        try put("terrain.bin", TER1.encode(terrain))
        let pixels = terrain.elevationsM.map { UInt8(clamping: Int($0) / 3) }
        try put("hillshade.png", try PNGImage(width: geometry.width, height: geometry.height, channels: 1, pixels: pixels).encoded())

        // GeoJSON.
        func ring(_ radiusDeg: Double) -> JSONValue {
            .array((0...12).map { k in
                let t = Double(k) / 12 * 2 * Double.pi
                return position(LonLat(hillTop.lon + radiusDeg * cos(t), hillTop.lat + radiusDeg * 0.75 * sin(t)))
            })
        }
        try put("contours.geojson", json(collection([
            feature(["type": "LineString", "coordinates": ring(0.006)], ["ele": 500, "index": true]),
            feature(["type": "LineString", "coordinates": ring(0.005)], ["ele": 520, "index": false]),
        ])))
        let coords = routeCoords()
        try put("trails.geojson", json(collection([
            feature(["type": "LineString", "coordinates": [position(LonLat(-71.399, 44.401)), position(LonLat(-71.37, 44.429))]],
                    ["name": "Fixture Trail"]),
            feature(["type": "MultiLineString", "coordinates": [[position(LonLat(-71.398, 44.428)), position(LonLat(-71.39, 44.42))]]],
                    ["name": nil]),
            feature(["type": "LineString", "coordinates": .array(coords.map(position))], ["name": "Ridge Walk", "routeId": .string(routeId)]),
        ])))
        try put("pois.geojson", json(collection([
            feature(["type": "Point", "coordinates": position(hillTop)],
                    ["name": "Mount Fixture", "kind": "summit", "ele": .number(terrain.elevationM(at: hillTop)!, decimals: 1)]),
            feature(["type": "Point", "coordinates": position(LonLat(-71.395, 44.405))],
                    ["name": "Cold Spring", "kind": "water", "ele": .number(terrain.elevationM(at: LonLat(-71.395, 44.405))!, decimals: 1)]),
            feature(["type": "Point", "coordinates": position(shoulder)],
                    ["name": "Fixture Shoulder", "kind": "peak", "ele": .number(terrain.elevationM(at: shoulder)!, decimals: 1)]),
            feature(["type": "Point", "coordinates": position(pond)],
                    ["name": "Fixture Pond", "kind": "water", "ele": .number(terrain.elevationM(at: pond)!, decimals: 1)]),
        ])))

        // Route and AR patch.
        let arGeometry = Self.arGeometry
        let ar = grid(arGeometry)
        let arBytes = TER1.encode(ar)
        try put("ar/\(routeId).bin", arBytes)
        let eles = coords.map { round(ar.elevationM(at: $0)!, 1) }
        var cum = [0.0], sum = 0.0
        for k in coords.indices.dropFirst() {
            sum += Geodesic.distanceM(coords[k - 1], coords[k])
            cum.append(round(sum, 1))
        }
        // The builder's counting (5 m hysteresis, DIN 33466 per leg at the default rates).
        let counted = try RouteStatistics.compute(elevationsM: eles, cumM: cum)
        let stats: JSONValue = ["distanceM": .number(cum.last!), "ascentM": .number(counted.ascentM, decimals: 1),
                                "descentM": .number(counted.descentM, decimals: 1), "minEleM": .number(eles.min()!),
                                "maxEleM": .number(eles.max()!), "durationS": .int(counted.durationS)]
        let arPatch: JSONValue = ["path": .string("ar/\(routeId).bin"), "bytes": .int(arBytes.count), "sha256": .string(SHA256.hex(of: arBytes)),
                                  "bounds": bounds(arGeometry.bounds), "width": .int(ar.width), "height": .int(ar.height),
                                  "resolutionM": .number(arGeometry.resolutionM, decimals: 2)]
        let last = coords.count - 1
        // Two landmarks in SPEC order (first visible index, then name), with their nearest
        // distances from the visible vertices and their terrain elevations.
        func landmark(_ name: String, _ kind: String, _ p: LonLat, _ ranges: [ClosedRange<Int>]) -> JSONValue {
            let nearest = ranges.flatMap { Array($0) }.map { Geodesic.distanceM(coords[$0], p) }.min()!
            return ["name": .string(name), "kind": .string(kind), "lon": .number(p.lon, decimals: 7), "lat": .number(p.lat, decimals: 7),
                    "ele": .number(terrain.elevationM(at: p)!, decimals: 1), "nearestM": .number(nearest, decimals: 1),
                    "visible": .array(ranges.map { [.int($0.lowerBound), .int($0.upperBound)] })]
        }
        // Three landmarks. The smooth hill's top (Mount Fixture) is hidden by its own dome from
        // every vertex, so it is left out. Fixture Shoulder (a `peak` POI at its named point,
        // which the SPEC allows) and Fixture Pond have the SPEC's sightlines over this terrain
        // (the Landmarks module's); Cold Spring's ranges, on the plain, differ from those only
        // where the line grazes (within 2 m), where either verdict is right.
        let seen = [("Fixture Shoulder", "peak", shoulder), ("Fixture Pond", "water", pond)].map { name, kind, p in
            Landmark(name: name, kind: kind, location: p, eleM: round(terrain.elevationM(at: p)!, 1))
        }
        let sight = LineOfSight(region: TerrainSurface(terrain), patch: TerrainSurface(ar))
        let sightings = RouteVisibility.sightings(coords: coords, elevationsM: eles, landmarks: seen, sight: sight,
                                                  maxDistanceM: LandmarkOptions().maxDistanceM)
        let landmarks: JSONValue = .array([landmark("Cold Spring", "water", LonLat(-71.395, 44.405), [0...5, 20...30])]
            + sightings.map { landmark($0.landmark.name, $0.landmark.kind, $0.landmark.location, $0.visible) })
        let route: JSONValue = [
            "id": .string(routeId), "name": "Ridge Walk", "blurb": "Over the fixture hill.",
            "coords": .array(zip(coords, eles).map { p, e in [.number(p.lon), .number(p.lat), .number(e)] }),
            "cum": .array(cum.map { .number($0) }),
            "waypoints": [
                ["i": 0, "kind": "start", "instruction": "Start at the trailhead"],
                ["i": .int(last / 2), "kind": "turn", "instruction": "Continue straight", "dir": "straight"],
                ["i": .int(last), "kind": "end", "name": "Ridge end", "instruction": "Arrive at the ridge end"],
            ],
            "stats": stats, "arPatch": arPatch, "landmarks": landmarks,
        ]
        try put("routes/\(routeId).json", json(route))

        // Manifest (bytes and sha256 filled in by resign).
        func entry(_ path: String, _ extra: JSONObject = [:]) -> JSONValue {
            var object: JSONObject = ["path": .string(path), "bytes": 0, "sha256": .string(String(repeating: "0", count: 64))]
            for (k, v) in extra { object[k] = v }
            return .object(object)
        }
        let manifest: JSONValue = [
            "formatVersion": 1, "id": .string(regionId), "name": "Fixture Hills", "bbox": bounds(bbox),
            "attribution": ["Synthetic terrain for tests"], "generator": "trailpack 0.1.0",
            "files": [
                "terrain": entry("terrain.bin", ["bounds": bounds(terrain.bounds), "width": .int(terrain.width), "height": .int(terrain.height),
                                                 "resolutionM": .number(geometry.resolutionM, decimals: 2)]),
                "hillshade": entry("hillshade.png", ["bounds": bounds(geometry.pixelEdgeBounds), "width": .int(geometry.width),
                                                     "height": .int(geometry.height)]),
                "contours": entry("contours.geojson", ["intervalM": .number(contourIntervalM)]),
                "trails": entry("trails.geojson"),
                "pois": entry("pois.geojson"),
            ],
            "routes": [["id": .string(routeId), "name": "Ridge Walk", "file": entry("routes/\(routeId).json"), "stats": stats, "arPatch": arPatch]],
        ]
        try put("manifest.json", json(manifest))
        let catalog: JSONValue = ["formatVersion": 1, "generator": "trailpack 0.1.0", "regions": [[
            "id": .string(regionId), "name": "Fixture Hills", "bbox": bounds(bbox), "manifest": .string("regions/\(regionId)/manifest.json"),
            "sha256": "", "bytes": 0,
            "routes": [["id": .string(routeId), "name": "Ridge Walk", "distanceM": stats["distanceM"]!, "ascentM": stats["ascentM"]!,
                        "descentM": stats["descentM"]!, "durationS": stats["durationS"]!]],
        ]]]
        try Data(try json(catalog)).write(to: root.appendingPathComponent("catalog.json"))
        try resign(root: root)
    }
}
