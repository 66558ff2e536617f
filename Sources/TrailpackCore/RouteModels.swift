import Foundation

/// Kinds of route waypoints (SPEC `waypoints[].kind`).
public enum WaypointKind: String, Sendable, CaseIterable, Codable {
    case start, turn, junction, summit, poi, end
}

/// SPEC `waypoints[].dir` vocabulary.
public enum TurnDirection: String, Sendable, CaseIterable, Codable {
    case straight
    case slightLeft = "slight-left"
    case left
    case sharpLeft = "sharp-left"
    case slightRight = "slight-right"
    case right
    case sharpRight = "sharp-right"
    case uTurn = "u-turn"
}

/// One waypoint of a route file: `i` indexes the route's resampled `coords`.
public struct Waypoint: Equatable, Sendable {
    public var i: Int
    public var kind: WaypointKind
    public var name: String?
    public var instruction: String
    public var dir: TurnDirection?

    public init(i: Int, kind: WaypointKind, name: String? = nil, instruction: String, dir: TurnDirection? = nil) {
        self.i = i
        self.kind = kind
        self.name = name
        self.instruction = instruction
        self.dir = dir
    }
}

/// A point of interest: a summit, pond, trailhead, shelter...
public struct PointOfInterest: Equatable, Sendable {
    public var name: String
    public var kind: String
    public var location: LonLat
    /// Elevation from the region's DEM, metres (never from the input file).
    public var eleM: Double?

    public init(name: String, kind: String, location: LonLat, eleM: Double? = nil) {
        self.name = name
        self.kind = kind
        self.location = location
        self.eleM = eleM
    }
}

/// Another trail leaving a network node that the route passes, as guidance needs it.
public struct JunctionBranch: Equatable, Sendable {
    /// Bearing leaving the node along the branch, measured about 25 m out, degrees from north.
    public var bearingDeg: Double
    /// The branch trail's name; nil for an unnamed way.
    public var trailName: String?

    public init(bearingDeg: Double, trailName: String?) {
        self.bearingDeg = bearingDeg
        self.trailName = trailName
    }
}

/// A network node on the route where at least one other trail branches off.
public struct RouteJunction: Equatable, Sendable {
    /// Index into `RoutePath.coords` of the node.
    public var index: Int
    /// Trails leaving the node other than the route's incoming and outgoing ways.
    public var branches: [JunctionBranch]

    public init(index: Int, branches: [JunctionBranch]) {
        self.index = index
        self.branches = branches
    }
}

/// A route's cleaned geometry before resampling, with what is known of the network under it.
public struct RoutePath: Equatable, Sendable {
    /// Cleaned vertices, lon/lat.
    public var coords: [LonLat]
    /// For each segment `k -> k+1`, the name of the trail it follows (nil when unnamed);
    /// empty when the route is off the network.
    public var segmentTrailNames: [String?]
    /// Network nodes with other branches, in route order.
    public var junctions: [RouteJunction]
    /// True when the route was routed over (or matched to) the trail network.
    public var onNetwork: Bool
    /// For each segment, true where it leaves the trails: a straight leg between the network and
    /// a point off it (no trail, named or not); empty when no segment does.
    public var segmentOffTrail: [Bool]

    public init(coords: [LonLat], segmentTrailNames: [String?] = [], junctions: [RouteJunction] = [], onNetwork: Bool = false,
                segmentOffTrail: [Bool] = []) {
        self.coords = coords
        self.segmentTrailNames = segmentTrailNames
        self.junctions = junctions
        self.onNetwork = onNetwork
        self.segmentOffTrail = segmentOffTrail
    }

    /// Whether segment `s` (from vertex s to s + 1) leaves the trails.
    public func isOffTrail(segment s: Int) -> Bool { segmentOffTrail.indices.contains(s) && segmentOffTrail[s] }

    /// `segmentOffTrail` padded to one flag per segment (false beyond the given ones).
    public var offTrailFlags: [Bool] {
        (0..<max(0, coords.count - 1)).map { isOffTrail(segment: $0) }
    }
}

/// SPEC `stats` of a route.
public struct RouteStats: Equatable, Sendable {
    public var distanceM: Double
    public var ascentM: Double
    public var descentM: Double
    public var minEleM: Double
    public var maxEleM: Double
    public var durationS: Int

    public init(distanceM: Double, ascentM: Double, descentM: Double, minEleM: Double, maxEleM: Double, durationS: Int) {
        self.distanceM = distanceM
        self.ascentM = ascentM
        self.descentM = descentM
        self.minEleM = minEleM
        self.maxEleM = maxEleM
        self.durationS = durationS
    }
}
