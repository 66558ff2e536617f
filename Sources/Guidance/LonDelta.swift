/// `wrappedDeltaLonDeg` (TrailpackCore) in this module, so that hot loops inline it: the same
/// arithmetic, so the same values (a public function of another module is a call).
@inline(__always)
func lonDeltaDeg(_ lon: Double, from lon0: Double) -> Double {
    var d = lon - lon0
    if d >= 180 || d < -180 { d -= 360 * ((d + 180) / 360).rounded(.down) }
    return d
}
