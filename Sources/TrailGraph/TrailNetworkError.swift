import TrailpackCore

/// A problem in the input lines that stops the network from being built.
public enum TrailNetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Line `lineId` has a non-finite or out-of-range coordinate at vertex `index`.
    case invalidCoordinate(lineId: String, index: Int)

    public var description: String {
        switch self {
        case let .invalidCoordinate(lineId, index):
            return "trail line \(lineId): vertex \(index) is not a valid lon/lat coordinate"
        }
    }
}

/// Why a route over the network could not be found.
public enum RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A route needs at least two via points; `count` were given.
    case tooFewVias(count: Int)
    /// Via `label` has a non-finite or out-of-range coordinate.
    case invalidVia(label: String, location: LonLat)
    /// The network has no edges to route over.
    case emptyNetwork
    /// Via `label` at `location` is `distanceM` metres from the nearest network point `nearest`,
    /// farther than the allowed `maxDistanceM`.
    case viaOffNetwork(label: String, location: LonLat, nearest: LonLat, distanceM: Double, maxDistanceM: Double)
    /// No path over the network joins via `fromLabel` to via `toLabel`.
    case unreachable(fromLabel: String, toLabel: String)

    public var description: String {
        switch self {
        case let .tooFewVias(count):
            return "a route needs at least 2 via points, got \(count)"
        case let .invalidVia(label, location):
            return "via '\(label)' has an invalid coordinate \(location)"
        case .emptyNetwork:
            return "the trail network is empty"
        case let .viaOffNetwork(label, location, nearest, distanceM, maxDistanceM):
            return "via '\(label)' at \(location) is \(Int(distanceM.rounded())) m from the nearest trail point "
                + "\(nearest), more than \(Int(maxDistanceM.rounded())) m"
        case let .unreachable(fromLabel, toLabel):
            return "no trail connects via '\(fromLabel)' to via '\(toLabel)'"
        }
    }
}
