import Foundation
import TrailpackCore

/// Points bucketed in square cells of latitude degrees, so the points near a place are found in
/// a few cells instead of by a scan of every point: a route's cues each ask for the network
/// nodes around them, and a long route in a large region would otherwise cost cues × nodes.
/// Longitude cells wrap at the antimeridian.
struct NearPoints: Sendable {
    let points: [LonLat]
    /// Cell side, degrees.
    let cellDeg: Double
    private let columns: Int
    private var cells: [Int: [Int]] = [:]

    /// Metres per degree of latitude (a slight overestimate of the short-range metric's is
    /// covered by `marginShare`).
    static let metresPerDeg = 111_000.0
    static let marginShare = 1.05

    /// Buckets `points` in cells about `cellM` metres high.
    init(_ points: [LonLat], cellM: Double) {
        self.points = points
        cellDeg = max(cellM / Self.metresPerDeg, 1e-6)
        columns = Int((360 / cellDeg).rounded(.up))
        for (k, p) in points.enumerated() { cells[key(column(p.lon), row(p.lat)), default: []].append(k) }
    }

    private func column(_ lon: Double) -> Int {
        let c = Int(((lon + 180) / cellDeg).rounded(.down)) % columns
        return c < 0 ? c + columns : c
    }

    private func row(_ lat: Double) -> Int { Int(((lat + 90) / cellDeg).rounded(.down)) }

    private func key(_ column: Int, _ row: Int) -> Int { row * columns + column }

    /// Indices (ascending) of every point that may lie within `radiusM` metres of `p`: a
    /// superset, which the caller measures exactly.
    func candidates(near p: LonLat, radiusM: Double) -> [Int] {
        let latReachDeg = radiusM * Self.marginShare / Self.metresPerDeg
        let cosLat = max(cos(min(abs(p.lat) + latReachDeg, 90) * .pi / 180), 1e-3)
        let lonReachDeg = min(latReachDeg / cosLat, 180)
        let rows = row(max(p.lat - latReachDeg, -90))...row(min(p.lat + latReachDeg, 90))
        let spanColumns = min(Int((lonReachDeg / cellDeg).rounded(.up)) + 1, columns / 2 + 1)
        let centre = column(p.lon)
        var found: [Int] = []
        for r in rows {
            var seen = Set<Int>()
            for dc in -spanColumns...spanColumns {
                let c = ((centre + dc) % columns + columns) % columns
                guard seen.insert(c).inserted, let bucket = cells[key(c, r)] else { continue }
                found += bucket
            }
        }
        return found.sorted()
    }
}
