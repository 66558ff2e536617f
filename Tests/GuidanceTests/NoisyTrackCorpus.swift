import Foundation
import RouteCore
import TestSupport
import TrailGraph
import TrailpackCore
@testable import Guidance

/// A seeded corpus of simulated device recordings over real trail geometry.
///
/// Truth lines: routes over the OSM network of data/white-mountains (between vertices of its
/// trails, some out and back to a turnaround), the recorded hikes of data/gpx (cleaned; some
/// walked out and back), and switchback runs (alternating hairpins then a real corner) laid on
/// the White Mountains. A simulated hiker walks each truth line at 0.9-1.5 m/s and a simulated
/// device records it: one fix every 1 s or every 3-6 s, slow drift (a first-order Gauss-Markov
/// offset, sigma 3-8 m, time constant 2-10 minutes: slow drift) plus white jitter (0.5-1.5 m), stops of 50-300
/// fixes (jitter 2-5 m, sometimes a wandering loop of 8-14 m radius), single and double spikes
/// 50-500 m off, and runs of dropped fixes.
struct NoisyTrackCorpus {
    struct Track: Sendable {
        var label: String
        var truth: [LonLat]
        var recorded: [LonLat]
        /// Distances along `truth` of its turnarounds (out-and-back tips), metres.
        var turnaroundsM: [Double]
        /// The fixes of `recorded` drawn while the simulated hiker stood (a stop), each a range.
        var stopFixes: [Range<Int>] = []
    }

    /// The real trail network the network corpus walks, built once; a failure fails its tests.
    static var network: TrailNetworkGraph { get throws { try builtNetwork.get() } }
    private static let builtNetwork = Result {
        try TrailNetworkGraph(lines: RealNetworkTests.trailLines("white-mountains/wmnf-pliney.geojson"))
    }

    /// The recorded hikes used as truth (cleaned, at least 1 km).
    static let hikes: [(String, [LonLat])] = {
        var out: [(String, [LonLat])] = []
        for file in ["Mojstrovka.gpx", "cerknicko-jezero.gpx", "korita-zbevnica.gpx"] {
            let tracks = (try? RecordedTrackTests.cleanedTracks(file, minLengthM: 1000, onTheGround: false)) ?? []
            for (k, t) in tracks.enumerated() { out.append(("\(file)#\(k)", t)) }
        }
        return out
    }()

    /// The corpus: `count` tracks from seed `firstSeed` on, deterministic. `driftTimeScale`
    /// multiplies the drift's time constant (1 in the corpus; a what-if, see `make`).
    static func tracks(count: Int, firstSeed: UInt64 = 1, effects: Effects = .all, driftTimeScale: Double = 1) throws -> [Track] {
        try (0..<UInt64(count)).map { try make(seed: firstSeed + $0, effects: effects, driftTimeScale: driftTimeScale) }
    }

    /// Which device effects to simulate (all of them in the corpus; fewer to study one).
    struct Effects: OptionSet, Sendable {
        let rawValue: Int
        static let drift = Effects(rawValue: 1), stops = Effects(rawValue: 2), spikes = Effects(rawValue: 4), drops = Effects(rawValue: 8)
        static let all: Effects = [.drift, .stops, .spikes, .drops]
    }

    static func gaussian(_ rng: inout SeededRandom) -> Double {
        let u1 = max(Double.random(in: 0..<1, using: &rng), 1e-12), u2 = Double.random(in: 0..<1, using: &rng)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Track `seed`; with `driftTimeScale` the drift's time constant is that many times longer
    /// (slower drift, the same σ), every other draw the same.
    static func make(seed: UInt64, effects: Effects = .all, driftTimeScale: Double = 1) throws -> Track {
        var rng = SeededRandom(seed: seed &* 0x9E37_79B9)
        var (label, truth) = try truthLine(kind: Int(seed % 4), rng: &rng)
        label = "#\(seed) " + label
        var turnarounds: [Double] = []
        // Out and back: a third of the tracks walk their first part and return.
        if seed % 3 == 0 {
            let line = LineMeasure(truth)
            let outM = min(line.lengthM, Double.random(in: 600...1500, using: &rng))
            var out: [LonLat] = []
            for (k, p) in truth.enumerated() where line.cumM[k] < outM { out.append(p) }
            out.append(line.point(atM: outM))
            turnarounds.append(LineMeasure(out).lengthM)
            truth = out + out.reversed().dropFirst()
            label += " out-and-back"
        }
        let (recorded, stops) = recording(truth, turnaroundsM: turnarounds, effects: effects, driftTimeScale: driftTimeScale, rng: &rng)
        return Track(label: label, truth: truth, recorded: recorded, turnaroundsM: turnarounds, stopFixes: stops)
    }

    static func truthLine(kind: Int, rng: inout SeededRandom) throws -> (String, [LonLat]) {
        switch kind {
        case 0, 1:
            // Between two trail vertices 800 m to 3 km apart on the OSM network.
            let edges = try network.network.edges
            for _ in 0..<200 {
                let a = edges[Int.random(in: 0..<edges.count, using: &rng)].coords
                let b = edges[Int.random(in: 0..<edges.count, using: &rng)].coords
                let pa = a[Int.random(in: 0..<a.count, using: &rng)], pb = b[Int.random(in: 0..<b.count, using: &rng)]
                let d = Geodesic.distanceM(pa, pb)
                guard d >= 800, d <= 3000,
                      let routed = try? network.route(via: [ViaPoint(label: "a", location: pa), ViaPoint(label: "b", location: pb)]),
                      routed.lengthM >= 1000, routed.lengthM <= 6000 else { continue }
                return ("network \(pa)->\(pb)", RouteCleaner.clean(routed.path.coords).coords)
            }
            fatalError("no network route found")
        case 2:
            let (name, line) = hikes[Int.random(in: 0..<hikes.count, using: &rng)]
            return ("hike \(name)", line)
        default:
            return ("switchbacks", switchbacks(rng: &rng))
        }
    }

    /// An approach, a run of 4-8 alternating hairpins (legs 30-60 m, each turning 110-150
    /// degrees), an exit leg, a real corner of 70-110 degrees, and a last leg.
    static func switchbacks(rng: inout SeededRandom) -> [LonLat] {
        var p = LonLat(-71.40 + Double.random(in: -0.03...0.03, using: &rng), 44.50 + Double.random(in: -0.03...0.03, using: &rng))
        var out = [p]
        func leg(_ bearing: Double, _ m: Double) {
            // Vertices every 10 m, as a mapped trail.
            let steps = max(1, Int(m / 10))
            let end = Geodesic.destination(from: p, bearingDeg: bearing, distanceM: m)
            for s in 1...steps { out.append(Geodesic.interpolate(p, end, fraction: Double(s) / Double(steps))) }
            p = end
        }
        let climb = Double.random(in: 0..<360, using: &rng)
        leg(climb, Double.random(in: 150...300, using: &rng))
        let spread = Double.random(in: 15...35, using: &rng)
        let hairpins = Int.random(in: 4...8, using: &rng)
        for h in 0...hairpins {
            leg(climb + (h % 2 == 0 ? 90 - spread : -90 + spread), Double.random(in: 30...60, using: &rng))
        }
        let exitBearing = climb
        leg(exitBearing, Double.random(in: 150...250, using: &rng))
        let corner = Double.random(in: 70...110, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
        leg(exitBearing + corner, Double.random(in: 200...300, using: &rng))
        return out
    }

    /// A simulated device recording of a walk along `truth`.
    static func record(_ truth: [LonLat], turnaroundsM: [Double], effects: Effects, driftTimeScale: Double = 1,
                       rng: inout SeededRandom) -> [LonLat] {
        recording(truth, turnaroundsM: turnaroundsM, effects: effects, driftTimeScale: driftTimeScale, rng: &rng).fixes
    }

    /// `record`, with the ranges of the fixes drawn while the hiker stood.
    static func recording(_ truth: [LonLat], turnaroundsM: [Double], effects: Effects, driftTimeScale: Double = 1,
                          rng: inout SeededRandom) -> (fixes: [LonLat], stops: [Range<Int>]) {
        let line = LineMeasure(truth)
        let speed = Double.random(in: 0.9...1.5, using: &rng)
        let interval = Bool.random(using: &rng) ? 1.0 : Double.random(in: 3...6, using: &rng)
        let driftSigma = Double.random(in: 3...8, using: &rng)
        let tau = Double.random(in: 120...600, using: &rng) * driftTimeScale
        let whiteSigma = Double.random(in: 0.5...1.5, using: &rng)
        var stopsAt = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Double.random(in: 0...line.lengthM, using: &rng) }
        stopsAt += turnaroundsM.filter { _ in Bool.random(using: &rng) }
        stopsAt.sort()
        var drift = (x: gaussian(&rng) * driftSigma, y: gaussian(&rng) * driftSigma)
        if !effects.contains(.drift) { drift = (0, 0) }
        var out: [LonLat] = []
        var stops: [Range<Int>] = []
        func fix(_ p: LonLat, jitter: Double, seconds: Double) {
            let rho = exp(-seconds / tau), q = (1 - rho * rho).squareRoot() * driftSigma
            let g = (gaussian(&rng), gaussian(&rng))
            if effects.contains(.drift) { drift = (rho * drift.x + q * g.0, rho * drift.y + q * g.1) }
            let k = WGS84.metresPerDegree(atLatDeg: p.lat)
            let dx = drift.x + jitter * gaussian(&rng), dy = drift.y + jitter * gaussian(&rng)
            out.append(LonLat(p.lon + dx / k.x, p.lat + dy / k.y))
        }
        var s = 0.0
        var nextStop = 0
        while s <= line.lengthM {
            let p = line.point(atM: s)
            if effects.contains(.stops), nextStop < stopsAt.count, s >= stopsAt[nextStop] {
                let fixes = Int.random(in: 50...300, using: &rng)
                let jitter = Double.random(in: 2...5, using: &rng)
                let loop = Bool.random(using: &rng)
                let radius = Double.random(in: 8...14, using: &rng)
                let k = WGS84.metresPerDegree(atLatDeg: p.lat)
                stops.append(out.count..<(out.count + fixes))
                for f in 0..<fixes {
                    if loop, f < 40 {
                        // A device wandering in a loop while its owner stands.
                        let a = Double(f) / 40 * 2 * Double.pi
                        let q = LonLat(p.lon + radius * sin(a) / k.x, p.lat + radius * (1 - cos(a)) / k.y)
                        fix(q, jitter: 1, seconds: 1)
                    } else {
                        fix(p, jitter: jitter, seconds: 1)
                    }
                }
                nextStop += 1
            }
            let roll = Double.random(in: 0..<1, using: &rng)
            if roll < 0.003, effects.contains(.spikes) {
                // Spike: one or two fixes 50-500 m off.
                let offM = Double.random(in: 50...500, using: &rng), bearing = Double.random(in: 0..<360, using: &rng)
                let far = Geodesic.destination(from: p, bearingDeg: bearing, distanceM: offM)
                for _ in 0..<(Bool.random(using: &rng) ? 1 : 2) { fix(far, jitter: 3, seconds: interval) }
            } else if roll >= 0.003, roll < 0.006, effects.contains(.drops) {
                // Dropped fixes: 5 to 30 missing.
                let missing = Double(Int.random(in: 5...30, using: &rng))
                s += speed * interval * missing
                continue
            }
            fix(p, jitter: whiteSigma, seconds: interval)
            s += speed * interval
        }
        fix(truth[truth.count - 1], jitter: whiteSigma, seconds: interval)
        return (out, stops)
    }
}

extension NoisyTrackCorpus {
    /// For each vertex of `line` (a recording of `truth`), the distance along `truth` in metres
    /// of the place it records: a monotone alignment (each vertex at or after the previous
    /// one's place) of the recording to points of the truth every `stepM` metres, minimising the
    /// summed distance, where a truth point whose direction differs from the recording's by more
    /// than 90 degrees costs an extra `wrongWayM`; so the way out and the way back of an
    /// out-and-back are never confused, and stops, loops and gaps in the recording do not throw
    /// the places off.
    static func alignedAlongM(_ line: [LonLat], onto truth: [LonLat], stepM: Double = 5, wrongWayM: Double = 200) -> [Double] {
        let t = LineMeasure(truth)
        guard truth.count >= 2, t.lengthM > 0, !line.isEmpty else { return line.map { _ in 0 } }
        let m = Int((t.lengthM / stepM).rounded(.up)) + 1
        let alongs = (0..<m).map { min(Double($0) * stepM, t.lengthM) }
        let pts = alongs.map { t.point(atM: $0) }
        let truthHeading: [Double?] = alongs.map { LineMeasure.chordBearingDeg(t.point(atM: $0 - 5), t.point(atM: $0 + 5)) }
        func lineHeading(_ k: Int) -> Double? {
            var a = k, b = k
            while a > 0, shortDistanceM(line[a], line[k]) < 10 { a -= 1 }
            while b < line.count - 1, shortDistanceM(line[k], line[b]) < 10 { b += 1 }
            return LineMeasure.chordBearingDeg(line[a], line[b])
        }
        let k0 = WGS84.metresPerDegree(atLatDeg: truth[0].lat)
        let origin = truth[0]
        func xy(_ p: LonLat) -> (Double, Double) { (wrappedDeltaLonDeg(p.lon, from: origin.lon) * k0.x, (p.lat - origin.lat) * k0.y) }
        let txy = pts.map(xy)
        let n = line.count
        var back = [Int32](repeating: 0, count: n * m)  // best previous truth index for (i, j)
        var prev = [Double](repeating: 0, count: m)
        var cur = [Double](repeating: 0, count: m)
        for i in 0..<n {
            let (px, py) = xy(line[i])
            let h = lineHeading(i)
            // Prefix minimum of the previous row: the best place at or before j.
            var bestCost = Double.infinity, bestJ: Int32 = 0
            for j in 0..<m {
                if i > 0, prev[j] < bestCost { bestCost = prev[j]; bestJ = Int32(j) }
                let dx = px - txy[j].0, dy = py - txy[j].1
                var c = (dx * dx + dy * dy).squareRoot()
                if let h, let th = truthHeading[j], abs(Deviation.signedDeg(from: h, to: th)) > 90 { c += wrongWayM }
                cur[j] = c + (i > 0 ? bestCost : 0)
                back[i * m + j] = bestJ
            }
            swap(&prev, &cur)
        }
        var j = prev.indices.min { prev[$0] < prev[$1] }!
        var out = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            out[i] = alongs[j]
            j = Int(back[i * m + j])
        }
        return out
    }
}
