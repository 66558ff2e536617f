import Drawing
import Bindings
import Foundation
import Preview
import TestSupport
import TrailpackCore

/// A small region pack written to disk per SPEC, by hand: a Gaussian mountain, two routes, a
/// few contours, trails and one POI. Everything the tests assert is derived from these values.
struct PreviewFixture {
    static let regionId = "test-peak"
    static let bbox = BBox(west: -71.300, south: 44.100, east: -71.260, north: 44.130)
    static let peak = LonLat(-71.280, 44.115)
    static let contourIntervalM = 20.0

    /// The pack root (holding catalog.json).
    let rootURL: URL
    /// The region folder.
    var regionURL: URL { rootURL.appendingPathComponent("regions/\(Self.regionId)") }
    let terrain: TerrainGrid
    let routes: [FixtureRoute]

    struct FixtureRoute {
        var id: String
        var name: String
        var coords: [LonLat]
        var eles: [Double]
        var cum: [Double]
        var waypoints: [[String: Any]]
        var patch: TerrainGrid
    }

    /// Metres above sea level of the synthetic mountain: 500 m plain, 400 m Gaussian peak (sigma 800 m).
    static func elevationM(_ p: LonLat) -> Double {
        let d = Geodesic.distanceM(p, peak)
        return 500 + 400 * exp(-d * d / (2 * 800 * 800))
    }

    static func grid(bounds: BBox, resolutionM: Double) -> TerrainGrid {
        let g = GridGeometry(bounds: bounds, resolutionM: resolutionM)
        var z: [Int16] = []
        let template = TerrainGrid(width: g.width, height: g.height, bounds: bounds, elevationsM: .init(repeating: 0, count: g.width * g.height))
        for r in 0..<g.height {
            for c in 0..<g.width {
                z.append(Int16(elevationM(LonLat(template.lon(column: Double(c)), template.lat(row: Double(r)))).rounded()))
            }
        }
        return TerrainGrid(width: g.width, height: g.height, bounds: bounds, elevationsM: z)
    }

    /// Points every <= 12 m along the geodesic legs through `corners`.
    static func densify(_ corners: [LonLat]) -> [LonLat] {
        var out = [corners[0]]
        for k in 1..<corners.count {
            let n = Int((Geodesic.distanceM(corners[k - 1], corners[k]) / 11.5).rounded(.up))
            for s in 1...n { out.append(Geodesic.interpolate(corners[k - 1], corners[k], fraction: Double(s) / Double(n))) }
        }
        return out
    }

    static func makeRoute(id: String, name: String, corners: [LonLat], waypoints: (Int) -> [[String: Any]]) -> FixtureRoute {
        let coords = densify(corners)
        let patchBounds = BBox(covering: coords)!.expanded(byMetres: 150)
        let patch = grid(bounds: patchBounds, resolutionM: 10)
        let eles = coords.map { ((patch.elevationM(at: $0) ?? 0) * 10).rounded() / 10 }
        var cum = [0.0]
        for k in 1..<coords.count { cum.append(cum[k - 1] + Geodesic.distanceM(coords[k - 1], coords[k])) }
        cum = cum.map { ($0 * 10).rounded() / 10 }
        return FixtureRoute(id: id, name: name, coords: coords, eles: eles, cum: cum, waypoints: waypoints(coords.count - 1), patch: patch)
    }

    /// Builds and writes the pack into a fresh scratch folder.
    static func make(routeNameSuffix: String = "") throws -> PreviewFixture {
        let root = TestData.scratchFolder("preview-fixture")
        let terrain = grid(bounds: bbox, resolutionM: 50)
        let summit = makeRoute(id: "summit-trail", name: "Summit Trail" + routeNameSuffix,
                               corners: [LonLat(-71.295, 44.103), peak, LonLat(-71.268, 44.112)]) { last in
            let peakIndex = densify([LonLat(-71.295, 44.103), peak]).count - 1
            return [["i": 0, "kind": "start", "name": "South Trailhead", "instruction": "Head northeast"],
                    ["i": peakIndex, "kind": "summit", "name": "Test Peak", "instruction": "Continue over the summit", "dir": "slight-right"],
                    ["i": last, "kind": "end", "name": "East Lot", "instruction": "Arrive at East Lot"]]
        }
        let pond = makeRoute(id: "pond-walk", name: "Pond Walk",
                             corners: [LonLat(-71.297, 44.127), LonLat(-71.287, 44.127), LonLat(-71.287, 44.121)]) { last in
            let corner = densify([LonLat(-71.297, 44.127), LonLat(-71.287, 44.127)]).count - 1
            return [["i": 0, "kind": "start", "name": "Pond Gate", "instruction": "Head east"],
                    ["i": corner, "kind": "turn", "instruction": "Turn right", "dir": "right"],
                    ["i": last, "kind": "end", "name": "Pond", "instruction": "Arrive at the pond"]]
        }
        let fixture = PreviewFixture(rootURL: root, terrain: terrain, routes: [summit, pond])
        try fixture.write()
        return fixture
    }

    private func write() throws {
        let fm = FileManager.default
        try fm.createDirectory(at: regionURL.appendingPathComponent("routes"), withIntermediateDirectories: true)
        try fm.createDirectory(at: regionURL.appendingPathComponent("ar"), withIntermediateDirectories: true)
        func put(_ relative: String, _ bytes: [UInt8]) throws -> [String: Any] {
            try Data(bytes).write(to: regionURL.appendingPathComponent(relative))
            return ["path": relative, "bytes": bytes.count, "sha256": SHA256.hex(of: bytes)]
        }
        func json(_ object: Any) throws -> [UInt8] {
            [UInt8](try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
        }
        func lineFeature(_ coords: [LonLat], _ props: [String: Any]) -> [String: Any] {
            ["type": "Feature", "properties": props,
             "geometry": ["type": "LineString", "coordinates": coords.map { [$0.lon, $0.lat] }]]
        }

        var terrainEntry = try put("terrain.bin", TER1.encode(terrain))
        let geometry = GridGeometry(width: terrain.width, height: terrain.height, bounds: terrain.bounds)
        terrainEntry["bounds"] = terrain.bounds.array
        terrainEntry["width"] = terrain.width
        terrainEntry["height"] = terrain.height
        terrainEntry["resolutionM"] = (geometry.resolutionM * 100).rounded() / 100
        let shade = PatchHillshade.shade(terrain)
        var hillshadeEntry = try put("hillshade.png", try PNGImage(width: terrain.width, height: terrain.height, channels: 1, pixels: shade).encoded())
        hillshadeEntry["bounds"] = geometry.pixelEdgeBounds.array
        hillshadeEntry["width"] = terrain.width
        hillshadeEntry["height"] = terrain.height

        var contours: [[String: Any]] = []
        for ele in stride(from: 520.0, through: 880.0, by: Self.contourIntervalM) {
            let radiusM = 800 * (-2 * log((ele - 500) / 400)).squareRoot()
            let ring = (0...72).map { Geodesic.destination(from: Self.peak, bearingDeg: Double($0 % 72) * 5, distanceM: radiusM) }
            contours.append(lineFeature(ring, ["ele": ele, "index": ele.truncatingRemainder(dividingBy: 5 * Self.contourIntervalM) == 0]))
        }
        var contoursEntry = try put("contours.geojson", json(["type": "FeatureCollection", "features": contours]))
        contoursEntry["intervalM"] = Self.contourIntervalM
        var trails = routes.map { lineFeature($0.coords, ["name": $0.name, "routeId": $0.id]) }
        trails.append(lineFeature([LonLat(-71.299, 44.110), LonLat(-71.262, 44.125)], ["name": NSNull()]))
        let trailsEntry = try put("trails.geojson", json(["type": "FeatureCollection", "features": trails]))
        let poi: [String: Any] = ["type": "Feature", "properties": ["name": "Test Peak", "kind": "peak", "ele": Self.elevationM(Self.peak).rounded()],
                                  "geometry": ["type": "Point", "coordinates": [Self.peak.lon, Self.peak.lat]]]
        let poisEntry = try put("pois.geojson", json(["type": "FeatureCollection", "features": [poi]]))

        var manifestRoutes: [[String: Any]] = []
        for r in routes {
            let patchGeometry = GridGeometry(width: r.patch.width, height: r.patch.height, bounds: r.patch.bounds)
            var patchEntry = try put("ar/\(r.id).bin", TER1.encode(r.patch))
            patchEntry["bounds"] = r.patch.bounds.array
            patchEntry["width"] = r.patch.width
            patchEntry["height"] = r.patch.height
            patchEntry["resolutionM"] = (patchGeometry.resolutionM * 100).rounded() / 100
            var ascent = 0.0, descent = 0.0
            for k in 1..<r.eles.count {
                let d = r.eles[k] - r.eles[k - 1]
                if d > 0 { ascent += d } else { descent -= d }
            }
            let stats: [String: Any] = ["distanceM": r.cum.last!, "ascentM": (ascent * 10).rounded() / 10, "descentM": (descent * 10).rounded() / 10,
                                        "minEleM": r.eles.min()!, "maxEleM": r.eles.max()!,
                                        "durationS": Int(r.cum.last! / 4000 * 3600 + ascent / 300 * 3600)]
            let file: [String: Any] = ["id": r.id, "name": r.name, "blurb": "A test route <with> markup & quotes \"here\".",
                                       "coords": zip(r.coords, r.eles).map { [$0.lon, $0.lat, $1] }, "cum": r.cum,
                                       "waypoints": r.waypoints, "stats": stats, "arPatch": patchEntry]
            let fileEntry = try put("routes/\(r.id).json", json(file))
            manifestRoutes.append(["id": r.id, "name": r.name, "file": fileEntry, "stats": stats, "arPatch": patchEntry])
        }
        let manifest: [String: Any] = [
            "formatVersion": 1, "id": Self.regionId, "name": "Test Peak & Pond", "bbox": Self.bbox.array,
            "attribution": ["Synthetic terrain <test>"], "generator": "trailpack 0.1.0",
            "files": ["terrain": terrainEntry, "hillshade": hillshadeEntry, "contours": contoursEntry, "trails": trailsEntry, "pois": poisEntry],
            "routes": manifestRoutes,
        ]
        let manifestBytes = try json(manifest)
        try Data(manifestBytes).write(to: regionURL.appendingPathComponent("manifest.json"))
        let catalog: [String: Any] = ["formatVersion": 1, "generator": "trailpack 0.1.0",
                                      "regions": [["id": Self.regionId, "name": "Test Peak & Pond", "bbox": Self.bbox.array,
                                                   "manifest": "regions/\(Self.regionId)/manifest.json",
                                                   "sha256": SHA256.hex(of: manifestBytes), "bytes": 0, "routes": []]]]
        try Data(try json(catalog)).write(to: rootURL.appendingPathComponent("catalog.json"))
    }
}

/// Pixel helpers shared by the tests.
enum Pixels {
    /// `[r, g, b]` of pixel (x, y) of a decoded PNG.
    static func rgb(_ image: PNGImage, x: Int, y: Int) -> [Int] {
        let k = (y * image.width + x) * image.channels
        if image.channels < 3 { return [Int(image.pixels[k]), Int(image.pixels[k]), Int(image.pixels[k])] }
        return [Int(image.pixels[k]), Int(image.pixels[k + 1]), Int(image.pixels[k + 2])]
    }

    /// True when every channel is within `tolerance` of `expected`.
    static func matches(_ rgb: [Int], _ expected: [UInt8], tolerance: Int) -> Bool {
        zip(rgb, expected).allSatisfy { abs($0 - Int($1)) <= tolerance }
    }

    /// The SPEC's web-mercator mapping of `p` onto a `widthPx` x `heightPx` image spanning `edges`,
    /// computed here independently of the renderer.
    static func project(_ p: LonLat, edges: BBox, widthPx: Double, heightPx: Double) -> (x: Double, y: Double) {
        func y(_ lat: Double) -> Double { log(tan(Double.pi / 4 + lat * Double.pi / 360)) }
        return ((p.lon - edges.west) / (edges.east - edges.west) * widthPx,
                (y(edges.north) - y(p.lat)) / (y(edges.north) - y(edges.south)) * heightPx)
    }

    /// Distance in pixels from `p` to the segment `a`-`b`.
    static func distanceToSegment(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        let t = len2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
        let qx = a.x + t * dx - p.x, qy = a.y + t * dy - p.y
        return (qx * qx + qy * qy).squareRoot()
    }
}
