import Foundation

/// A tile's features before encoding: references to pieces in the stores of a zoom, grouped by
/// feature and ordered by layer, then feature (the input order).
struct TileDraft: Sendable {
    let tile: TileID
    let stores: [PieceStore]
    /// (store, piece) pairs; a feature's pieces are consecutive.
    let refs: [(store: Int32, piece: Int32)]

    func piece(_ ref: (store: Int32, piece: Int32)) -> Piece { stores[Int(ref.store)].pieces[Int(ref.piece)] }

    /// The length of the lines of the feature in `range` (one of `featureRanges`), in the
    /// zoom's integer units (for a feature of points, the path through them).
    func lengthUnits(_ range: Range<Int>) -> Double {
        var total = 0.0
        for ref in refs[range] {
            let p = piece(ref), coords = stores[Int(ref.store)].coords
            for k in stride(from: p.start + 2, to: p.start + 2 * Int(p.points), by: 2) {
                total += hypot(Double(coords[k]) - Double(coords[k - 2]), Double(coords[k + 1]) - Double(coords[k - 1]))
            }
        }
        return total
    }

    /// The ranges of `refs` holding one feature each, in order.
    var featureRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in refs.indices.dropFirst() {
            let a = piece(refs[index - 1]), b = piece(refs[index])
            if a.layer != b.layer || a.feature != b.feature {
                ranges.append(start..<index)
                start = index
            }
        }
        if !refs.isEmpty { ranges.append(start..<refs.count) }
        return ranges
    }
}
