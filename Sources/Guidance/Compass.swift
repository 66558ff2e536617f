/// Eight-point compass names for bearings, and the units of a turn in degrees.
public enum Compass {
    /// The eight directions, clockwise from north.
    public static let points8 = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
    /// A full turn, degrees.
    public static let fullTurnDeg = 360.0
    /// Half a turn (the way back), degrees.
    public static let halfTurnDeg = 180.0
    /// A quarter turn (square to the way), degrees.
    public static let rightAngleDeg = 90.0

    /// The 8-point compass name of a bearing in degrees clockwise from north (any range): each
    /// point covers 45°, centred on it, so north is [337.5, 22.5) and northeast [22.5, 67.5).
    public static func point8(bearingDeg: Double) -> String {
        var b = bearingDeg.truncatingRemainder(dividingBy: fullTurnDeg)
        if b < 0 { b += fullTurnDeg }
        let sectorDeg = fullTurnDeg / Double(points8.count)
        let sector = Int(((b + sectorDeg / 2) / sectorDeg).rounded(.down)) % points8.count
        return points8[sector]
    }
}
