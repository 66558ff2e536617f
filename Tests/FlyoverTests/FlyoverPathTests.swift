@testable import Flyover
import Foundation
import PackJSON
import Testing
import TrailpackCore

/// The flyover over the winding gorge (`GorgeFixture`): clearances checked by the test's own
/// sampling of the grids, smoothing, the route's ends, bytes.
@Suite struct FlyoverPathTests {
    static let tuning = FlyoverTuning.standard
    static let keyframes = FlyoverPath.make(coords: GorgeFixture.route.coords, elevationsM: GorgeFixture.route.elevationsM,
                                            cumM: GorgeFixture.route.cumM, ground: GorgeFixture.ground, frame: GorgeFixture.frame)

    /// The highest grid under `p` (the test's own reading: each grid's sampler, the larger).
    static func groundM(_ p: LonLat) -> Double? {
        [GorgeFixture.patch, GorgeFixture.region].compactMap { $0.elevationM(at: p) }.max()
    }

    /// The smallest clearance margin (metres) of a camera and its sight line to the walker,
    /// sampled every 0.25 m along the line in lon/lat (not in the path's frame).
    static func margin(camera: LonLat, cameraEleM: Double, walker: LonLat, walkerEleM: Double) -> Double {
        var worst = cameraEleM - (groundM(camera) ?? -1e9) - tuning.cameraClearanceM
        let d = shortDistanceM(camera, walker)
        let n = max(1, Int(d / 0.25))
        for k in 1...n {
            let t = Double(k) / Double(n)
            let p = LonLat(walker.lon + (camera.lon - walker.lon) * t, walker.lat + (camera.lat - walker.lat) * t)
            guard let g = groundM(p) else { continue }
            let needed = tuning.sightClearanceM * min(1, t * d / tuning.sightRampM)
            worst = min(worst, walkerEleM + t * (cameraEleM - walkerEleM) - g - needed)
        }
        return worst
    }

    @Test func clearanceHoldsAtEveryKeyframeAndHalfWay() {
        let frames = Self.keyframes
        var worst = Double.infinity
        for k in frames.indices {
            let f = frames[k]
            worst = min(worst, Self.margin(camera: f.position, cameraEleM: f.positionEleM, walker: f.walker, walkerEleM: f.walkerEleM))
            guard k + 1 < frames.count else { continue }
            let g = frames[k + 1]
            func mid(_ a: LonLat, _ b: LonLat) -> LonLat { LonLat((a.lon + b.lon) / 2, (a.lat + b.lat) / 2) }
            worst = min(worst, Self.margin(camera: mid(f.position, g.position), cameraEleM: (f.positionEleM + g.positionEleM) / 2,
                                           walker: mid(f.walker, g.walker), walkerEleM: (f.walkerEleM + g.walkerEleM) / 2))
        }
        // Sampled 4 times finer than the path's own samples: the bilinear ground between them may
        // rise a few centimetres above the line.
        #expect(worst >= -0.05, "smallest clearance margin \(worst) m")
    }

    @Test func theGorgeWallsRaiseTheCamera() {
        // Where the valley bends, the camera behind the walker stands over a wall: clearance raised it.
        let raised = Self.keyframes.map { $0.positionEleM - ($0.walkerEleM - Self.tuning.walkerHeightM) - Self.tuning.aboveM }
        #expect(raised.max()! > 50, "largest raise \(raised.max()!) m")
        // Without clearance the unraised camera would break it somewhere.
        let broken = Self.keyframes.contains { f in
            Self.margin(camera: f.position, cameraEleM: f.walkerEleM - Self.tuning.walkerHeightM + Self.tuning.aboveM,
                        walker: f.walker, walkerEleM: f.walkerEleM) < 0
        }
        #expect(broken)
    }

    @Test func keyframesCoverTheRouteEndToEnd() {
        let r = GorgeFixture.route, frames = Self.keyframes
        #expect(frames.first!.distanceM == 0)
        #expect(frames.last!.distanceM == r.cumM.last!)
        #expect(shortDistanceM(frames.first!.walker, r.coords.first!) < 0.01)
        #expect(shortDistanceM(frames.last!.walker, r.coords.last!) < 0.01)
        #expect(abs(frames.first!.walkerEleM - r.elevationsM.first! - Self.tuning.walkerHeightM) < 1e-6)
        #expect(abs(frames.last!.walkerEleM - r.elevationsM.last! - Self.tuning.walkerHeightM) < 1e-6)
        let gaps = zip(frames, frames.dropFirst()).map { $1.distanceM - $0.distanceM }
        #expect(gaps.allSatisfy { $0 > 0 && $0 <= Self.tuning.stepM + 1e-9 })
        #expect(frames.allSatisfy { $0.fovDeg == Self.tuning.fovDeg })
    }

    @Test func theCameraIsBehindAndLooksAhead() {
        // Behind: the walker lies between the camera and the target, seen from above.
        let frame = GorgeFixture.frame
        let ahead = Self.keyframes.filter { f in
            let c = frame.point(f.position), w = frame.point(f.walker), t = frame.point(f.target)
            return (w.x - c.x) * (t.x - w.x) + (w.z - c.z) * (t.z - w.z) > 0
        }
        #expect(Double(ahead.count) >= 0.95 * Double(Self.keyframes.count), "\(ahead.count) of \(Self.keyframes.count)")
        // About backM behind (its place averaged along a winding line draws it in).
        let back = Self.keyframes.map { shortDistanceM($0.position, $0.walker) }.sorted()
        #expect(abs(back[back.count / 2] - Self.tuning.backM) < 0.25 * Self.tuning.backM, "median \(back[back.count / 2]) m")
    }

    @Test func theWalkerStaysWellInsideTheView() {
        // The angle at the camera between the target (the view's centre) and the walker, by the
        // test's own arithmetic in east/north/up metres.
        let frame = GorgeFixture.frame
        var worstDeg = 0.0
        for f in Self.keyframes {
            let c = frame.point(f.position), t = frame.point(f.target), w = frame.point(f.walker)
            let u: [Double] = [t.x - c.x, t.z - c.z, f.targetEleM - f.positionEleM]
            let v: [Double] = [w.x - c.x, w.z - c.z, f.walkerEleM - f.positionEleM]
            let dot: Double = u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
            let lengths: Double = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).squareRoot() * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot()
            let cosine = dot / lengths
            worstDeg = max(worstDeg, acos(min(1, cosine)) * 180 / .pi)
        }
        #expect(worstDeg <= Self.tuning.walkerInViewShare * Self.tuning.fovDeg / 2 + 0.05, "walker \(worstDeg) degrees off the view's centre")
        #expect(worstDeg > 5, "the target lies ahead of the walker")
    }

    @Test func aStaircaseRouteGivesASmoothCamera() {
        let r = GorgeFixture.staircase
        let frames = FlyoverPath.make(coords: r.coords, elevationsM: r.elevationsM, cumM: r.cumM,
                                      ground: FlyoverGround(grids: [GorgeFixture.flat]), frame: GorgeFixture.frame)
        let frame = GorgeFixture.frame
        let cams = frames.map { frame.point($0.position) }
        func bearing(_ a: (x: Double, z: Double), _ b: (x: Double, z: Double)) -> Double { atan2(b.x - a.x, b.z - a.z) * 180 / .pi }
        var turns: [Double] = []
        for k in 1..<(cams.count - 1) {
            var d = bearing(cams[k], cams[k + 1]) - bearing(cams[k - 1], cams[k])
            d -= 360 * (d / 360).rounded()
            turns.append(abs(d))
        }
        // The walker turns 90 degrees every 30 m; the camera under a tenth of that per keyframe
        // (away from the ends, where the windows shorten).
        let inner = turns.dropFirst(20).dropLast(20)
        #expect(inner.max()! < 9, "largest camera turn \(inner.max()!) degrees")
        // Over flat ground the camera flies level at aboveM over the walker.
        #expect(frames.allSatisfy { abs($0.positionEleM - 500 - Self.tuning.aboveM) < 1e-6 })
    }

    @Test func theHeightSmoothingNeverUndoesARaise() {
        let values = (0..<200).map { k in k == 50 ? 100.0 : (k == 120 ? -30 : sin(Double(k) / 7) * 10) }
        let smoothed = FlyoverPath.movingMean(FlyoverPath.movingMax(values, half: 12), half: 12)
        #expect(zip(values, smoothed).allSatisfy { $1 >= $0 - 1e-9 })
        // Smooth: no jump larger than the raise spread over the window.
        #expect(zip(smoothed, smoothed.dropFirst()).map { abs($1 - $0) }.max()! < 100.0 / 12)
    }

    @Test func theDocumentIsDeterministicAndReadsBack() throws {
        let a = try FlyoverJSON.bytes(routeId: "gorge", keyframes: Self.keyframes, tuning: Self.tuning)
        let again = FlyoverPath.make(coords: GorgeFixture.route.coords, elevationsM: GorgeFixture.route.elevationsM,
                                     cumM: GorgeFixture.route.cumM, ground: GorgeFixture.ground, frame: GorgeFixture.frame)
        #expect(try FlyoverJSON.bytes(routeId: "gorge", keyframes: again, tuning: Self.tuning) == a)
        let doc = try JSONSerialization.jsonObject(with: Data(a)) as? [String: Any] ?? [:]
        let frames = doc["keyframes"] as? [[String: Any]] ?? []
        #expect(frames.count == Self.keyframes.count)
        #expect(doc["routeId"] as? String == "gorge")
        let last = frames.last?["position"] as? [Double] ?? []
        #expect(last.count == 3 && abs(last[0] - Self.keyframes.last!.position.lon) <= 5e-8 && abs(last[2] - Self.keyframes.last!.positionEleM) <= 0.05)
        #expect((doc["clearance"] as? [String: Any])?["cameraM"] as? Double == Self.tuning.cameraClearanceM)
    }
}
