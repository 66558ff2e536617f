import Foundation
import TrailpackCore

/// A summit found in a terrain grid.
public struct GridSummit: Equatable, Sendable {
    public var column: Int
    public var row: Int
    /// The sample's elevation, metres.
    public var eleM: Double
    /// Topographic prominence within the grid, metres: the summit's elevation minus its key col
    /// (the highest point on the lowest path to higher ground). The grid's highest summit gets
    /// its elevation minus the grid's lowest sample.
    public var prominenceM: Double
}

/// Prominent summits of a grid: a union-find sweep from the highest sample down. Each sample
/// joins the already-swept neighbours (8-connected); where two peaks' areas meet, the lower
/// peak's prominence is its height above that sample (its key col). Ties are broken by sample
/// index, so the answer is deterministic. Prominence is measured inside the grid only: a peak
/// whose key col lies outside it may be over- or under-rated; peaks on the grid's outer rows
/// and columns are left out (usually slopes cut by the edge). Grids over `maxCells` samples are
/// swept on the maxima of square blocks (each summit then moves to its block's highest sample),
/// which keeps memory at 12 bytes per swept cell; pooling can only raise cols, so prominences
/// there are never overstated.
public enum SummitFinder {
    /// Summits with prominence of at least `minProminenceM` metres, most prominent first.
    public static func summits(in grid: TerrainGrid, minProminenceM: Double, maxCells: Int = 4_000_000) -> [GridSummit] {
        let n = grid.width * grid.height
        guard n > maxCells else { return sweep(grid.elevationsM, width: grid.width, height: grid.height, minProminenceM: minProminenceM) }
        let f = Int((Double(n) / Double(maxCells)).squareRoot().rounded(.up))
        let w = (grid.width + f - 1) / f, h = (grid.height + f - 1) / f
        var pooled = [Int16](repeating: .min, count: w * h)
        for r in 0..<grid.height {
            for c in 0..<grid.width {
                let k = (r / f) * w + c / f
                pooled[k] = max(pooled[k], grid[column: c, row: r])
            }
        }
        return sweep(pooled, width: w, height: h, minProminenceM: minProminenceM).map { s in
            var best = (c: s.column * f, r: s.row * f)
            for r in (s.row * f)..<min(grid.height, s.row * f + f) {
                for c in (s.column * f)..<min(grid.width, s.column * f + f) where grid[column: c, row: r] > grid[column: best.c, row: best.r] {
                    best = (c, r)
                }
            }
            return GridSummit(column: best.c, row: best.r, eleM: s.eleM, prominenceM: s.prominenceM)
        }
    }

    static func sweep(_ z: [Int16], width w: Int, height h: Int, minProminenceM: Double) -> [GridSummit] {
        let n = w * h
        guard n > 0 else { return [] }
        // Counting sort: highest elevation first, then by index.
        let lo = Int(z.min()!), hi = Int(z.max()!)
        var counts = [Int](repeating: 0, count: hi - lo + 2)
        for v in z { counts[hi - Int(v) + 1] += 1 }
        for k in 1..<counts.count { counts[k] += counts[k - 1] }
        var order = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            let b = hi - Int(z[i])
            order[counts[b]] = Int32(i)
            counts[b] += 1
        }
        var parent = [Int32](repeating: -1, count: n)
        var peak = [Int32](repeating: -1, count: n)
        var prominence: [Int: Double] = [:]
        parent.withUnsafeMutableBufferPointer { parent in
            peak.withUnsafeMutableBufferPointer { peak in
                z.withUnsafeBufferPointer { z in
                    @inline(__always) func root(_ i: Int32) -> Int32 {
                        var r = i
                        while parent[Int(r)] != r { r = parent[Int(r)] }
                        var k = i
                        while parent[Int(k)] != r { let next = parent[Int(k)]; parent[Int(k)] = r; k = next }
                        return r
                    }
                    // A peak sweeps before another when it is higher, or as high with a lower index.
                    @inline(__always) func before(_ a: Int32, _ b: Int32) -> Bool {
                        z[Int(a)] != z[Int(b)] ? z[Int(a)] > z[Int(b)] : a < b
                    }
                    var roots = (Int32(-1), Int32(-1), Int32(-1), Int32(-1), Int32(-1), Int32(-1), Int32(-1), Int32(-1))
                    for cell in order {
                        let i = Int(cell), c = i % w, r = i / w
                        withUnsafeMutableBytes(of: &roots) { raw in
                            let found = raw.bindMemory(to: Int32.self)
                            var count = 0
                            for dr in -1...1 {
                                let rr = r + dr
                                guard rr >= 0, rr < h else { continue }
                                for dc in -1...1 where dr != 0 || dc != 0 {
                                    let cc = c + dc
                                    guard cc >= 0, cc < w else { continue }
                                    let j = rr * w + cc
                                    guard parent[j] >= 0 else { continue }
                                    let top = root(Int32(j))
                                    if !found[0..<count].contains(top) { found[count] = top; count += 1 }
                                }
                            }
                            if count == 0 {
                                parent[i] = cell
                                peak[i] = cell
                                return
                            }
                            // The area whose peak is highest absorbs the others.
                            var winner = found[0]
                            for k in 1..<max(1, count) where before(peak[Int(found[k])], peak[Int(winner)]) { winner = found[k] }
                            for k in 0..<count where found[k] != winner {
                                let p = Int(peak[Int(found[k])])
                                prominence[p] = Double(z[p]) - Double(z[i])
                                parent[Int(found[k])] = winner
                            }
                            parent[i] = winner
                        }
                    }
                }
            }
        }
        prominence[Int(order[0])] = Double(hi - lo)
        var found: [GridSummit] = []
        for (i, p) in prominence where p >= minProminenceM {
            let c = i % w, r = i / w
            guard c > 0, r > 0, c < w - 1, r < h - 1 else { continue }
            found.append(GridSummit(column: c, row: r, eleM: Double(z[i]), prominenceM: p))
        }
        return found.sorted { ($0.prominenceM, -$0.row * w - $0.column) > ($1.prominenceM, -$1.row * w - $1.column) }
    }
}
