import Foundation
import Pipeline
import TestSupport
import Testing
import TrailpackCore

/// Out-and-back routes over the demo network and summits on the real White Mountains DEM
/// (data/white-mountains), built by the real pipeline.
@Suite struct TurnaroundAndSummitTests {
    /// A vertex halfway along the OSM way named `name` (read with Foundation, independently of OGR).
    static func midpoint(ofTrail name: String) throws -> LonLat {
        let data = try Data(contentsOf: TestData.url("white-mountains/wmnf-pliney.geojson"))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let features = root?["features"] as? [[String: Any]] ?? []
        let f = try #require(features.first { ($0["properties"] as? [String: Any])?["name"] as? String == name })
        let coords = try #require((f["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        let mid = coords[coords.count / 2]
        return LonLat(mid[0], mid[1])
    }

    /// The pack, built on first use; its failure fails the tests that read it.
    static let made = Result<(region: URL, summary: BuildSummary), any Error> {
        let slope = try midpoint(ofTrail: "Starr King Trail")
        let dir = TestData.scratchFolder("turnarounds")
        let recipe = dir.appendingPathComponent("turnarounds.json5")
        let text = DemoPack.recipeText(id: "turnarounds", name: "Turnarounds", pois: """
            { name: "Mount Cabot", kind: "summit", lon: -71.4141, lat: 44.5059 },
            { name: "Cabot Pond", kind: "pond", lon: -71.4139, lat: 44.5057 },
            { name: "Unknown Pond", kind: "pond", lon: -71.3905, lat: 44.5290 },
            { name: "Bunnell Notch Trailhead", kind: "trailhead", lon: -71.3608696, lat: 44.4942774 },
            { name: "Unknown Pond Trailhead", kind: "trailhead", lon: -71.3585432, lat: 44.4981143 },
            { name: "Starr King Trailhead", kind: "trailhead", lon: -71.4669526, lat: 44.4184619 },
            """, routes: """
            { id: "pond-and-back", name: "Pond and back", via: ["Unknown Pond Trailhead", "Unknown Pond", "Unknown Pond Trailhead"] },
            { id: "cabot-and-back", name: "Cabot and back", via: ["Bunnell Notch Trailhead", "Mount Cabot", "Bunnell Notch Trailhead"] },
            { id: "slope-and-back", name: "Up the slope and back", via: ["Starr King Trailhead", [\(slope.lon), \(slope.lat)], "Starr King Trailhead"] },
            { id: "over-cabot", name: "Over Mount Cabot", via: ["Bunnell Notch Trailhead", "Mount Cabot", "Unknown Pond"] },
            """)
        try text.write(to: recipe, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("packs")
        let summary = try TestData.build(recipePath: recipe.path, outRoot: out.path)
        #expect(TestData.strictValidationFailure(out) == nil)
        return (out.appendingPathComponent("regions/turnarounds"), summary)
    }
    static var built: (region: URL, summary: BuildSummary) { get throws { try made.get() } }

    struct RouteFile {
        var coords: [LonLat]
        var cum: [Double]
        var waypoints: [[String: Any]]
    }

    static func route(_ id: String) throws -> RouteFile {
        let data = try Data(contentsOf: built.region.appendingPathComponent("routes/\(id).json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let coords = (doc["coords"] as! [[Double]]).map { LonLat($0[0], $0[1]) }
        return RouteFile(coords: coords, cum: doc["cum"] as! [Double], waypoints: doc["waypoints"] as! [[String: Any]])
    }

    static func uTurns(_ r: RouteFile) -> [[String: Any]] { r.waypoints.filter { $0["dir"] as? String == "u-turn" } }

    /// The route's turnaround: its vertex nearest to the middle via.
    static func tip(_ r: RouteFile, via: LonLat) -> Int {
        r.coords.indices.min { Geodesic.distanceM(via, r.coords[$0]) < Geodesic.distanceM(via, r.coords[$1]) }!
    }

    @Test(arguments: [("pond-and-back", "Unknown Pond", LonLat(-71.3905, 44.5290)), ("cabot-and-back", "Mount Cabot", LonLat(-71.4141, 44.5059))])
    func outAndBackGetsOneUTurnNamedAtTheTurnaround(id: String, place: String, via: LonLat) throws {
        let r = try Self.route(id)
        let u = Self.uTurns(r)
        try #require(u.count == 1, "\(id): \(r.waypoints)")
        #expect(u[0]["kind"] as? String == "turn")  // the SPEC has no `u-turn` kind: a turn with dir u-turn
        #expect(u[0]["instruction"] as? String == "Turn around at \(place)")
        #expect(u[0]["name"] as? String == place)
        let i = try #require(u[0]["i"] as? Int)
        let tip = Self.tip(r, via: via)
        #expect(abs(r.cum[i] - r.cum[tip]) <= 30, "\(id): U-turn at \(r.cum[i]) m, turnaround at \(r.cum[tip]) m")
        // The turnaround is not also "passed".
        #expect(!r.waypoints.contains { $0["kind"] as? String == "poi" && $0["name"] as? String == place })
        // Out and back: it ends where it started, named alike at both ends.
        let start = try #require(r.waypoints.first?["name"] as? String)
        #expect(start.hasSuffix("Trailhead"))
        #expect(r.waypoints.last?["instruction"] as? String == "Arrive at \(start)")
    }

    @Test func atASummitTurnaroundTheSummitComesFirst() throws {
        let r = try Self.route("cabot-and-back")
        let texts = r.waypoints.map { $0["instruction"] as? String ?? "" }
        let summit = try #require(texts.firstIndex(of: "Reach the summit of Mount Cabot"), "\(texts)")
        let turn = try #require(texts.firstIndex(of: "Turn around at Mount Cabot"), "\(texts)")
        #expect(summit + 1 == turn)
    }

    @Test func aTurnaroundOnASlopeIsAUTurnAndNoSummit() throws {
        let r = try Self.route("slope-and-back")
        let u = Self.uTurns(r)
        try #require(u.count == 1, "\(r.waypoints)")
        #expect(u[0]["instruction"] as? String == "Turn around")
        #expect(!r.waypoints.contains { $0["kind"] as? String == "summit" }, "\(r.waypoints)")
        // Control: the turnaround is the route's high point, on a slope.
        let terrain = try TER1.decode([UInt8](try Data(contentsOf: Self.built.region.appendingPathComponent("terrain.bin"))))
        let higher = try #require(Self.higherDirections(around: r.coords[Self.tip(r, via: try Self.midpoint(ofTrail: "Starr King Trail"))], on: terrain))
        #expect(higher >= 6, "the slope point has \(higher) higher directions")
    }

    /// Probes 100 m away every 10 degrees higher than the ground at `p` (test's own count).
    static func higherDirections(around p: LonLat, on grid: TerrainGrid) -> Int? {
        guard let centre = grid.elevationM(at: p) else { return nil }
        return (0..<36).filter { k in
            (grid.elevationM(at: Geodesic.destination(from: p, bearingDeg: Double(k * 10), distanceM: 100)) ?? .infinity) > centre
        }.count
    }

    @Test func everySummitPassesTheTerrainCheckAndIsNamedOnlyBySummits() throws {
        let terrain = try TER1.decode([UInt8](try Data(contentsOf: Self.built.region.appendingPathComponent("terrain.bin"))))
        var summits = 0
        for id in ["pond-and-back", "cabot-and-back", "slope-and-back", "over-cabot"] {
            let r = try Self.route(id)
            for w in r.waypoints where w["kind"] as? String == "summit" {
                summits += 1
                let i = try #require(w["i"] as? Int)
                let higher = try #require(Self.higherDirections(around: r.coords[i], on: terrain))
                // The pipeline checks the route's 10 m AR patch; the region's 30 m grid agrees within one probe.
                #expect(higher <= 4, "\(id): summit \(w) has \(higher) of 36 higher directions")
                #expect(w["name"] as? String != "Cabot Pond" && w["name"] as? String != "Unknown Pond")
            }
        }
        // Over Mount Cabot: its summit is announced, named after the summit and not the pond beside it.
        let over = try Self.route("over-cabot")
        #expect(over.waypoints.contains { $0["kind"] as? String == "summit" && $0["instruction"] as? String == "Reach the summit of Mount Cabot" },
                "\(over.waypoints)")
        #expect(summits >= 1)
    }
}
