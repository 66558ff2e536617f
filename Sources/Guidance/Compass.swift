/// Eight-point compass names for bearings.
public enum Compass {
    /// The eight directions, clockwise from north.
    public static let points8 = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]

    /// The 8-point compass name of a bearing in degrees clockwise from north (any range): each
    /// point covers 45°, centred on it, so north is [337.5, 22.5) and northeast [22.5, 67.5).
    public static func point8(bearingDeg: Double) -> String {
        var b = bearingDeg.truncatingRemainder(dividingBy: 360)
        if b < 0 { b += 360 }
        let sector = Int(((b + 22.5) / 45).rounded(.down)) % 8
        return points8[sector]
    }
}
