import Foundation
import RouteCore
import Testing
import TestSupport
import TrailGraph
import TrailpackCore
@testable import Guidance

/// Junctions on the real White Mountains network (data/white-mountains, OSM), routed by the real
/// TrailGraph module and resampled by RouteCore, as the pipeline does.
struct RealNetworkTests {
    /// The trail lines of a GeoJSON file, read with Foundation (the pipeline reads them with OGR):
    /// id from `osm_way_id`, name from `name` (trimmed, empty is unnamed).
    static func trailLines(_ file: String) throws -> [TrailLine] {
        let data = try Data(contentsOf: TestData.url(file))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try #require(root["features"] as? [[String: Any]])
        var out: [TrailLine] = []
        for (k, f) in features.enumerated() {
            guard let g = f["geometry"] as? [String: Any], g["type"] as? String == "LineString",
                  let raw = g["coordinates"] as? [[Double]] else { continue }
            let props = f["properties"] as? [String: Any] ?? [:]
            let name = (props["name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
            let id = (props["osm_way_id"]).map { "way/\($0)" } ?? "feature/\(k)"
            out.append(TrailLine(id: id, name: name?.isEmpty == false ? name : nil, coords: raw.map { LonLat($0[0], $0[1]) }))
        }
        return out
    }

    /// The POIs of Recipes/pliny-kilkenny.json5 near the route.
    static let pois = [
        PointOfInterest(name: "Mount Cabot", kind: "summit", location: LonLat(-71.4141, 44.5059)),
        PointOfInterest(name: "The Horn", kind: "summit", location: LonLat(-71.4000, 44.5183)),
        PointOfInterest(name: "Bunnell Notch Trailhead", kind: "trailhead", location: LonLat(-71.3608696, 44.4942774)),
        PointOfInterest(name: "Unknown Pond Trailhead", kind: "trailhead", location: LonLat(-71.3585432, 44.4981143)),
    ]

    /// Bunnell Notch Trailhead to Mount Cabot, as in Recipes/pliny-kilkenny.json5 (flat profile:
    /// this is about junctions).
    static func mountCabot() throws -> (GuidanceInput, [Waypoint]) {
        let graph = try TrailNetworkGraph(lines: trailLines("white-mountains/wmnf-pliney.geojson"))
        let routed = try graph.route(via: [
            ViaPoint(label: "Bunnell Notch Trailhead", location: LonLat(-71.3608696, 44.4942774)),
            ViaPoint(label: "Mount Cabot", location: LonLat(-71.4141, 44.5059)),
        ])
        let line = try Resampler.resample(routed.path.coords)
        let input = GuidanceInput(path: routed.path, resampledCoords: line.coords, cumM: line.cumM,
                                  elevationsM: line.coords.map { _ in 500 }, resampledIndexOfPathVertex: line.indexOfInput,
                                  pois: pois)
        return (input, try Guidance.waypoints(for: input))
    }

    /// Whether `dir` fits a deviation measured independently; `fork` allows the slight
    /// direction of a fork under 20 degrees.
    static func fits(_ dir: TurnDirection, _ dev: Double) -> Bool {
        let a = abs(dev)
        switch dir {
        case .straight: return a < 20
        case .slightLeft: return a < 45 && (a < 20 || dev < 0)
        case .slightRight: return a < 45 && (a < 20 || dev > 0)
        case .left: return dev <= -45 && dev > -120
        case .right: return dev >= 45 && dev < 120
        case .sharpLeft: return dev <= -120 && dev > -160
        case .sharpRight: return dev >= 120 && dev < 160
        case .uTurn: return a >= 160
        }
    }

    @Test func everyJunctionOnceInOrderWithNamesAndDirections() throws {
        let (input, w) = try Self.mountCabot()
        let path = input.path
        #expect(path.onNetwork)
        #expect(RoutedPath.collapsingRepeats(path.segmentTrailNames) == ["Bunnell Notch Trail", "Killkenny Ridge Trail"])
        // The network nodes with a branch strictly inside the route, in route order, once each
        // (the node at the trailhead is covered by the start instruction).
        var interior: [Int] = []
        for j in path.junctions where j.index > 0 && j.index < path.coords.count - 1 && !interior.contains(j.index) {
            interior.append(j.index)
        }
        #expect(interior.count == 3)
        let junctions = w.filter { $0.kind == .junction }
        #expect(junctions.map(\.i) == interior.map { input.resampledIndexOfPathVertex[$0] })
        #expect(junctions.map(\.name) == interior.map { path.segmentTrailNames[$0] })
        #expect(junctions.map(\.instruction) == [
            "Keep right at the junction with Killkenny Ridge Trail",  // KRT leaves back to the left
            "Keep right onto Killkenny Ridge Trail",                  // Mt Cabot Trail goes on ahead-left
            "Keep left to stay on Killkenny Ridge Trail",             // an unnamed way leaves behind
        ])
        // The KRT / Bunnell Notch / Mt Cabot Trail junction is where the route moves onto the KRT.
        let krt = try #require(junctions.first { $0.instruction == "Keep right onto Killkenny Ridge Trail" })
        #expect(Geodesic.distanceM(input.resampledCoords[krt.i], LonLat(-71.4181, 44.4962)) < 20)
        // `dir` matches the deviation measured here on the path with the tests' own chords.
        let cum = LineMeasure(path.coords).cumM
        for (k, wp) in zip(interior, junctions) {
            let dev = try #require(Fixtures.chordDeviationDeg(path.coords, cum, at: k))
            let dir = try #require(wp.dir)
            #expect(Self.fits(dir, dev), "junction at path vertex \(k): \(dir) for \(dev) degrees")
        }
        #expect(junctions.map(\.dir) == [.slightRight, .slightRight, .slightLeft])
    }

    @Test func trailheadAndSummitAreNotAnnouncedTwice() throws {
        let (input, w) = try Self.mountCabot()
        #expect(w.first == Waypoint(i: 0, kind: .start, name: "Bunnell Notch Trailhead", instruction: "Head west on Bunnell Notch Trail"))
        #expect(w.last == Waypoint(i: input.resampledCoords.count - 1, kind: .end, name: "Mount Cabot", instruction: "Arrive at Mount Cabot"))
        #expect(w.filter { $0.name == "Bunnell Notch Trailhead" }.count == 1)
        #expect(w.filter { $0.name == "Mount Cabot" }.count == 1)
        #expect(!w.contains { $0.kind == .poi })
    }
}
