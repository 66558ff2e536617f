import PackReader
import TrailpackCore

/// Why `trailpack route` cannot answer. Every case names the argument or file at fault.
public enum RerouteError: Error, Sendable, CustomStringConvertible {
    /// A pack file is missing or not what the SPEC says.
    case pack(PackReadError)
    /// The region was built without trails, so it has no `routing.json`.
    case noNetwork(region: String)
    /// An argument names a point, index or route that cannot be used.
    case argument(name: String, message: String)
    /// The point given as `argument` lies farther than the limit from every trail.
    case offNetwork(argument: String, location: LonLat, nearestM: Double, bearing: String, nearest: LonLat,
                    trail: String?, limitM: Double)
    /// No walkable path joins two points.
    case unreachable(from: String, to: String)

    public var description: String {
        switch self {
        case .pack(let e): return e.description
        case .noNetwork(let region):
            return "\(region): the region has no routing.json (it was built without trails, or by a trailpack before 0.2); rebuild it with trails"
        case .argument(let name, let message): return "\(name): \(message)"
        case let .offNetwork(argument, location, nearestM, bearing, nearest, trail, limitM):
            return "\(argument) \(Self.format(location)) is \(Int(nearestM.rounded())) m from the nearest trail"
                + " (\(trail ?? "an unnamed trail"), \(bearing) at \(Self.format(nearest))), more than \(Int(limitM)) m:"
                + " walk \(bearing) toward it, or route from a point closer to a trail"
        case .unreachable(let from, let to):
            return "no walkable path over the trails from \(from) to \(to) (the network is not connected there, or one-way trails, oneway:foot, run the other way)"
        }
    }

    static func format(_ p: LonLat) -> String { "\(p.lon),\(p.lat)" }
}
