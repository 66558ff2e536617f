import TrailpackCore

/// Angle arithmetic and the SPEC `dir` classes of a change of direction.
///
/// A *deviation* is the signed change from straight ahead in degrees, in (-180, 180]:
/// positive is to the right (clockwise), negative to the left.
public enum Deviation {
    /// Below this many degrees a change of direction is straight ahead.
    public static let straightBelowDeg = 20.0
    /// From `straightBelowDeg` up to this many degrees a change is slight.
    public static let slightBelowDeg = 45.0
    /// Up to this many degrees a change is a plain turn.
    public static let turnBelowDeg = 120.0
    /// Up to this many degrees a change is sharp; from here on it is a U-turn.
    public static let sharpBelowDeg = 160.0
    /// A full turn, degrees: bearings are the same modulo this.
    public static let fullTurnDeg = 360.0
    /// Half a turn, degrees: the largest deviation.
    public static let halfTurnDeg = 180.0

    /// The signed change in degrees, in (-180, 180], from bearing `fromDeg` to bearing `toDeg`
    /// (both degrees clockwise from north, any range).
    public static func signedDeg(from fromDeg: Double, to toDeg: Double) -> Double {
        var d = (toDeg - fromDeg).truncatingRemainder(dividingBy: fullTurnDeg)
        if d <= -halfTurnDeg { d += fullTurnDeg }
        if d > halfTurnDeg { d -= fullTurnDeg }
        return d
    }

    /// The SPEC `dir` of a deviation in degrees: below 20° straight, 20–45° slight,
    /// 45–120° a turn, 120–160° sharp, 160° and more a U-turn; the sign picks the side.
    public static func direction(forDeviationDeg deviationDeg: Double) -> TurnDirection {
        let a = abs(deviationDeg)
        let right = deviationDeg > 0
        if a < straightBelowDeg { return .straight }
        if a < slightBelowDeg { return right ? .slightRight : .slightLeft }
        if a < turnBelowDeg { return right ? .right : .left }
        if a < sharpBelowDeg { return right ? .sharpRight : .sharpLeft }
        return .uTurn
    }

    /// The imperative for a turn away from a junction: "Bear left", "Turn left",
    /// "Turn sharp left", "Make a U-turn", "Continue straight".
    public static func turnVerb(_ dir: TurnDirection) -> String {
        switch dir {
        case .straight: "Continue straight"
        case .slightLeft: "Bear left"
        case .slightRight: "Bear right"
        case .left: "Turn left"
        case .right: "Turn right"
        case .sharpLeft: "Turn sharp left"
        case .sharpRight: "Turn sharp right"
        case .uTurn: "Make a U-turn"
        }
    }

    /// The imperative at a junction: as `turnVerb`, except slight changes read "Keep left" /
    /// "Keep right" (a junction sign, not a bend in the path).
    public static func junctionVerb(_ dir: TurnDirection) -> String {
        switch dir {
        case .slightLeft: "Keep left"
        case .slightRight: "Keep right"
        default: turnVerb(dir)
        }
    }
}
