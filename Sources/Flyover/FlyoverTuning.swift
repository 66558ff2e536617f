/// The flyover camera's settings: where the chase camera sits, how much it smooths, and the
/// clearances it keeps above the ground. docs/FORMAT.md's "Flyover" section lists them.
public struct FlyoverTuning: Sendable, Equatable {
    /// Distance between keyframes along the route, metres (the last keyframe is the route's end).
    public var stepM = 10.0
    /// Horizontal distance of the camera behind the walker, metres.
    public var backM = 160.0
    /// Height of the camera above the walker before clearance raises it, metres.
    public var aboveM = 70.0
    /// How far ahead along the route the camera looks, metres.
    public var lookAheadM = 80.0
    /// Half-width of the moving windows that smooth the heading, the target and the camera's
    /// height, metres along the route.
    public var smoothingM = 120.0
    /// Vertical field of view, degrees.
    public var fovDeg = 50.0
    /// The walker stays within this share of the half field of view from the view's centre: where
    /// looking `lookAheadM` ahead would put it nearer the frame's edge (a camera raised over steep
    /// ground), the target is drawn back toward the walker.
    public var walkerInViewShare = 0.6
    /// The view's centre is at most this far below the horizontal, degrees, so the horizon stays
    /// in the frame (at least `fovDeg / 2 - maxPitchDeg` below its top edge), unless that would put
    /// the walker more than `walkerEdgeShare` of the half field of view from the centre.
    public var maxPitchDeg = 14.0
    /// How far off the view's centre the pitch limit may move the walker: a share of the half
    /// field of view.
    public var walkerEdgeShare = 0.85
    /// The camera is at least this far above the ground at every frame a player interpolates:
    /// keyframes and every `frameSubstepM` between them.
    public var cameraClearanceM = 30.0
    /// The sight line from the camera to the walker (`walkerHeightM` above the route's `ele`)
    /// is at least this far above the ground, except within `sightRampM` of the walker where the
    /// clearance it keeps falls linearly to zero (the walker stands on the ground).
    public var sightClearanceM = 10.0
    /// Horizontal distance from the walker over which the sight line's clearance ramps up, metres.
    public var sightRampM = 40.0
    /// Height of the walker's marker (the sight line's end) above the route's `ele`, metres.
    public var walkerHeightM = 2.0
    /// Horizontal spacing of the samples along a sight line, metres.
    public var sightSampleM = 1.0
    /// Spacing along the route of the interpolated frames between keyframes whose clearances
    /// the keyframes' heights are raised for, metres.
    public var frameSubstepM = 1.0

    public init() {}

    /// The settings trailpack writes flyovers with.
    public static let standard = FlyoverTuning()
}
