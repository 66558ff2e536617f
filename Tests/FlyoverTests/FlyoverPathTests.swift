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

    /// The keyframes as written (`FlyoverJSON`, rounded) and read back: distance, camera and walker.
    static func written(_ frames: [FlyoverKeyframe]) throws -> [(d: Double, camera: [Double], walker: [Double])] {
        let bytes = try FlyoverJSON.bytes(routeId: "gorge", keyframes: frames, tuning: tuning)
        let doc = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
        return (doc["keyframes"] as? [[String: Any]] ?? []).map {
            ($0["distanceM"] as? Double ?? .nan, $0["position"] as? [Double] ?? [], $0["walker"] as? [Double] ?? [])
        }
    }

    /// The smallest margin over every frame a player interpolates from the written keyframes
    /// (lon, lat and ele linear between keyframes, as the 3D page does), `substeps` per interval.
    static func interpolatedMargin(_ frames: [FlyoverKeyframe], substeps: Int) throws -> (marginM: Double, atM: Double) {
        let keys = try written(frames)
        var worst = (marginM: Double.infinity, atM: 0.0)
        for k in keys.indices.dropLast() {
            let a = keys[k], b = keys[k + 1]
            for j in 0..<substeps {
                let t = Double(j) / Double(substeps)
                func mix(_ p: [Double], _ q: [Double]) -> [Double] { zip(p, q).map { $0 + ($1 - $0) * t } }
                let c = mix(a.camera, b.camera), w = mix(a.walker, b.walker)
                let m = margin(camera: LonLat(c[0], c[1]), cameraEleM: c[2], walker: LonLat(w[0], w[1]), walkerEleM: w[2])
                if m < worst.marginM { worst = (m, a.d + (b.d - a.d) * t) }
            }
        }
        return worst
    }

    @Test func clearanceHoldsAtEveryInterpolatedFrame() throws {
        // 40 frames per 10 m keyframe interval, from the written (rounded) document, sight lines
        // sampled 4 times finer than the path's own: the bilinear ground between its samples may
        // rise a few centimetres above the line.
        let worst = try Self.interpolatedMargin(Self.keyframes, substeps: 40)
        #expect(worst.marginM >= -0.05, "smallest clearance margin \(worst.marginM) m at \(worst.atM) m")
    }

    /// Each keyframe's pitch (degrees below the horizontal of the view's centre) and the walker's
    /// angle off the centre (degrees), by the test's own arithmetic in east/north/up metres.
    static func pitchAndWalker(_ frames: [FlyoverKeyframe]) -> [(pitchDeg: Double, walkerDeg: Double)] {
        let frame = GorgeFixture.frame
        return frames.map { f in
            let c = frame.point(f.position), a = frame.point(f.target), w = frame.point(f.walker)
            let pitchDeg = atan2(f.positionEleM - f.targetEleM, hypot(a.x - c.x, a.z - c.z)) * 180 / .pi
            let u = [a.x - c.x, a.z - c.z, f.targetEleM - f.positionEleM], v = [w.x - c.x, w.z - c.z, f.walkerEleM - f.positionEleM]
            let cosine = zip(u, v).map { $0 * $1 }.reduce(0, +) / (hypot(hypot(u[0], u[1]), u[2]) * hypot(hypot(v[0], v[1]), v[2]))
            return (pitchDeg, acos(min(1, cosine)) * 180 / .pi)
        }
    }

    @Test func theHorizonStaysInViewWhereTheWalkerAllows() {
        // Each keyframe's view centre at most maxPitchDeg below the horizontal, unless the walker
        // then lies at walkerEdgeShare of the half field of view from it.
        let t = Self.tuning
        for (f, a) in zip(Self.keyframes, Self.pitchAndWalker(Self.keyframes)) {
            #expect(a.pitchDeg <= t.maxPitchDeg + 1e-6 || a.walkerDeg >= t.walkerEdgeShare * t.fovDeg / 2 - 0.05,
                    "at \(f.distanceM) m: pitch \(a.pitchDeg) degrees, walker \(a.walkerDeg) degrees off centre")
        }
        // Without the limit, the chase camera looks down steeper than it at most keyframes.
        var free = t
        free.maxPitchDeg = 90
        let r = GorgeFixture.route
        let unlimited = FlyoverPath.make(coords: r.coords, elevationsM: r.elevationsM, cumM: r.cumM, ground: GorgeFixture.ground,
                                         frame: GorgeFixture.frame, tuning: free)
        let steeper = Self.pitchAndWalker(unlimited).filter { $0.pitchDeg > t.maxPitchDeg + 1 }.count
        #expect(steeper > unlimited.count / 2, "\(steeper) of \(unlimited.count) keyframes steeper than the limit")
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
        // The angle at the camera between the target (the view's centre) and the walker: within
        // walkerInViewShare of the half field of view as aimed, walkerEdgeShare once the pitch
        // limit has raised the aim.
        let angles = Self.pitchAndWalker(Self.keyframes).map(\.walkerDeg)
        #expect(angles.max()! <= Self.tuning.walkerEdgeShare * Self.tuning.fovDeg / 2 + 0.05, "walker \(angles.max()!) degrees off the view's centre")
        #expect(angles.max()! > 5, "the target lies ahead of the walker")
        var free = Self.tuning
        free.maxPitchDeg = 90
        let r = GorgeFixture.route
        let aimed = FlyoverPath.make(coords: r.coords, elevationsM: r.elevationsM, cumM: r.cumM, ground: GorgeFixture.ground,
                                     frame: GorgeFixture.frame, tuning: free)
        let worstDeg = Self.pitchAndWalker(aimed).map(\.walkerDeg).max()!
        #expect(worstDeg <= Self.tuning.walkerInViewShare * Self.tuning.fovDeg / 2 + 0.05, "walker \(worstDeg) degrees off the view's centre")
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
