import PackJSON
import PackSpec
import TrailpackCore

// routing.json (SPEC "routing.json"): the document's values, and its writer and reader.

/// A node of the network: a junction, a dead end, or a route's start, end or via point.
public struct RoutingNode: Equatable, Sendable {
    /// Position, lon/lat, 7 decimals.
    public var location: LonLat
    /// Region terrain at `location`, metres, one decimal.
    public var eleM: Double

    public init(location: LonLat, eleM: Double) {
        self.location = location
        self.eleM = eleM
    }
}

/// An edge: the stretch of one trail between two nodes, walkable per `timeS`.
public struct RoutingEdge: Equatable, Sendable {
    public var a: Int
    public var b: Int
    public var name: String?
    /// Index of the trail's feature in `trails.geojson`.
    public var trail: Int
    /// Vertices from `a` to `b`, lon/lat, at most 12 m apart.
    public var coords: [LonLat]
    /// Region terrain at each vertex, metres, one decimal.
    public var elevationsM: [Double]
    public var profile: EdgeProfile
    public var oneway: Bool
    public var steps: Bool
    public var sacScale: String?

    public init(a: Int, b: Int, name: String?, trail: Int, coords: [LonLat], elevationsM: [Double], profile: EdgeProfile,
                oneway: Bool = false, steps: Bool = false, sacScale: String? = nil) {
        self.a = a
        self.b = b
        self.name = name
        self.trail = trail
        self.coords = coords
        self.elevationsM = elevationsM
        self.profile = profile
        self.oneway = oneway
        self.steps = steps
        self.sacScale = sacScale
    }

    /// Seconds to walk the edge in `forward` (a to b) or the other direction; nil when forbidden.
    public func timeS(forward: Bool) -> Int? { forward ? profile.timeS[0] : profile.timeS[1] }
}

/// A route of the region on the network (SPEC `routing.json` `routes`).
public struct NetworkRouteEntry: Equatable, Sendable {
    public var id: String
    /// Edges in walking order.
    public var path: [PathStep]
    /// Route vertices at graph nodes: index into the route's `coords`, node index; ascending.
    public var nodes: [NodeVisit]

    public init(id: String, path: [PathStep], nodes: [NodeVisit]) {
        self.id = id
        self.path = path
        self.nodes = nodes
    }
}

/// A route vertex that lies at a graph node.
public struct NodeVisit: Equatable, Sendable {
    /// Index into the route's coords.
    public var i: Int
    public var node: Int

    public init(i: Int, node: Int) {
        self.i = i
        self.node = node
    }
}

/// The trail network a pack carries for rerouting (SPEC `routing.json`).
public struct RoutingNetwork: Equatable, Sendable {
    /// The hiking model of the edges' times (SPEC `rates`; the route stats' model).
    public var rates: HikingModel
    public var nodes: [RoutingNode]
    public var edges: [RoutingEdge]
    public var routes: [NetworkRouteEntry]

    public init(rates: HikingModel, nodes: [RoutingNode], edges: [RoutingEdge], routes: [NetworkRouteEntry] = []) {
        self.rates = rates
        self.nodes = nodes
        self.edges = edges
        self.routes = routes
    }

    /// Total length of the edges, metres.
    public var lengthM: Double { edges.reduce(0) { $0 + $1.profile.lengthM } }

    /// For each node, the steps leaving it (an edge from `a` forward, to `b` backward), in edge order.
    public func outgoingSteps() -> [[PathStep]] {
        var out = Array(repeating: [PathStep](), count: nodes.count)
        for (k, e) in edges.enumerated() {
            out[e.a].append(PathStep(edge: k, forward: true))
            out[e.b].append(PathStep(edge: k, forward: false))
        }
        return out
    }

    /// The node a step starts from.
    public func from(_ step: PathStep) -> Int { step.forward ? edges[step.edge].a : edges[step.edge].b }

    /// The node a step arrives at.
    public func to(_ step: PathStep) -> Int { step.forward ? edges[step.edge].b : edges[step.edge].a }

    /// The step's vertices in walking order.
    public func coords(_ step: PathStep) -> [LonLat] {
        step.forward ? edges[step.edge].coords : edges[step.edge].coords.reversed()
    }
}

/// Length, climb and walking times of one edge, as `routing.json` states them.
public struct EdgeProfile: Equatable, Sendable {
    /// Sum of the geodesic steps, metres, one decimal.
    public var lengthM: Double
    /// Counted rises and drops walking a to b, metres, one decimal (b to a swaps them).
    public var ascentM: Double
    public var descentM: Double
    /// Whole seconds a to b and b to a; nil for a direction that may not be walked.
    public var timeS: [Int?]

    public init(lengthM: Double, ascentM: Double, descentM: Double, timeS: [Int?]) {
        self.lengthM = lengthM
        self.ascentM = ascentM
        self.descentM = descentM
        self.timeS = timeS
    }
}
