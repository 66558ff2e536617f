import PackJSON
import PackSpec
import TrailpackCore

/// Checks a pack can make without its source DEM: elevations in a physical range, no isolated
/// spikes or pits in TER1 grids, route `ele` close to terrain.bin, and the filled-void share.
enum PlausibilityRules {
    /// The physical range of elevations in metres: below the Dead Sea shore (-430 m) and above
    /// Everest (8849 m) nothing on land.
    static let physicalRangeM: ClosedRange<Int16> = Int16(PackLimits.elevationRangeM.lowerBound)...Int16(PackLimits.elevationRangeM.upperBound)
    /// A sample standing this far above its highest neighbour (or below its lowest) is a spike.
    static let spikeMinimumM = 100.0
    /// ... or this many cell spacings, on coarse grids where real relief between samples is larger.
    static let spikeCells = 1.5
    /// `route.ele-terrain`: the mean of (route ele - terrain.bin) must stay within this, or
    /// `routeMeanPerSpacing` of the terrain spacing on coarse grids (which flatten ridges and
    /// valleys that routes follow) ...
    static let routeMeanToleranceM = 5.0
    static let routeMeanPerSpacing = 0.1
    /// ... and each vertex within this (or a quarter of the spacing) of the range of the 4x4
    /// terrain samples around it.
    static let routeVertexToleranceM = 20.0
    static let routeVertexPerSpacing = 0.25

    /// The spike threshold of `grid` in metres.
    static func spikeThresholdM(_ grid: TerrainGrid) -> Double {
        max(spikeMinimumM, spikeCells * grid.resolutionM)
    }

    /// `ter1.range` and `ter1.spike` on one decoded grid (reported at the sample's byte offset).
    static func checkGrid(_ grid: TerrainGrid, file: String, log: ProblemLog) {
        let w = grid.width, h = grid.height
        let limit = Int32(spikeThresholdM(grid).rounded(.down))
        let low = Int32(physicalRangeM.lowerBound), high = Int32(physicalRangeM.upperBound)
        var spikes = 0
        grid.elevationsM.withUnsafeBufferPointer { z in
            let hasVoids = z.contains(Int16.min)
            /// The neighbours' range of sample (c, r), skipping voids and cells off the grid.
            func neighbourRange(_ c: Int, _ r: Int) -> (Int32, Int32)? {
                var lo = Int32.max, hi = Int32.min
                for rr in max(0, r - 1)...min(h - 1, r + 1) {
                    for cc in max(0, c - 1)...min(w - 1, c + 1) where rr != r || cc != c {
                        let n = z[rr * w + cc]
                        if n == Int16.min { continue }
                        lo = min(lo, Int32(n))
                        hi = max(hi, Int32(n))
                    }
                }
                return lo <= hi ? (lo, hi) : nil
            }
            func report(_ k: Int, _ value: Int32, _ lo: Int32, _ hi: Int32) {
                spikes += 1
                log.add(.ter1Spike, file: file, at: .byte(TER1.headerBytes + 2 * k),
                        expected: "a sample within \(limit) m of its neighbours' range \(lo)...\(hi) m",
                        found: "\(value) m at column \(k % w), row \(k / w)")
            }
            for r in 0..<h {
                let interiorRow = !hasVoids && r > 0 && r < h - 1
                for c in 0..<w {
                    let k = r * w + c
                    let value = Int32(z[k])
                    if value == Int32(Int16.min) { continue }
                    if value < low || value > high {
                        log.add(.ter1Range, file: file, at: .byte(TER1.headerBytes + 2 * k),
                                expected: "an elevation in \(low)...\(high) m", found: "\(value) m at column \(c), row \(r)")
                    }
                    if interiorRow && c > 0 && c < w - 1 {
                        // Fast path: the eight neighbours of an interior sample of a void-free grid.
                        let a = Int32(z[k - w - 1]), b = Int32(z[k - w]), d = Int32(z[k - w + 1])
                        let e = Int32(z[k - 1]), f = Int32(z[k + 1])
                        let g = Int32(z[k + w - 1]), i = Int32(z[k + w]), j = Int32(z[k + w + 1])
                        let lo = min(min(min(a, b), min(d, e)), min(min(f, g), min(i, j)))
                        let hi = max(max(max(a, b), max(d, e)), max(max(f, g), max(i, j)))
                        if value > hi + limit || value < lo - limit { report(k, value, lo, hi) }
                    } else if let (lo, hi) = neighbourRange(c, r), value > hi + limit || value < lo - limit {
                        report(k, value, lo, hi)
                    }
                }
            }
        }
        log.figure(.ter1Spike, file: file, "spikes", Double(spikes), limit: 0)
    }

    /// `route.ele-terrain`: route `ele` against terrain.bin (the mean first, then each vertex).
    static func checkRoute(_ vertices: [(p: LonLat, eleM: Double, node: JSONNode)], coordsNode: JSONNode, terrain: TerrainGrid,
                           file: String, log: ProblemLog) {
        var offs: [(k: Int, lowM: Double, highM: Double)] = []
        var sum = 0.0, count = 0, worst = 0.0
        let spacingM = terrain.resolutionM
        let meanToleranceM = max(routeMeanToleranceM, routeMeanPerSpacing * spacingM)
        let slackM = max(routeVertexToleranceM, routeVertexPerSpacing * spacingM)
        for (k, v) in vertices.enumerated() {
            guard let t = terrain.elevationM(at: v.p) else { continue }
            let d = v.eleM - t
            sum += d
            count += 1
            worst = max(worst, abs(d))
            // The AR patch and terrain.bin are resampled from one DEM at different spacings: a
            // vertex's ele lies within the range of the 4x4 terrain samples around it (the
            // support of the cubic-spline kernel), give or take the slack.
            let (c, r) = terrain.gridPosition(of: v.p)
            let c0 = min(max(Int(c), 0), terrain.width - 2), r0 = min(max(Int(r), 0), terrain.height - 2)
            var lo = Int16.max, hi = Int16.min
            for rr in max(0, r0 - 1)...min(terrain.height - 1, r0 + 2) {
                for cc in max(0, c0 - 1)...min(terrain.width - 1, c0 + 2) {
                    let z = terrain[column: cc, row: rr]
                    lo = min(lo, z)
                    hi = max(hi, z)
                }
            }
            let low = Double(lo) - slackM, high = Double(hi) + slackM
            if !(v.eleM >= low && v.eleM <= high) { offs.append((k, low, high)) }
        }
        guard count > 0 else { return }
        let mean = sum / Double(count)
        log.figure(.routeEleTerrain, file: file, "meanDifferenceM", mean, limit: meanToleranceM)
        log.figure(.routeEleTerrain, file: file, "worstDifferenceM", worst, limit: nil)
        if !(abs(mean) <= meanToleranceM) {
            log.add(.routeEleTerrain, file: file, node: coordsNode,
                    expected: "route ele within \(metres(meanToleranceM)) of terrain.bin on average",
                    found: "a mean difference of \(metres(mean)) over \(count) vertices")
        }
        for off in offs {
            let v = vertices[off.k]
            guard let eleNode = v.node[2] else { continue }
            log.add(.routeEleTerrain, file: file, node: eleNode,
                    expected: "\(format(off.lowM))...\(format(off.highM)) m (the 4x4 terrain.bin samples around it, +-\(metres(slackM)))", found: format(v.eleM))
        }
    }
}
