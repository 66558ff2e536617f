import TrailpackCore

/// An unrounded grid on a TER1 geometry, sampled like the SPEC samples TER1.
struct FloatGrid {
    let width: Int
    let height: Int
    let bounds: BBox
    let values: [Float]

    func elevationM(at p: LonLat) -> Double? {
        let yn = WebMercator.y(latDeg: bounds.north), ys = WebMercator.y(latDeg: bounds.south)
        let c = (p.lon - bounds.west) / (bounds.east - bounds.west) * Double(width - 1)
        let r = (yn - WebMercator.y(latDeg: p.lat)) / (yn - ys) * Double(height - 1)
        let eps = 1e-9
        guard c >= -eps, r >= -eps, c <= Double(width - 1) + eps, r <= Double(height - 1) + eps else { return nil }
        let cc = min(max(c, 0), Double(width - 1)), rr = min(max(r, 0), Double(height - 1))
        let c0 = min(Int(cc), width - 2), r0 = min(Int(rr), height - 2)
        let fc = cc - Double(c0), fr = rr - Double(r0)
        let z00 = Double(values[r0 * width + c0]), z10 = Double(values[r0 * width + c0 + 1])
        let z01 = Double(values[(r0 + 1) * width + c0]), z11 = Double(values[(r0 + 1) * width + c0 + 1])
        let top = z00 + (z10 - z00) * fc, bottom = z01 + (z11 - z01) * fc
        return top + (bottom - top) * fr
    }
}
