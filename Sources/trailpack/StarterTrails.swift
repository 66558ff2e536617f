import Foundation
import TrailpackCore

/// Which trail lines of `--trails` files count toward a starter recipe's bbox when it has
/// routes: a line whose every point lies farther than `farM` from every route is far (an extract
/// larger than the walk, or a file of another valley, would stretch the region many times over).
/// A file with no near line is left out of the recipe, with a warning naming it and its distance.
struct StarterTrails {
    /// A trail line is far when all its points lie farther than this from every route, metres.
    static let farM = 3000.0
    /// Route lines are walked in steps of at most this, metres (a planned route's points can lie
    /// kilometres apart): distances are exact to half of it.
    static let stepM = 250.0

    /// Metres per degree of longitude and latitude at the routes' middle latitude.
    private let scale: (x: Double, y: Double)
    /// Route points by grid cell of `farM` (a point within `farM` lies in one of the 3x3 cells around).
    private var cells: [SIMD2<Int>: [SIMD2<Double>]] = [:]
    /// Every route point in metres (for the distance of a far line).
    private var points: [SIMD2<Double>] = []

    /// Nil when there is no route line (then every trail counts).
    init?(routes: [[LonLat]]) {
        let all = routes.flatMap { $0 }.filter(\.isFinite)
        guard let box = BBox(covering: all) else { return nil }
        scale = WGS84.metresPerDegree(atLatDeg: box.center.lat)
        for line in routes {
            for (a, b) in zip(line, line.dropFirst()) where a.isFinite && b.isFinite {
                let pa = metres(a), pb = metres(b)
                let steps = max(1, Int((length(pb - pa) / Self.stepM).rounded(.up)))
                for k in 0...steps { add(pa + (pb - pa) * (Double(k) / Double(steps))) }
            }
            if line.count == 1, let p = line.first, p.isFinite { add(metres(p)) }
        }
    }

    private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

    private func metres(_ p: LonLat) -> SIMD2<Double> { SIMD2(p.lon * scale.x, p.lat * scale.y) }

    private func cell(_ p: SIMD2<Double>) -> SIMD2<Int> { SIMD2(Int((p.x / Self.farM).rounded(.down)), Int((p.y / Self.farM).rounded(.down))) }

    private mutating func add(_ p: SIMD2<Double>) {
        cells[cell(p), default: []].append(p)
        points.append(p)
    }

    /// True when some point of `line` lies within `farM` of a route.
    func isNear(_ line: [LonLat]) -> Bool {
        line.contains { p in
            guard p.isFinite else { return false }
            let m = metres(p), c = cell(m)
            for dx in -1...1 {
                for dy in -1...1 {
                    if cells[c &+ SIMD2(dx, dy)]?.contains(where: { length($0 - m) <= Self.farM }) == true { return true }
                }
            }
            return false
        }
    }

    /// The distance, metres, from the nearest point of `lines` to a route (at most 2,000 points
    /// of the lines against 5,000 of the routes, evenly spread: a figure for a message).
    func nearestM(_ lines: [[LonLat]]) -> Double {
        let all = lines.flatMap { $0 }.filter(\.isFinite)
        let stride = max(1, all.count / 2000), routeStride = max(1, points.count / 5000)
        var best = Double.infinity
        for k in Swift.stride(from: 0, to: all.count, by: stride) {
            let m = metres(all[k])
            for r in Swift.stride(from: 0, to: points.count, by: routeStride) { best = min(best, length(points[r] - m)) }
        }
        return best
    }
}
