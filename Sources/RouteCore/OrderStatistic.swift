import TrailpackCore

/// The k-th smallest of a list without sorting it: a stop's median fix (`stopCore`) over the
/// hours a device stood is found in time linear in its fixes.
enum OrderStatistic {
    /// Pivots come from this seed: the same list, the same work.
    static let seed: UInt64 = 0x5EED

    /// The `k`-th smallest of `values` (0-based), the element a stable sort would put at `k`:
    /// equal values (0 and -0 among them) in their order in `values`. Expected linear time
    /// (quickselect with seeded random pivots). `values` must hold no NaN and more than `k`.
    static func kth(_ values: [Double], _ k: Int) -> Double {
        var order = Array(values.indices)
        var rng = SplitMix64(seed: seed)
        // Values, then positions: a total order, so every pivot splits the rest cleanly.
        func less(_ a: Int, _ b: Int) -> Bool { values[a] < values[b] || (!(values[b] < values[a]) && a < b) }
        var lo = 0, hi = order.count - 1
        while lo < hi {
            let pivot = order[lo + Int(rng.next() % UInt64(hi - lo + 1))]
            var i = lo, j = hi
            while i <= j {
                while less(order[i], pivot) { i += 1 }
                while less(pivot, order[j]) { j -= 1 }
                if i <= j {
                    order.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { break }
        }
        return values[order[k]]
    }
}
