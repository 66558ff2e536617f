import Foundation
import TrailpackCore

/// A uniform grid of buckets over line segments for nearest-segment queries.
///
/// Bucket coordinates use an equirectangular projection scaled so that bucket distances never
/// exceed true ground distances; queries then rank candidates by a local tangent-plane distance
/// and stop once no unvisited bucket can hold anything nearer. Items keep their insertion
/// index, which breaks ties, so results do not depend on hashing order.
public struct SegmentGrid: Sendable {
    public struct Hit: Sendable {
        /// Index of the segment, in insertion order.
        public var item: Int
        /// Fraction along the segment, 0...1.
        public var t: Double
        /// The nearest point of the segment.
        public var point: LonLat
        /// Planar distance in metres from the query point.
        public var planarM: Double
    }

    public private(set) var segments: [(a: LonLat, b: LonLat)] = []
    private var cells: [Int64: [Int]] = [:]
    private let originLon: Double
    private let originLat: Double
    private let xMPerDeg: Double
    private let yMPerDeg: Double
    let cellM: Double
    private var minCX = Int.max, maxCX = Int.min, minCY = Int.max, maxCY = Int.min

    /// A grid for segments inside `bounds` (used only to fix the projection), with buckets `cellM` metres wide.
    public init(bounds: BBox, cellM: Double) {
        originLon = bounds.west
        originLat = bounds.south
        let worstLat = min(max(abs(bounds.south), abs(bounds.north)), 89.9)
        xMPerDeg = LocalMetric(latDeg: worstLat).mPerDegLon
        yMPerDeg = 110_574.0  // the smallest metres-per-degree of latitude (at the equator)
        self.cellM = cellM
    }

    private func cell(_ p: LonLat) -> (Int, Int) {
        (Int(((p.lon - originLon) * xMPerDeg / cellM).rounded(.down)),
         Int(((p.lat - originLat) * yMPerDeg / cellM).rounded(.down)))
    }

    private static func key(_ cx: Int, _ cy: Int) -> Int64 { (Int64(cx) << 32) ^ Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: cy))) }

    /// Adds segment `a`-`b`; returns its item index.
    @discardableResult
    public mutating func insert(_ a: LonLat, _ b: LonLat) -> Int {
        let item = segments.count
        segments.append((a, b))
        let (ax, ay) = cell(a), (bx, by) = cell(b)
        for cx in min(ax, bx)...max(ax, bx) {
            for cy in min(ay, by)...max(ay, by) {
                cells[Self.key(cx, cy), default: []].append(item)
            }
        }
        minCX = min(minCX, ax, bx); maxCX = max(maxCX, ax, bx)
        minCY = min(minCY, ay, by); maxCY = max(maxCY, ay, by)
        return item
    }

    /// The nearest segment to `p` within `maxM` metres (planar, tangent plane at `p`) among items
    /// `accept` allows; ties go to the lowest item index. Nil when none qualifies.
    public func nearest(to p: LonLat, maxM: Double = .infinity, accept: (Int) -> Bool = { _ in true }) -> Hit? {
        guard !segments.isEmpty else { return nil }
        let (px, py) = cell(p)
        var best: Hit?
        var ring = 0
        let maxRing = max(abs(px - minCX), abs(px - maxCX), abs(py - minCY), abs(py - maxCY))
        func visit(_ cx: Int, _ cy: Int) {
            guard let items = cells[Self.key(cx, cy)] else { return }
            for item in items where accept(item) {
                let s = segments[item]
                let pr = projectOntoSegment(p, s.a, s.b)
                guard pr.planarM <= maxM else { continue }
                if let b = best, !(pr.planarM < b.planarM || (pr.planarM == b.planarM && item < b.item)) { continue }
                best = Hit(item: item, t: pr.t, point: pr.point, planarM: pr.planarM)
            }
        }
        while ring <= maxRing {
            // Everything in this ring or beyond is at least (ring - 1) cells away.
            let lowerBoundM = Double(max(ring - 1, 0)) * cellM
            if lowerBoundM > maxM { break }
            if let b = best, lowerBoundM > b.planarM { break }
            // Only the ring's border cells that fall inside the occupied range.
            if ring == 0 {
                if px >= minCX, px <= maxCX, py >= minCY, py <= maxCY { visit(px, py) }
            } else {
                let x0 = max(px - ring, minCX), x1 = min(px + ring, maxCX)
                let y0 = max(py - ring + 1, minCY), y1 = min(py + ring - 1, maxCY)
                for cy in [py - ring, py + ring] where x0 <= x1 && cy >= minCY && cy <= maxCY {
                    for cx in x0...x1 { visit(cx, cy) }
                }
                for cx in [px - ring, px + ring] where y0 <= y1 && cx >= minCX && cx <= maxCX {
                    for cy in y0...y1 { visit(cx, cy) }
                }
            }
            ring += 1
        }
        return best
    }

    /// Every item with a segment within `maxM` metres (planar) of `p`, in item order.
    public func items(near p: LonLat, maxM: Double) -> [Int] {
        let (px, py) = cell(p)
        let r = Int((maxM / cellM).rounded(.up)) + 1
        var found = Set<Int>()
        for cx in (px - r)...(px + r) {
            for cy in (py - r)...(py + r) {
                guard let items = cells[Self.key(cx, cy)] else { continue }
                for item in items where !found.contains(item) {
                    let s = segments[item]
                    if projectOntoSegment(p, s.a, s.b).planarM <= maxM { found.insert(item) }
                }
            }
        }
        return found.sorted()
    }
}
