import TrailpackCore

/// How far a route's own `ele` lies from the ground under it (its AR patch, the SPEC's sampler):
/// the 3D page lifts the ribbon `toleranceM` above `ele`, so a route sunk by more would vanish
/// under the mesh and one floating by more would hang in the air. Over the tolerance it is
/// reported (the preview's index page and the 3D page name the vertex), never hidden.
public struct FlyoverRouteGround: Sendable, Equatable {
    /// The SPEC's tolerance between `ele` and the AR patch, metres; the ribbon's lift.
    public static let toleranceM = 1.0

    /// The deepest the route lies under the ground, metres (ground - ele; 0 when never under).
    public var sunkM = 0.0
    public var sunkIndex = 0
    /// The highest the route lies over the ground, metres (ele - ground; 0 when never over).
    public var floatingM = 0.0
    public var floatingIndex = 0
    /// Vertices further than `toleranceM` from the ground; vertices off the patch not counted.
    public var verticesOver = 0

    public init() {}

    /// The measure of a route's `coords` and `elevationsM` against `patch`.
    public static func measure(coords: [LonLat], elevationsM: [Double], patch: TerrainGrid) -> FlyoverRouteGround {
        var out = FlyoverRouteGround()
        for (i, (p, ele)) in zip(coords, elevationsM).enumerated() {
            guard let g = patch.elevationM(at: p) else { continue }
            if g - ele > out.sunkM { (out.sunkM, out.sunkIndex) = (g - ele, i) }
            if ele - g > out.floatingM { (out.floatingM, out.floatingIndex) = (ele - g, i) }
            if abs(ele - g) > toleranceM { out.verticesOver += 1 }
        }
        return out
    }

    /// What an author reads when the route leaves the tolerance; nil within it.
    public var message: String? {
        guard verticesOver > 0 else { return nil }
        var parts: [String] = []
        if sunkM > Self.toleranceM { parts.append("sunk \(Self.decimetres(sunkM)) m under its AR patch at vertex \(sunkIndex)") }
        if floatingM > Self.toleranceM { parts.append("floating \(Self.decimetres(floatingM)) m over it at vertex \(floatingIndex)") }
        return "the route's ele is " + parts.joined(separator: " and ") + " (\(verticesOver) vertices beyond the "
            + "\(Self.decimetres(Self.toleranceM)) m the SPEC allows and the 3D ribbon's lift hides)"
    }

    static func decimetres(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
