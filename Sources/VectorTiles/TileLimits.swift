/// Encodes a tile and holds it to `maxBytesPerTile` and `maxFeaturesPerTile`: over either, the
/// tile's lines are cut again from the source at twice the tolerance (at least 1 unit), up to
/// `maxResimplifications` times; still over, features with a `dropRank` are dropped (highest
/// rank first, the shortest in the tile first among equals) until it fits. Every tile over a limit gives a
/// `TileLimitEvent`, also when nothing more could be dropped.
struct TileLimits {
    let layers: [PreparedLayer]
    let options: TilingOptions
    let grid: ZoomGrid

    /// The tile of `draft` as stored, within its limits when dropping allows.
    func finish(_ draft: TileDraft) -> FinishedTile {
        var encoder = TileEncoder(layers: layers, extent: options.extent)
        let first = encoder.encode(draft)
        let exceeded = overLimits(first)
        guard !exceeded.isEmpty else { return finished(draft.tile, first, event: nil) }
        var current = draft, encoded = first, factor = 1.0
        for _ in 0..<options.maxResimplifications where !overLimits(encoded).isEmpty {
            factor *= 2
            current = recut(draft, toleranceFactor: factor)
            encoded = encoder.encode(current)
        }
        var dropped: [(layer: String, features: Int)] = []
        if !overLimits(encoded).isEmpty {
            let ordinals = dropPlan(current, encoded)
            encoded = encoder.encode(current, dropping: ordinals)
            dropped = droppedByLayer(current, ordinals)
        }
        let event = TileLimitEvent(tile: draft.tile, exceeded: exceeded, bytesBefore: first.bytes.count,
                                   featuresBefore: first.features.count, toleranceFactor: factor, dropped: dropped,
                                   bytesAfter: encoded.bytes.count, featuresAfter: encoded.features.count,
                                   fits: overLimits(encoded).isEmpty)
        return finished(draft.tile, encoded, event: event)
    }

    /// The tile as stored (compressed when asked).
    private func finished(_ tile: TileID, _ encoded: EncodedTile, event: TileLimitEvent?) -> FinishedTile {
        let stored = options.compress.map { $0(encoded.bytes) } ?? encoded.bytes
        return FinishedTile(tile: tile, bytes: stored, uncompressedBytes: encoded.bytes.count,
                            features: encoded.features.count, event: event)
    }

    private func overLimits(_ encoded: EncodedTile) -> [TileLimitEvent.Limit] {
        var over: [TileLimitEvent.Limit] = []
        if encoded.bytes.count > options.maxBytesPerTile { over.append(.bytes) }
        if encoded.features.count > options.maxFeaturesPerTile { over.append(.features) }
        return over
    }

    /// The tile cut again from the source features at `factor` times each layer's tolerance,
    /// and at least `factor / 2` units, so a layer cut at tolerance 0 is simplified too (points
    /// are kept as they were).
    private func recut(_ draft: TileDraft, toleranceFactor factor: Double) -> TileDraft {
        var splitter = PieceSplitter(grid: grid, columns: draft.tile.x...draft.tile.x, rows: draft.tile.y...draft.tile.y)
        for range in draft.featureRanges {
            let first = draft.piece(draft.refs[range.lowerBound])
            let l = Int(first.layer), f = Int(first.feature)
            let prepared = layers[l].prepared[f]
            if prepared.isPoints {
                for ref in draft.refs[range] { splitter.copy(draft.piece(ref), from: draft.stores[Int(ref.store)]) }
            } else {
                let tolerance = max(layers[l].toleranceUnits[grid.zoom] * factor, factor / 2)
                let threshold = PreparedLayer.squaredThreshold(toleranceUnits: tolerance, zoom: grid.zoom, extent: options.extent)
                splitter.splitLines(prepared, thresholdSquared: threshold, layer: l, feature: f)
            }
        }
        let store = splitter.store
        return TileDraft(tile: draft.tile, stores: [store], refs: store.pieces.indices.map { (0, Int32($0)) })
    }

    /// The ordinals of the features to drop so the tile fits: droppable ones, highest rank
    /// first, among equal ranks the shortest in the tile first (what the tile shows least of;
    /// equal lengths: the later in layer order first), until the bytes (less each feature's own
    /// share, an upper bound on what is left) and the count are within the limits.
    private func dropPlan(_ draft: TileDraft, _ encoded: EncodedTile) -> Set<Int> {
        let ranges = draft.featureRanges
        let candidates = encoded.features.indices.compactMap { ordinal -> (rank: Int, length: Double, ordinal: Int)? in
            let written = encoded.features[ordinal]
            let points = layers[written.layer].prepared[written.feature].isPoints
            return layers[written.layer].features[written.feature].dropRank.map { ($0, points ? 0 : draft.lengthUnits(ranges[ordinal]), ordinal) }
        }.sorted { a, b in
            if a.rank != b.rank { return a.rank > b.rank }
            if a.length != b.length { return a.length < b.length }
            return a.ordinal > b.ordinal
        }
        var bytes = encoded.bytes.count, count = encoded.features.count
        var dropped: Set<Int> = []
        for candidate in candidates where bytes > options.maxBytesPerTile || count > options.maxFeaturesPerTile {
            dropped.insert(candidate.ordinal)
            bytes -= encoded.features[candidate.ordinal].bytes
            count -= 1
        }
        return dropped
    }

    /// How many features of each layer `ordinals` are, in layer order.
    private func droppedByLayer(_ draft: TileDraft, _ ordinals: Set<Int>) -> [(layer: String, features: Int)] {
        var counts = [Int](repeating: 0, count: layers.count)
        for (ordinal, range) in draft.featureRanges.enumerated() where ordinals.contains(ordinal) {
            counts[Int(draft.piece(draft.refs[range.lowerBound]).layer)] += 1
        }
        return layers.indices.filter { counts[$0] > 0 }.map { (layers[$0].name, counts[$0]) }
    }
}
