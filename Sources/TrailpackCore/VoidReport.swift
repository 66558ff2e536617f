import Foundation

/// What void filling did to a grid: how many cells were voids, in how many connected areas,
/// and the largest of them.
public struct VoidReport: Equatable, Sendable {
    public var filledCells: Int
    public var voidAreas: Int
    public var largestVoidCells: Int
    /// Lon/lat box of the largest void (nil when there was none).
    public var largestVoidBounds: BBox?
    /// Lon/lat boxes of the void areas, largest first (ties in grid order).
    public var areaBounds: [BBox] = []

    public static let none = VoidReport(filledCells: 0, voidAreas: 0, largestVoidCells: 0, largestVoidBounds: nil)

    /// Finds the 4-connected void areas of a row-major `width` x `height` mask.
    /// `position(column, row)` gives a cell's lon/lat for the bounds of the largest area.
    public static func analyse(isVoid: [Bool], width: Int, height: Int,
                               position: (Int, Int) -> LonLat) -> VoidReport {
        var seen = [Bool](repeating: false, count: isVoid.count)
        var total = 0, largest = 0
        var largestCells: [Int] = []
        var areas: [(cells: Int, bounds: BBox)] = []
        var stack: [Int] = []
        for start in 0..<isVoid.count where isVoid[start] && !seen[start] {
            var cells: [Int] = []
            stack.append(start)
            seen[start] = true
            while let k = stack.popLast() {
                cells.append(k)
                let c = k % width, r = k / width
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let nc = c + dc, nr = r + dr
                    guard nc >= 0, nc < width, nr >= 0, nr < height else { continue }
                    let n = nr * width + nc
                    if isVoid[n] && !seen[n] {
                        seen[n] = true
                        stack.append(n)
                    }
                }
            }
            total += cells.count
            if let b = BBox(covering: cells.map { position($0 % width, $0 / width) }) { areas.append((cells.count, b)) }
            if cells.count > largest {
                largest = cells.count
                largestCells = cells
            }
        }
        let bounds = BBox(covering: largestCells.map { position($0 % width, $0 / width) })
        // Stable sort: equal sizes keep grid order, so the list is deterministic.
        let ordered = areas.enumerated().sorted { ($0.element.cells, -$0.offset) > ($1.element.cells, -$1.offset) }.map(\.element.bounds)
        var report = VoidReport(filledCells: total, voidAreas: areas.count, largestVoidCells: largest, largestVoidBounds: bounds)
        report.areaBounds = ordered
        return report
    }
}

/// Contour interval choice from a region's relief.
public enum ContourInterval {
    /// The candidate intervals, metres.
    public static let candidatesM: [Double] = [10, 20, 25, 50, 100]
    /// Most levels a region should show.
    public static let maxLevels = 40.0

    /// The smallest candidate giving at most `maxLevels` levels over `reliefM` metres.
    public static func automatic(reliefM: Double) -> Double {
        candidatesM.first { reliefM / $0 <= maxLevels } ?? candidatesM.last!
    }

    /// True when `eleM` is an index contour (a multiple of five intervals).
    public static func isIndex(eleM: Double, intervalM: Double) -> Bool {
        let q = eleM / (5 * intervalM)
        return abs(q - q.rounded()) < 1e-9
    }
}
