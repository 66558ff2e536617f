import Foundation

/// A rectangle of grid cells, inclusive on every side (columns `c0...c1`, rows `r0...r1`).
public struct CellWindow: Equatable, Sendable {
    public var c0: Int, r0: Int, c1: Int, r1: Int

    public init(c0: Int, r0: Int, c1: Int, r1: Int) {
        self.c0 = c0
        self.r0 = r0
        self.c1 = c1
        self.r1 = r1
    }

    public var width: Int { c1 - c0 + 1 }
    public var height: Int { r1 - r0 + 1 }
    public var cellCount: Int { width * height }

    /// This window grown by `cells` on every side, clipped to a `width` x `height` grid.
    public func grown(by cells: Int, width: Int, height: Int) -> CellWindow {
        CellWindow(c0: max(0, c0 - cells), r0: max(0, r0 - cells), c1: min(width - 1, c1 + cells), r1: min(height - 1, r1 + cells))
    }

    public func intersects(_ o: CellWindow) -> Bool { c0 <= o.c1 && o.c0 <= c1 && r0 <= o.r1 && o.r0 <= r1 }

    public func union(_ o: CellWindow) -> CellWindow {
        CellWindow(c0: min(c0, o.c0), r0: min(r0, o.r0), c1: max(c1, o.c1), r1: max(r1, o.r1))
    }
}

/// The 4-connected areas of a void mask, each with its cell count and cell window, in grid
/// order of their first cell.
public struct VoidAreas: Sendable {
    public struct Area: Equatable, Sendable {
        public var cells: Int
        public var window: CellWindow
    }

    public var areas: [Area]
    public var voidCells: Int { areas.reduce(0) { $0 + $1.cells } }

    /// Labels the areas of a row-major `width` x `height` mask in time proportional to the grid.
    public init(isVoid: UnsafeBufferPointer<Bool>, width: Int, height: Int) {
        precondition(isVoid.count == width * height)
        var seen = [Bool](repeating: false, count: isVoid.count)
        var stack: [Int] = []
        var found: [Area] = []
        for start in 0..<isVoid.count where isVoid[start] && !seen[start] {
            seen[start] = true
            stack.append(start)
            var count = 0
            var w = CellWindow(c0: start % width, r0: start / width, c1: start % width, r1: start / width)
            while let k = stack.popLast() {
                count += 1
                let c = k % width, r = k / width
                w.c0 = min(w.c0, c); w.c1 = max(w.c1, c); w.r0 = min(w.r0, r); w.r1 = max(w.r1, r)
                if c > 0, isVoid[k - 1], !seen[k - 1] { seen[k - 1] = true; stack.append(k - 1) }
                if c < width - 1, isVoid[k + 1], !seen[k + 1] { seen[k + 1] = true; stack.append(k + 1) }
                if r > 0, isVoid[k - width], !seen[k - width] { seen[k - width] = true; stack.append(k - width) }
                if r < height - 1, isVoid[k + width], !seen[k + width] { seen[k + width] = true; stack.append(k + width) }
            }
            found.append(Area(cells: count, window: w))
        }
        areas = found
    }

    /// Disjoint windows that together hold every void cell of `isVoid` with all cells within
    /// `marginCells` of it (clipped to the grid). Filling voids inside each window sees all the
    /// data within `marginCells` of its voids, so the result equals filling the whole grid with
    /// that search distance, at a cost proportional to the windows' area. One scan of the mask
    /// labels the void areas; their grown boxes are merged until none overlap (past
    /// `maxWindows` areas, one window holds them all: still exact, only larger).
    public static func fillWindows(isVoid: UnsafeBufferPointer<Bool>, width: Int, height: Int, marginCells: Int,
                                   maxWindows: Int = 4096) -> [CellWindow] {
        let areas = VoidAreas(isVoid: isVoid, width: width, height: height).areas
        var windows = areas.map { $0.window.grown(by: max(0, marginCells), width: width, height: height) }
        if windows.count > maxWindows { return [windows.dropFirst().reduce(windows[0]) { $0.union($1) }] }
        var merged = true
        while merged {
            merged = false
            var out: [CellWindow] = []
            for w in windows {
                var current = w
                var k = 0
                while k < out.count {
                    if out[k].intersects(current) {
                        current = current.union(out.remove(at: k))
                        merged = true
                        k = 0
                    } else {
                        k += 1
                    }
                }
                out.append(current)
            }
            windows = out
        }
        return windows.sorted { ($0.r0, $0.c0) < ($1.r0, $1.c0) }
    }

    /// The cells of a row-major `width` x `height` mask within `cells` (Chebyshev distance) of a
    /// set cell, set cells included: two passes of a running window (rows, then columns),
    /// linear in the grid.
    public static func grown(_ filled: [Bool], width: Int, height: Int, cells: Int) -> [Bool] {
        let across = grownAlong(filled, lines: height, length: width, cells: cells) { r, c in r * width + c }
        return grownAlong(across, lines: width, length: height, cells: cells) { c, r in r * width + c }
    }

    /// `mask` with every cell within `cells` of a set cell along its line set: `lines` lines of
    /// `length` cells, cell `k` of line `l` at `index(l, k)`; a running window each way.
    static func grownAlong(_ mask: [Bool], lines: Int, length: Int, cells: Int, index: (Int, Int) -> Int) -> [Bool] {
        var out = [Bool](repeating: false, count: mask.count)
        for l in 0..<lines {
            var last = Int.min / 2
            for k in 0..<length {
                if mask[index(l, k)] { last = k }
                out[index(l, k)] = k - last <= cells
            }
            last = Int.max / 2
            for k in stride(from: length - 1, through: 0, by: -1) {
                if mask[index(l, k)] { last = k }
                if last - k <= cells { out[index(l, k)] = true }
            }
        }
        return out
    }
}
