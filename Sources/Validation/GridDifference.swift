/// A raster sample GridDifference reads as it stands, widened to Float one cell at a time (no
/// widened copy of a whole grid): terrain.bin's whole metres, a hillshade's grey levels, a warp's
/// unrounded metres. The widening is exact for all three.
protocol GridSample {
    var gridValue: Float { get }
}

extension Int16: GridSample { var gridValue: Float { Float(self) } }
extension UInt8: GridSample { var gridValue: Float { Float(self) } }
extension Float: GridSample { var gridValue: Float { self } }

/// Dense differences between two rasters on the same grid (a pack's grid or image against the
/// same thing recomputed from the source DEM), on every core. It reads both through buffer
/// pointers, so it is valid only while they are (make it inside their `withUnsafeBufferPointer`).
struct GridDifference<Pack: GridSample, Reference: GridSample> {
    /// The grid's size; both buffers are row-major `width * height`.
    let width: Int
    let height: Int
    /// What the pack holds (metres or grey levels).
    let pack: UnsafeBufferPointer<Pack>
    /// The recomputation from the DEM, same units.
    let reference: UnsafeBufferPointer<Reference>

    typealias Summary = GridSummary
    typealias Shift = GridShift

    /// Every cell compared; `withinLimit` sets what `within` counts.
    func summary(withinLimit: Float) -> Summary {
        let parts = RowBands.map(rows: height) { rows in summaryPart(rows: rows, withinLimit: withinLimit) }
        var all = SummaryPart()
        for part in parts {
            all.sq += part.sq; all.abs += part.abs; all.within += part.within
            all.sp += part.sp; all.sr += part.sr; all.spr += part.spr; all.srr += part.srr
            if part.worst > all.worst { all.worst = part.worst; all.worstIndex = part.worstIndex }
        }
        let n = Double(width * height)
        let varR = all.srr - all.sr * all.sr / n, cov = all.spr - all.sp * all.sr / n
        return Summary(rms: (all.sq / n).squareRoot(), meanAbs: all.abs / n, worst: Double(max(all.worst, 0)),
                       worstIndex: all.worstIndex, within: all.within, count: width * height,
                       scale: varR > 0 ? cov / varR : 1)
    }

    /// One band's sums (per row in Float, across rows in Double).
    private struct SummaryPart {
        var sq = 0.0, abs = 0.0, worst: Float = -1, worstIndex = 0, within = 0
        var sp = 0.0, sr = 0.0, spr = 0.0, srr = 0.0
    }

    private func summaryPart(rows: Range<Int>, withinLimit: Float) -> SummaryPart {
        var part = SummaryPart()
        for r in rows {
            var sq: Float = 0, ab: Float = 0, sp: Float = 0, sr: Float = 0, spr: Float = 0, srr: Float = 0
            for k in r * width..<(r + 1) * width {
                let pk = pack[k].gridValue, qk = reference[k].gridValue
                let d = pk - qk, a = abs(d)
                sq += d * d; ab += a
                sp += pk; sr += qk; spr += pk * qk; srr += qk * qk
                if a <= withinLimit { part.within += 1 }
                if a > part.worst { part.worst = a; part.worstIndex = k }
            }
            part.sq += Double(sq); part.abs += Double(ab)
            part.sp += Double(sp); part.sr += Double(sr); part.spr += Double(spr); part.srr += Double(srr)
        }
        return part
    }

    /// The offset with the least RMS difference (cross-correlation by least squares); nil when
    /// the grid is too small for `radius`.
    func bestShift(radius: Int = 2) -> Shift? {
        guard width > 2 * radius + 2, height > 2 * radius + 2 else { return nil }
        let side = 2 * radius + 1
        let parts = RowBands.map(rows: height - 2 * radius) { band in shiftSums(band: band, radius: radius) }
        var sums = [Double](repeating: 0, count: side * side)
        for part in parts { for k in sums.indices { sums[k] += part[k] } }
        let n = Double((width - 2 * radius) * (height - 2 * radius))
        let best = sums.indices.min { sums[$0] < sums[$1] }!
        return Shift(dx: best % side - radius, dy: best / side - radius, bestRMS: (sums[best] / n).squareRoot(),
                     zeroRMS: (sums[radius * side + radius] / n).squareRoot())
    }

    /// Squared differences of one band of interior rows at every offset, `(dy + radius) * side + dx + radius`.
    private func shiftSums(band: Range<Int>, radius: Int) -> [Double] {
        let side = 2 * radius + 1
        var sums = [Double](repeating: 0, count: side * side)
        for dy in -radius...radius {
            for dx in -radius...radius {
                var total = 0.0
                for row in band {
                    let r = row + radius
                    let pk = r * width, qk = (r + dy) * width + dx
                    var sq: Float = 0
                    for c in radius..<(width - radius) {
                        let d = pack[pk + c].gridValue - reference[qk + c].gridValue
                        sq += d * d
                    }
                    total += Double(sq)
                }
                sums[(dy + radius) * side + dx + radius] += total
            }
        }
        return sums
    }
}

/// Figures of `pack - reference` over every cell.
struct GridSummary: Equatable {
    var rms: Double
    var meanAbs: Double
    var worst: Double
    var worstIndex: Int
    /// Cells with |difference| <= `withinLimit`.
    var within: Int
    var count: Int
    /// Least-squares slope of pack against reference (1 for the same relief or contrast).
    var scale: Double
}

/// The constant offset that best explains the difference: pack cell (r, c) against
/// reference cell (r + dy, c + dx), for |dx|, |dy| <= `radius`, over the interior cells
/// every offset can compare.
struct GridShift: Equatable {
    var dx: Int
    var dy: Int
    /// RMS difference at the best offset and at zero offset (interior cells).
    var bestRMS: Double
    var zeroRMS: Double
}
