import Foundation
import Landmarks
import Pipeline
import TestSupport
import TrailpackCore
import XCTest

/// The demo region's routes, built in-process: Mount Cabot from the mount-cabot route,
/// determinism, and the SPEC's shape of `landmarks`.
final class DemoLandmarksTests: XCTestCase {
    /// Mount Cabot is in sight from the top of the route and hidden from Bunnell Notch (the
    /// highest point of the first 5 km, the pass the route crosses before the ridge).
    func testMountCabotSeenFromTheUpperRouteAndHiddenFromTheNotch() throws {
        let route = try DemoRegion.routeJSON("mount-cabot")
        let coords = route["coords"] as! [[Double]], cum = route["cum"] as! [Double]
        let landmarks = route["landmarks"] as! [[String: Any]]
        let cabot = landmarks.first { $0["name"] as? String == "Mount Cabot" }!
        let visible = (cabot["visible"] as! [[Int]]).flatMap { $0[0]...$0[1] }
        let beforeRidge = cum.firstIndex { $0 > 5000 }!
        let notch = (0..<beforeRidge).max { coords[$0][2] < coords[$1][2] }!
        print("Mount Cabot (\(cabot["ele"]!) m at \(cabot["lon"]!), \(cabot["lat"]!)) from mount-cabot: visible \(cabot["visible"]!), "
              + "nearest \(cabot["nearestM"]!) m; notch at vertex \(notch) (\(coords[notch][2]) m, \(cum[notch]) m along), "
              + "last vertex \(coords.count - 1) at \(coords.last![2]) m")
        XCTAssertTrue(visible.contains(coords.count - 1), "seen from the summit's end of the route")
        XCTAssertTrue(visible.allSatisfy { coords[$0][2] > 1200 }, "seen only from the upper route")
        XCTAssertFalse(visible.contains { abs($0 - notch) <= 20 }, "hidden from the notch")
        XCTAssertEqual(coords[notch][2], 936, accuracy: 15)
    }

    /// Every route's `landmarks` follows the SPEC: ranges ascending, disjoint, inside coords;
    /// sorted by first visible index then name; `nearestM` the geodesic distance from the
    /// nearest visible vertex; `ele` the region terrain at the point.
    func testLandmarksFollowTheSpec() throws {
        let grid = try DemoRegion.grid
        for id in DemoRegion.routeIDs {
            let route = try DemoRegion.routeJSON(id)
            let coords = (route["coords"] as! [[Double]]).map { LonLat($0[0], $0[1]) }
            let landmarks = route["landmarks"] as! [[String: Any]]
            XCTAssertFalse(landmarks.isEmpty, id)
            var previous: (Int, String)?
            for l in landmarks {
                let ranges = l["visible"] as! [[Int]]
                XCTAssertFalse(ranges.isEmpty)
                for (k, r) in ranges.enumerated() {
                    XCTAssertLessThanOrEqual(r[0], r[1])
                    XCTAssertTrue(coords.indices.contains(r[0]) && coords.indices.contains(r[1]))
                    if k > 0 { XCTAssertGreaterThan(r[0], ranges[k - 1][1] + 1, "disjoint and not adjacent") }
                }
                let key = (ranges[0][0], l["name"] as! String)
                if let p = previous { XCTAssertTrue(p <= key, "\(id): \(p) before \(key)") }
                previous = key
                let point = LonLat(l["lon"] as! Double, l["lat"] as! Double)
                let nearest = ranges.flatMap { $0[0]...$0[1] }.map { Geodesic.distanceM(coords[$0], point) }.min()!
                XCTAssertEqual(l["nearestM"] as! Double, (nearest * 10).rounded() / 10, accuracy: 0.051)
                XCTAssertEqual(l["ele"] as! Double, grid.elevationM(at: point)!, accuracy: 0.051)
                XCTAssertFalse(["trailhead", "parking"].contains(l["kind"] as! String))
            }
        }
        XCTAssertEqual(Set(try DemoRegion.built.summary.landmarkCounts.keys), Set(DemoRegion.routeIDs))
        XCTAssertEqual(try DemoRegion.built.summary.landmarkCounts["mount-cabot"],
                       (try DemoRegion.routeJSON("mount-cabot")["landmarks"] as! [Any]).count)
    }

    /// The pipeline's answer equals a direct recomputation with the engine on the pack as
    /// written (AR patch and region grid read back), vertex by vertex, for a sample of landmarks.
    func testRouteFileAgreesWithTheEngineOnThePackAsWritten() throws {
        let grid = try DemoRegion.grid
        let id = "unknown-pond"
        let route = try DemoRegion.routeJSON(id)
        let patchPath = (route["arPatch"] as! [String: Any])["path"] as! String
        let patch = try TER1.decode([UInt8](try Data(contentsOf: DemoRegion.built.folder.appendingPathComponent(patchPath))))
        let sight = LineOfSight(region: TerrainSurface(grid), patch: TerrainSurface(patch))
        let (coords, elevations) = try DemoRegion.vertices(id)
        for l in route["landmarks"] as! [[String: Any]] {
            let point = LonLat(l["lon"] as! Double, l["lat"] as! Double), top = l["ele"] as! Double
            let written = Set((l["visible"] as! [[Int]]).flatMap { $0[0]...$0[1] })
            for i in stride(from: 0, to: coords.count, by: 7) {
                let seen = sight.isVisible(from: coords[i], eyeM: elevations[i] + SightConstants.eyeHeightM, to: point, targetEleM: top)
                XCTAssertEqual(seen, written.contains(i), "\(l["name"]!) from vertex \(i)")
            }
        }
    }

    /// Two builds of the same recipe write byte-identical route files (landmarks included).
    func testTwoBuildsGiveIdenticalLandmarks() throws {
        let again = try DemoRegion.build()
        for id in DemoRegion.routeIDs {
            let a = try Data(contentsOf: DemoRegion.built.folder.appendingPathComponent("routes/\(id).json"))
            let b = try Data(contentsOf: again.folder.appendingPathComponent("routes/\(id).json"))
            XCTAssertEqual(a, b, id)
        }
        XCTAssertEqual(again.summary.landmarkCounts, try DemoRegion.built.summary.landmarkCounts)
    }
}
