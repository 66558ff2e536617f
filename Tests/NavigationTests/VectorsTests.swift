import Foundation
import PackJSON
import PackReader
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Navigation

/// `trailpack vectors` on the demo region: deterministic bytes; trailpack's engine passes every
/// case read back from the file; the independent Python engine (scripts/navigation_engine.py,
/// written from docs/NAVIGATION.md) passes them too, and fails a case that was changed.
@Suite(.serialized) struct VectorsTests {
    static let cases = Result { () throws -> (region: String, bytes: [UInt8]) in
        let region = try DemoBuild.get().region.path
        return (region, try NavigationVectors.make(folder: region))
    }

    @Test func theSameRegionGivesTheSameBytes() throws {
        let (region, bytes) = try Self.cases.get()
        #expect(try NavigationVectors.make(folder: region) == bytes)
    }

    @Test func trailpacksEngineAgreesWithEveryCaseReadBack() throws {
        let root = try JSONParser.parse(try Self.cases.get().bytes)
        var routes: [String: NavRoute] = [:]
        guard case .object(let members) = root["routes"]!.value else { Issue.record("routes is no object"); return }
        for id in members.keys { routes[id] = Self.route(id, root["routes"]![id]!) }
        #expect(routes.count == 4)
        var checked = 0
        for walk in root["walks"]!.children {
            let route = try #require(routes[walk["route"]!.stringValue!])
            let fixes = walk["fixes"]!.children.map { f in
                Fix(location: LonLat(f[0]!.doubleValue!, f[1]!.doubleValue!), timeS: f[2]!.doubleValue!, accuracyM: f[3]!.doubleValue!)
            }
            let replay = Replay.run(route: route, fixes: fixes)
            let expected = walk["expected"]!
            let progress = expected["progressM"]!.children.map { $0.doubleValue! }
            #expect(zip(replay.frames, progress).allSatisfy { abs($0.progressM - $1) <= 0.5 })
            let walking = expected["walkingS"]!.children.map { $0.doubleValue! }
            #expect(walking.count == replay.frames.count && zip(replay.frames, walking).allSatisfy { abs($0.walkingS - $1) <= 0.01 })
            #expect(String(replay.frames.map { $0.offRoute ? "1" : "0" }) == expected["offRoute"]!.stringValue!)
            #expect(String(replay.frames.map { $0.arrived ? "1" : "0" }) == expected["arrived"]!.stringValue!)
            #expect(replay.events.map { "\($0.fix) \($0.event.kind)" } == expected["events"]!.children.map { "\($0["fix"]!.intValue!) \($0["kind"]!.stringValue!)" })
            checked += 1
        }
        for c in root["banners"]!.children {
            let route = try #require(routes[c["route"]!.stringValue!])
            #expect(Navigator.onRouteBanner(route, progressM: c["progressM"]!.doubleValue!) == c["expected"]!.stringValue!)
            checked += 1
        }
        for c in root["eta"]!.children {
            let route = try #require(routes[c["route"]!.stringValue!])
            let p = c["progressM"]!.doubleValue!, e = c["expected"]!
            let rest = RouteETA.remaining(route, from: p), walked = RouteETA.walkedDinS(route, to: p)
            #expect(abs(rest.distanceM - e["remainingM"]!.doubleValue!) <= 0.5 && abs(rest.ascentM - e["ascentM"]!.doubleValue!) <= 0.5)
            #expect(rest.dinS == e["dinS"]!.intValue! && walked == e["walkedDinS"]!.intValue!)
            let corrected = RouteETA.correctedS(remainingDinS: rest.dinS, elapsedS: c["elapsedS"]!.doubleValue!, walkedDinS: walked)
            #expect(abs(corrected - e["correctedS"]!.doubleValue!) <= 1)
            checked += 1
        }
        let (region, _) = try Self.cases.get()
        let ter1 = root["ter1"]!
        let grid = try TER1.decode(Array(try Data(contentsOf: URL(fileURLWithPath: region).appendingPathComponent(ter1["file"]!.stringValue!))))
        for c in ter1["samples"]!.children {
            let got = try #require(grid.elevationM(at: LonLat(c["lon"]!.doubleValue!, c["lat"]!.doubleValue!)))
            #expect(abs(got - c["expectedM"]!.doubleValue!) <= ter1["tolerance"]!.doubleValue!)
            checked += 1
        }
        #expect(Set(ter1["samples"]!.children.compactMap { $0["kind"]?.stringValue }) == ["corner", "edge", "seeded"], "the demo region has no void")
        #expect(checked >= 400)
    }

    @Test func theIndependentPythonEngineAgreesAndCatchesAChangedCase() throws {
        let (region, bytes) = try Self.cases.get()
        let folder = TestData.scratchFolder("vectors")
        let file = folder.appendingPathComponent("cases.json")
        try Data(bytes).write(to: file)
        let (status, out, err) = try Self.python(region, file.path)
        #expect(status == 0, "\(String(decoding: err, as: UTF8.self))")
        #expect(String(decoding: out, as: UTF8.self).contains("\"disagreements\": 0"))
        // One expected banner changed: the Python engine must disagree.
        var text = String(decoding: bytes, as: UTF8.self)
        let banner = try #require(text.range(of: " in 850 m\""))
        text.replaceSubrange(banner, with: " in 800 m\"")
        try Data(text.utf8).write(to: file)
        let (changed, _, why) = try Self.python(region, file.path)
        #expect(changed == 1)
        #expect(String(decoding: why, as: UTF8.self).contains("800 m"))
    }

    static func python(_ region: String, _ cases: String) throws -> (Int32, Data, Data) {
        try TestData.runProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                [TestData.repoRoot.appendingPathComponent("scripts/navigation_engine.py").path, region, cases], timeoutS: 300)
    }

    static func route(_ id: String, _ n: JSONNode) -> NavRoute {
        let coords = n["coords"]!.children.map { ($0[0]!.doubleValue!, $0[1]!.doubleValue!, $0[2]!.doubleValue!) }
        let waypoints = n["waypoints"]!.children.map { w in
            Waypoint(i: w["i"]!.intValue!, kind: WaypointKind(rawValue: w["kind"]!.stringValue!)!, instruction: w["instruction"]!.stringValue!)
        }
        let landmarks = n["landmarks"]!.children.map { l in
            NavLandmark(name: l["name"]!.stringValue!, visible: l["visible"]!.children.map { $0[0]!.intValue!...$0[1]!.intValue! })
        }
        let r = n["rates"]!
        let model = HikingModel(flatSpeedKmh: r["horizontalKmh"]!.doubleValue!, ascentRateMPerH: r["ascentMPerH"]!.doubleValue!,
                                descentRateMPerH: r["descentMPerH"]!.doubleValue!, climbThresholdM: r["climbThresholdM"]!.doubleValue!)
        return NavRoute(id: id, coords: coords.map { LonLat($0.0, $0.1) }, elevationsM: coords.map(\.2), cumM: n["cum"]!.children.map { $0.doubleValue! },
                        waypoints: waypoints, landmarks: landmarks, model: model)
    }
}
