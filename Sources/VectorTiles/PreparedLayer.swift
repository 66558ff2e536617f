/// One feature as the zoom passes read it: its parts with non-finite vertices left out (lines
/// of fewer than two points too) and, for lines, each vertex's Douglas–Peucker keep-distance.
struct PreparedFeature: Sendable {
    let isPoints: Bool
    /// Lines, or one part holding every point.
    let parts: [[WorldPoint]]
    /// Per line, per vertex: squared world units (`DouglasPeucker.squaredImportance`); empty
    /// for points.
    let importance: [[Double]]

    var vertexCount: Int { parts.reduce(0) { $0 + $1.count } }

    init(_ feature: TileFeature, floorSquared: Double) {
        switch feature.geometry {
        case .points(let points):
            isPoints = true
            parts = [points.allSatisfy(\.isFinite) ? points : points.filter(\.isFinite)]
            importance = []
        case .lines(let lines):
            isPoints = false
            parts = lines.map { $0.allSatisfy(\.isFinite) ? $0 : $0.filter(\.isFinite) }.filter { $0.count >= 2 }
            importance = parts.map { DouglasPeucker.squaredImportance(of: $0, floorSquared: floorSquared) }
        }
    }
}

/// A layer ready to cut: the caller's features, each prepared once for every zoom, and the
/// layer's tolerance at each zoom.
struct PreparedLayer: Sendable {
    let name: String
    let features: [TileFeature]
    let prepared: [PreparedFeature]
    /// DP tolerance in tile units, indexed by zoom (0 below `TilingOptions.minZoom`).
    let toleranceUnits: [Double]

    /// Prepares every feature of `layer` on `options.threads` threads.
    init(_ layer: TileLayer, options: TilingOptions) {
        name = layer.name
        features = layer.features
        var tolerances = [Double](repeating: 0, count: options.maxZoom + 1)
        for z in options.minZoom...options.maxZoom {
            let tolerance = layer.toleranceUnits(z)
            tolerances[z] = tolerance.isFinite ? max(0, tolerance) : 0
        }
        toleranceUnits = tolerances
        let floor = (options.minZoom...options.maxZoom).map {
            Self.squaredThreshold(toleranceUnits: tolerances[$0], zoom: $0, extent: options.extent)
        }.min() ?? 0
        let features = layer.features
        prepared = WorkerThreads.map(count: features.count, threads: options.threads) {
            PreparedFeature(features[$0], floorSquared: floor)
        }
    }

    /// A tolerance in tile units at zoom `z` as a squared distance in world units, the scale of
    /// `PreparedFeature.importance`.
    static func squaredThreshold(toleranceUnits: Double, zoom z: Int, extent: Int) -> Double {
        let world = toleranceUnits / (Double(extent) * Double(TileID.tilesPerAxis(zoom: z)))
        return world * world
    }
}
