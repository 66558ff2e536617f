import Foundation
import Testing
import TestSupport
import TrailpackCore
@testable import TrailGraph

@Suite struct SnappingTests {
    /// A fork: the stem runs north 400 m to a node where two branches leave 20 degrees apart.
    static var fork: TrailNetworkGraph { get throws { try builtFork.get() } }
    private static let builtFork = Result {
        try TrailNetworkGraph(lines: [
            Local.line("stem", "Stem Trail", [(0, -400), (0, 0)]),
            Local.line("left", "Left Trail", [(0, 0), (-137, 376)]),
            Local.line("right", "Right Trail", [(0, 0), (137, 376)]),
        ])
    }

    /// `line` walked as a device records it: a fix every 1.2 m with 1.5 m jitter and a drift of
    /// `driftM` to the side given by `driftBearingDeg`.
    static func recording(_ line: [LonLat], driftM: Double, driftBearingDeg: Double, seed: UInt64) -> [LonLat] {
        var rng = SeededRandom(seed: seed)
        var out: [LonLat] = []
        for k in 1..<line.count {
            let stepM = Geodesic.distanceM(line[k - 1], line[k])
            for s in 0..<max(1, Int(stepM / 1.2)) {
                let p = Geodesic.interpolate(line[k - 1], line[k], fraction: Double(s) * 1.2 / stepM)
                let drifted = Geodesic.destination(from: p, bearingDeg: driftBearingDeg, distanceM: driftM)
                let kk = WGS84.metresPerDegree(atLatDeg: p.lat)
                let eastM: Double = 1.5 * rng.gaussian(), northM: Double = 1.5 * rng.gaussian()
                out.append(LonLat(drifted.lon + eastM / kk.x, drifted.lat + northM / kk.y))
            }
        }
        return out + [line[line.count - 1]]
    }

    /// Up the stem and the right branch, recorded 9 m to the left (toward the other branch): the
    /// snapped path takes the right branch and has the fork as its one junction, as routing does.
    @Test func aDriftedRecordingTakesTheBranchItWalked() throws {
        let walked = [Local.p(0, -380), Local.p(0, 0), Local.p(130, 357)]
        let track = Self.recording(walked, driftM: 9, driftBearingDeg: 270, seed: 3)
        let snapped = try #require(Self.fork.snapTrack(track))
        let routed = try Self.fork.route(via: [Local.via("a", 0, -380), Local.via("b", 130, 357)])
        #expect(snapped.trailNames == ["Stem Trail", "Right Trail"])
        #expect(snapped.path.onNetwork)
        #expect(snapped.path.junctions.count == 1)
        #expect(snapped.path.junctions.map { $0.branches.map(\.trailName) } == routed.path.junctions.map { $0.branches.map(\.trailName) })
        #expect(abs(snapped.lengthM - routed.lengthM) < 20, "\(snapped.lengthM) m snapped, \(routed.lengthM) m routed")
        // Every snapped vertex lies on the network.
        let fork = try Self.fork
        #expect(snapped.path.coords.allSatisfy { (fork.locate($0)?.distanceM ?? 99) < 0.01 })
    }

    /// Out along the stem and back: the snapped path walks back exactly on itself.
    @Test func anOutAndBackRetracesExactly() throws {
        let out = Self.recording([Local.p(0, -380), Local.p(0, -60)], driftM: 5, driftBearingDeg: 90, seed: 4)
        let back = Self.recording([Local.p(0, -60), Local.p(0, -380)], driftM: 8, driftBearingDeg: 80, seed: 5)
        let snapped = try #require(Self.fork.snapTrack(out + back))
        let coords = snapped.path.coords
        let tip = try #require(coords.indices.max { Geodesic.distanceM(coords[0], coords[$0]) < Geodesic.distanceM(coords[0], coords[$1]) })
        #expect(Geodesic.distanceM(coords[tip], Local.p(0, -60)) < 25)
        // 50 m either side of the tip the path is at the same place.
        let cum = Geodesic.cumulativeDistancesM(coords)
        func at(_ m: Double) -> LonLat {
            guard let k = cum.firstIndex(where: { $0 >= m }), k > 0 else { return coords[m <= 0 ? 0 : coords.count - 1] }
            return Geodesic.interpolate(coords[k - 1], coords[k], fraction: (m - cum[k - 1]) / (cum[k] - cum[k - 1]))
        }
        #expect(Geodesic.distanceM(at(cum[tip] - 50), at(cum[tip] + 50)) < 1)
    }

    /// 380 m walked at a fix every 1.2 m with 1.5 m of jitter: the fixes run a third longer or
    /// more; the ground length is within 6 % (a step of 10 m still takes 1.5 m of jitter sideways).
    @Test func groundLengthLeavesTheJitterOut() {
        let track = Self.recording([Local.p(0, -380), Local.p(0, 0)], driftM: 0, driftBearingDeg: 0, seed: 8)
        #expect(Geodesic.lengthM(track) > 1.3 * 380)
        #expect(abs(TrailNetworkGraph.groundLengthM(track) - 380) < 0.06 * 380, "\(TrailNetworkGraph.groundLengthM(track)) m")
    }

    @Test func aTrackOffTheNetworkIsNotSnapped() throws {
        let track = Self.recording([Local.p(200, -380), Local.p(200, 0)], driftM: 0, driftBearingDeg: 0, seed: 6)
        #expect(try Self.fork.snapTrack(track) == nil)
    }

    /// Half along the stem, half 60 m beside the branches: not snapped (under 90 % on the network).
    @Test func aTrackHalfOffTheNetworkIsNotSnapped() throws {
        let track = Self.recording([Local.p(0, -380), Local.p(0, 0), Local.p(60, 0), Local.p(60, 380)], driftM: 0, driftBearingDeg: 0, seed: 7)
        #expect(try Self.fork.snapTrack(track) == nil)
    }
}
