import Foundation
import Landmarks
import TrailpackCore

/// One route, fully processed and ready to be written.
public struct BuiltRoute: Sendable {
    public var id: String
    public var name: String
    public var blurb: String
    /// Resampled vertices, rounded to 7 decimals.
    public var coords: [LonLat]
    /// Elevation per vertex from the AR patch, metres, one decimal.
    public var elevationsM: [Double]
    /// Cumulative geodesic distance per vertex, metres, one decimal.
    public var cumM: [Double]
    public var waypoints: [Waypoint]
    /// The landmarks the route sees (SPEC order).
    public var landmarks: [LandmarkSighting]
    public var stats: RouteStats
    public var arPatch: TerrainGrid
    /// Nominal ground spacing of the AR patch, metres.
    public var arResolutionM: Double
    /// Trail names along the route in order (repeats collapsed); empty off the network.
    public var trailNames: [String?]
    /// How much of the route runs over filled DEM voids on its AR patch (the build's note,
    /// warning or refusal; not written into the pack).
    var filledStretches = VoidFiller.FilledStretches.none
}
