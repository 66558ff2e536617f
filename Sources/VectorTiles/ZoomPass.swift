/// The tiles of one zoom: the features present are cut into pieces in chunks of similar size
/// on the worker threads, the pieces grouped by tile (keeping input order), then each tile is
/// encoded, held to its limits and compressed, also on the workers. Everything of the zoom is
/// released when it returns.
struct ZoomPass {
    let layers: [PreparedLayer]
    let options: TilingOptions
    let grid: ZoomGrid

    /// The finished tiles of the zoom in (x, y) order, with their figures and limit events.
    func run() -> [FinishedTile] {
        let chunks = chunks()
        let stores = WorkerThreads.map(count: chunks.count, threads: options.threads) { split(chunks[$0]) }
        let drafts = group(stores)
        let limits = TileLimits(layers: layers, options: options, grid: grid)
        return WorkerThreads.map(count: drafts.count, threads: options.threads) { limits.finish(drafts[$0]) }
    }

    /// The features present at this zoom as (layer, feature) pairs, in chunks of about an
    /// eighth of a thread's share of their vertices (chunks never change what is cut).
    private func chunks() -> [[(layer: Int, feature: Int)]] {
        var present: [(layer: Int, feature: Int)] = []
        var vertices = 0
        for (l, layer) in layers.enumerated() {
            for (f, feature) in layer.features.enumerated() where feature.isPresent(atZoom: grid.zoom) {
                present.append((l, f))
                vertices += layer.prepared[f].vertexCount
            }
        }
        let target = max(4096, vertices / (8 * options.threads))
        var chunks: [[(layer: Int, feature: Int)]] = [[]]
        var size = 0
        for item in present {
            if size >= target {
                chunks.append([])
                size = 0
            }
            chunks[chunks.count - 1].append(item)
            size += layers[item.layer].prepared[item.feature].vertexCount + 1
        }
        return chunks
    }

    /// The pieces of one chunk's features, in feature order.
    private func split(_ chunk: [(layer: Int, feature: Int)]) -> PieceStore {
        var splitter = PieceSplitter(grid: grid, columns: grid.all, rows: grid.all)
        for (l, f) in chunk {
            let prepared = layers[l].prepared[f]
            if prepared.isPoints {
                splitter.splitPoints(prepared, layer: l, feature: f)
            } else {
                let threshold = PreparedLayer.squaredThreshold(toleranceUnits: layers[l].toleranceUnits[grid.zoom],
                                                               zoom: grid.zoom, extent: options.extent)
                splitter.splitLines(prepared, thresholdSquared: threshold, layer: l, feature: f)
            }
        }
        return splitter.store
    }

    /// The drafts of every tile with a piece, in (x, y) order; a tile's pieces keep the order of
    /// the chunks and of their stores, which is the input order.
    private func group(_ stores: [PieceStore]) -> [TileDraft] {
        var slotOfTile: [Int: Int] = [:]
        var refs: [[(store: Int32, piece: Int32)]] = []
        var keys: [Int] = []
        for (s, store) in stores.enumerated() {
            for (p, piece) in store.pieces.enumerated() {
                let slot = slotOfTile[piece.tile] ?? {
                    slotOfTile[piece.tile] = keys.count
                    keys.append(piece.tile)
                    refs.append([])
                    return keys.count - 1
                }()
                refs[slot].append((Int32(s), Int32(p)))
            }
        }
        return keys.indices.sorted { keys[$0] < keys[$1] }.map {
            TileDraft(tile: grid.tile(ofKey: keys[$0]), stores: stores, refs: refs[$0])
        }
    }
}

/// One tile as written: its stored bytes and figures, and what its limits did to it.
struct FinishedTile: Sendable {
    let tile: TileID
    let bytes: [UInt8]
    let uncompressedBytes: Int
    let features: Int
    let event: TileLimitEvent?
}
