import Drawing
import Foundation

/// Lines of one contour level cut into pieces (a tile archive cuts them at every tile edge, each
/// piece running on into its neighbour's buffer) joined back into long lines, for labelling
/// along them: a piece whose last point lies within a tolerance of another's first point runs on
/// into it. Pieces keep their direction; a closed ring of pieces becomes one line.
enum LineChains {
    /// `pieces` joined end to start where the gap is at most `tolerancePx`, each piece used once;
    /// pieces with no neighbour come back as they are. Pixels.
    static func join(_ pieces: [[PixelPoint]], tolerancePx: Double) -> [[PixelPoint]] {
        let usable = pieces.filter { !$0.isEmpty }
        guard usable.count > 1 else { return usable }
        let next = successors(usable, tolerancePx: tolerancePx)
        var hasPredecessor = [Bool](repeating: false, count: usable.count)
        for n in next.compactMap({ $0 }) { hasPredecessor[n] = true }
        var used = [Bool](repeating: false, count: usable.count), out: [[PixelPoint]] = []
        func chain(from first: Int) {
            var line: [PixelPoint] = [], k: Int? = first
            while let i = k, !used[i] {
                used[i] = true
                line += usable[i]
                k = next[i]
            }
            out.append(line)
        }
        for i in usable.indices where !hasPredecessor[i] { chain(from: i) }
        for i in usable.indices where !used[i] { chain(from: i) }
        return out
    }

    /// For each piece the piece whose first point is nearest its last point within
    /// `tolerancePx`, each piece taken by one predecessor at most (a grid of first points).
    static func successors(_ pieces: [[PixelPoint]], tolerancePx: Double) -> [Int?] {
        func key(_ p: PixelPoint) -> Int { Int(floor(p.xPx / tolerancePx)) &* 1_000_003 &+ Int(floor(p.yPx / tolerancePx)) }
        var starts: [Int: [Int]] = [:]
        for (i, piece) in pieces.enumerated() { starts[key(piece[0]), default: []].append(i) }
        var taken = Set<Int>(), out = [Int?](repeating: nil, count: pieces.count)
        for (i, piece) in pieces.enumerated() {
            let end = piece[piece.count - 1]
            var best: (index: Int, distancePx: Double)?
            for dx in -1...1 {
                for dy in -1...1 {
                    let probe = PixelPoint(xPx: end.xPx + Double(dx) * tolerancePx, yPx: end.yPx + Double(dy) * tolerancePx)
                    for j in starts[key(probe)] ?? [] where j != i && !taken.contains(j) {
                        let d = end.distancePx(to: pieces[j][0])
                        if d <= tolerancePx, d < best?.distancePx ?? .infinity { best = (j, d) }
                    }
                }
            }
            if let best {
                out[i] = best.index
                taken.insert(best.index)
            }
        }
        return out
    }
}
