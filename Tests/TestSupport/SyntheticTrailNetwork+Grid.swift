import Foundation
import TrailpackCore

/// A point in metres east (`x`) and north (`y`) of the synthetic grid's centre.
struct PlanarM: Equatable {
    var x: Double
    var y: Double

    static func + (a: PlanarM, b: PlanarM) -> PlanarM { PlanarM(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: PlanarM, b: PlanarM) -> PlanarM { PlanarM(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: PlanarM, k: Double) -> PlanarM { PlanarM(x: a.x * k, y: a.y * k) }
    /// Euclidean length, metres.
    var lengthM: Double { (x * x + y * y).squareRoot() }
    /// Dot product, square metres.
    func dot(_ o: PlanarM) -> Double { x * o.x + y * o.y }
}

/// What a line does at one of its stations (stub ends and grid crossings).
enum SyntheticStation: Equatable {
    /// The free end of a stub.
    case end
    /// A crossing whose vertex both lines share.
    case shared
    /// A bridge crossing where this line is the upper one: its vertices stop `halfM` metres before
    /// the crossing and go on `halfM` metres after it, joined by a bridge way.
    case bridgeUpper(halfM: Double)
    /// A bridge crossing where this line passes underneath (an ordinary vertex, never a split).
    case bridgeLower
}

/// The generator behind `SyntheticTrailNetwork.make`: jittered crossings, wiggly pieces between
/// them, then ways cut from each line and tagged. One random stream per purpose and line, so the
/// tag mix never moves the geometry.
struct SyntheticGridBuilder {
    let seed: UInt64
    let options: SyntheticTrailNetwork.Options
    /// Vertex spacing limits of the generated lines, metres (planar; geodesic within 0.1 %).
    static let minStepM = 16.0, maxStepM = 38.0

    /// `crossings[i][j]`: where north-south line `i` crosses west-east line `j`.
    var crossings: [[PlanarM]] = []
    /// Kind of each crossing for the north-south line (`[i][j]`) and the west-east line.
    var nsKinds: [[SyntheticStation]] = [], ewKinds: [[SyntheticStation]] = []

    init(seed: UInt64, options: SyntheticTrailNetwork.Options) {
        self.seed = seed
        self.options = options
    }

    /// A random stream of its own for `stream`, derived from the seed.
    func rng(_ stream: UInt64) -> SeededRandom {
        var r = SeededRandom(seed: seed ^ (stream &+ 1) &* 0xD1B5_4A32_D192_ED03)
        _ = r.next()
        return r
    }

    /// The whole network.
    mutating func build() -> SyntheticTrailNetwork {
        placeCrossings()
        chooseBridges()
        let n = options.linesPerAxis
        var lines: [SyntheticLine] = []
        for line in 0..<(2 * n) {
            var geometryRng = rng(1_000 + UInt64(line)), tagRng = rng(100_000 + UInt64(line))
            let stations = self.stations(ofLine: line, rng: &geometryRng)
            let pieces = self.pieces(stations: stations, rng: &geometryRng)
            lines.append(SyntheticLine.cut(line: line, stations: stations, pieces: pieces,
                                           options: options, geometryRng: &geometryRng, tagRng: &tagRng))
        }
        return assemble(lines)
    }

    /// Regular grid places shifted by up to `crossingJitterM` on each axis.
    mutating func placeCrossings() {
        var r = rng(1)
        let n = options.linesPerAxis, s = options.spacingM, j = options.crossingJitterM
        let originM = -Double(n - 1) * s / 2
        crossings = (0..<n).map { i in
            (0..<n).map { k in
                PlanarM(x: originM + Double(i) * s + j * (2 * r.unit() - 1),
                        y: originM + Double(k) * s + j * (2 * r.unit() - 1))
            }
        }
    }

    /// Which crossings are bridges, and which line is the upper one there.
    mutating func chooseBridges() {
        var r = rng(2)
        let n = options.linesPerAxis
        nsKinds = Array(repeating: Array(repeating: .shared, count: n), count: n)
        ewKinds = nsKinds
        for i in 0..<n {
            for k in 0..<n where r.unit() < options.bridgeShare {
                let halfM = 10 + 6 * r.unit()
                if r.unit() < 0.5 {
                    (nsKinds[i][k], ewKinds[i][k]) = (.bridgeUpper(halfM: halfM), .bridgeLower)
                } else {
                    (nsKinds[i][k], ewKinds[i][k]) = (.bridgeLower, .bridgeUpper(halfM: halfM))
                }
            }
        }
    }

    /// A line's stations in walking order (south to north, or west to east): a stub end, its
    /// crossings, another stub end.
    func stations(ofLine line: Int, rng r: inout SeededRandom) -> [(PlanarM, SyntheticStation)] {
        let n = options.linesPerAxis
        let northSouth = line < n, index = line % n
        var out: [(PlanarM, SyntheticStation)] = (0..<n).map { k in
            northSouth ? (crossings[index][k], nsKinds[index][k]) : (crossings[k][index], ewKinds[k][index])
        }
        func stub(_ from: PlanarM, sign: Double) -> PlanarM {
            let alongM = sign * (120 + 200 * r.unit()), sideM = 30 * (2 * r.unit() - 1)
            return from + (northSouth ? PlanarM(x: sideM, y: alongM) : PlanarM(x: alongM, y: sideM))
        }
        let first = stub(out[0].0, sign: -1), last = stub(out[n - 1].0, sign: 1)
        out.insert((first, .end), at: 0)
        out.append((last, .end))
        return out
    }

    /// The vertices between each pair of consecutive stations (both ends included; a bridge end
    /// stops short of its crossing).
    func pieces(stations: [(PlanarM, SyntheticStation)], rng r: inout SeededRandom) -> [[PlanarM]] {
        (0..<(stations.count - 1)).map { k in
            let trimStartM = Self.bridgeHalfM(stations[k].1), trimEndM = Self.bridgeHalfM(stations[k + 1].1)
            return wigglyPiece(from: stations[k].0, to: stations[k + 1].0,
                               trimStartM: trimStartM, trimEndM: trimEndM, rng: &r)
        }
    }

    /// How far short of a station a line's vertices stop there, metres (0 but on bridges).
    static func bridgeHalfM(_ station: SyntheticStation) -> Double {
        if case .bridgeUpper(let halfM) = station { return halfM }
        return 0
    }

    /// A meandering polyline from `a + trimStartM` to `b - trimEndM` along the chord: the chord
    /// plus a sideways offset of three seeded sines under a sin² envelope (straight at both ends,
    /// so crossings stay clean) and a little noise, vertices every 16-38 m.
    func wigglyPiece(from a: PlanarM, to b: PlanarM, trimStartM: Double, trimEndM: Double,
                     rng r: inout SeededRandom) -> [PlanarM] {
        let chordM = (b - a).lengthM, u = (b - a) * (1 / chordM), normal = PlanarM(x: -u.y, y: u.x)
        let m = options.meanderM
        let amplitudesM = [0.6 * m * (2 * r.unit() - 1), 0.25 * m * (2 * r.unit() - 1), 0.15 * m * (2 * r.unit() - 1)]
        let phases = (0..<3).map { _ in 2 * Double.pi * r.unit() }
        func offsetM(_ t: Double) -> Double {
            let envelope = pow(sin(Double.pi * t), 2)
            return envelope * (0..<3).reduce(0) { $0 + amplitudesM[$1] * sin(Double($1 + 1) * Double.pi * t + phases[$1]) }
        }
        let spacingM = 24 + 6 * r.unit(), count = max(1, Int((chordM / spacingM).rounded()))
        let lowM = trimStartM > 0 ? trimStartM + Self.minStepM : 0
        let highM = chordM - (trimEndM > 0 ? trimEndM + Self.minStepM : 0)
        var out = [a + u * trimStartM]
        for k in 1..<max(count, 1) {
            let t = (Double(k) + 0.15 * (2 * r.unit() - 1)) / Double(count)
            let noiseM = r.gaussian() * sin(Double.pi * t)
            guard t * chordM >= lowM, t * chordM <= highM else { continue }
            out.append(a + u * (t * chordM) + normal * (offsetM(t) + noiseM))
        }
        out.append(b - u * trimEndM)
        return Self.splitLongSteps(out, maxM: Self.maxStepM)
    }

    /// `line` with evenly spaced vertices inserted into every step longer than `maxM` metres.
    static func splitLongSteps(_ line: [PlanarM], maxM: Double) -> [PlanarM] {
        var out = [line[0]]
        for k in 1..<line.count {
            let a = line[k - 1], b = line[k], parts = Int(((b - a).lengthM / maxM).rounded(.up))
            for p in stride(from: 1, to: parts, by: 1) { out.append(a + (b - a) * (Double(p) / Double(parts))) }
            out.append(b)
        }
        return out
    }

    /// Lon/lat ways (rounded to 7 decimals) and the bridges' ground truth from the cut lines.
    func assemble(_ lines: [SyntheticLine]) -> SyntheticTrailNetwork {
        let metric = LocalMetric(latDeg: options.centre.lat), c = options.centre
        func lonLat(_ p: PlanarM) -> LonLat {
            LonLat(((c.lon + p.x / metric.mPerDegLon) * 1e7).rounded() / 1e7,
                   ((c.lat + p.y / metric.mPerDegLat) * 1e7).rounded() / 1e7)
        }
        var ways: [SyntheticTrailNetwork.Way] = []
        var pending: [(upper: Int, crossing: LonLat, lowerLine: Int)] = []
        for line in lines {
            for way in line.ways {
                if let crossing = way.bridgeCrossing {
                    pending.append((ways.count, lonLat(crossing), Self.crossingLine(line.line, way: way, options)))
                }
                ways.append(.init(coords: way.vertices.map(lonLat), properties: way.tags, lineIndex: line.line))
            }
        }
        let bridges = pending.map { p in
            SyntheticTrailNetwork.Bridge(
                upperWay: p.upper,
                lowerWay: ways.indices.first { ways[$0].lineIndex == p.lowerLine && ways[$0].coords.contains(p.crossing) }!,
                crossing: p.crossing)
        }
        return SyntheticTrailNetwork(ways: ways, bridges: bridges, options: options)
    }

    /// The line crossing `line` at a bridge way's crossing.
    static func crossingLine(_ line: Int, way: SyntheticLine.CutWay, _ options: SyntheticTrailNetwork.Options) -> Int {
        let n = options.linesPerAxis
        return line < n ? n + way.crossingIndex : way.crossingIndex
    }
}
