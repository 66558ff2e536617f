import Foundation
import TrailpackCore

extension DEMRules {
    /// Every cell of `grid` (terrain.bin or an AR patch) against `reference`, the DEM warped onto
    /// the same grid (row-major, unrounded metres, read in place): RMS, worst difference and
    /// where, and a constant shift of up to two cells found by least squares (`dem.shift`).
    func compareGrid(_ grid: TerrainGrid, with reference: UnsafeBufferPointer<Float>, rule: ValidationRule, file: String) {
        grid.elevationsM.withUnsafeBufferPointer { pack in
            let difference = GridDifference(width: grid.width, height: grid.height, pack: pack, reference: reference)
            reportGrid(grid, difference.summary(withinLimit: Float(Self.gridWorstLimitM)), reference: reference, rule: rule, file: file)
            reportShift(difference.bestShift(), minimumRMS: Self.gridRMSLimitM, unit: "cell", file: file)
        }
    }

    /// The figures of `compareGrid`, and its problem when the grid is off.
    private func reportGrid(_ grid: TerrainGrid, _ s: GridSummary, reference: UnsafeBufferPointer<Float>,
                            rule: ValidationRule, file: String) {
        log.figure(rule, file: file, "rmsM", s.rms, limit: Self.gridRMSLimitM)
        log.figure(rule, file: file, "worstM", s.worst, limit: Self.gridWorstLimitM)
        log.figure(rule, file: file, "cellsCompared", Double(s.count), limit: nil)
        let r = s.worstIndex / grid.width, c = s.worstIndex % grid.width
        log.figure(rule, file: file, "worstRow", Double(r), limit: nil)
        log.figure(rule, file: file, "worstColumn", Double(c), limit: nil)
        if s.rms > Self.gridRMSLimitM || s.worst > Self.gridWorstLimitM {
            let p = LonLat(grid.lon(column: Double(c)), grid.lat(row: Double(r)))
            let off = s.count - s.within
            log.add(rule, file: file, at: .byte(TER1.headerBytes + 2 * s.worstIndex),
                    expected: "every cell within \(metres(Self.gridWorstLimitM)) of the source DEM on the same grid (RMS at most \(metres(Self.gridRMSLimitM)); whole-metre rounding alone gives 0.5 m, 0.29 m)",
                    found: "RMS \(metres(s.rms)), worst \(metres(s.worst)) at row \(r), column \(c) (\(p)): \(grid.elevationsM[s.worstIndex]) m against \(metres(Double(reference[s.worstIndex]))); \(off) of \(s.count) cells off")
        }
    }

    /// `dem.shift` when a nonzero offset explains the content far better than none.
    func reportShift(_ shift: GridShift?, minimumRMS: Double, unit: String, file: String) {
        guard let shift else { return }
        log.figure(.demShift, file: file, "bestDx", Double(shift.dx), limit: 0)
        log.figure(.demShift, file: file, "bestDy", Double(shift.dy), limit: 0)
        guard shift.dx != 0 || shift.dy != 0, shift.zeroRMS > minimumRMS,
              shift.bestRMS < Self.shiftRMSRatio * shift.zeroRMS else { return }
        let east = shift.dx == 0 ? "" : "\(abs(shift.dx)) \(unit)\(abs(shift.dx) == 1 ? "" : "s") \(shift.dx > 0 ? "west" : "east")"
        let south = shift.dy == 0 ? "" : "\(abs(shift.dy)) \(unit)\(abs(shift.dy) == 1 ? "" : "s") \(shift.dy > 0 ? "north" : "south")"
        log.add(.demShift, file: file, at: .file,
                expected: "the content on its grid (the best match with the source DEM at offset 0, 0)",
                found: "shifted \([east, south].filter { !$0.isEmpty }.joined(separator: " and ")): offset dx \(shift.dx), dy \(shift.dy) \(unit)s matches with RMS \(format((shift.bestRMS * 100).rounded() / 100)) against \(format((shift.zeroRMS * 100).rounded() / 100)) at offset 0")
    }
}
