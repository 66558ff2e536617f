import TrailpackCore

/// The result of routing over the network.
public struct RoutedPath: Equatable, Sendable {
    /// The path: snapped first via to snapped last via, `onNetwork == true`, with junctions.
    public var path: RoutePath
    /// Trail names along the path in order, consecutive repeats collapsed (nil for unnamed ways).
    public var trailNames: [String?]
    /// Geodesic length of `path.coords` in metres.
    public var lengthM: Double
    /// For each via point, the index into `path.coords` of its snapped position.
    public var viaIndices: [Int]
    /// For each via point, the geodesic distance in metres from the via to its snapped position.
    public var viaSnapDistancesM: [Double]

    public init(path: RoutePath, trailNames: [String?], lengthM: Double, viaIndices: [Int], viaSnapDistancesM: [Double]) {
        self.path = path
        self.trailNames = trailNames
        self.lengthM = lengthM
        self.viaIndices = viaIndices
        self.viaSnapDistancesM = viaSnapDistancesM
    }

    /// `names` with consecutive equal entries collapsed into one.
    public static func collapsingRepeats(_ names: [String?]) -> [String?] {
        var out: [String?] = []
        for name in names where out.isEmpty || out[out.count - 1] != name { out.append(name) }
        return out
    }
}
