import TrailpackCore

/// A route laid into a `FlyoverFrame`: its vertices in frame metres with their `ele` and
/// `cum`, and the walker's place at any distance along it (linear between vertices).
public struct FlyoverRoute: Sendable {
    public let points: [FlyoverClearance.Point3]
    public let cumM: [Double]

    /// - Precondition: `coords`, `elevationsM` and `cumM` have the same, non-zero count and `cumM`
    ///   ascends.
    public init(coords: [LonLat], elevationsM: [Double], cumM: [Double], frame: FlyoverFrame) {
        precondition(!coords.isEmpty && coords.count == elevationsM.count && coords.count == cumM.count)
        points = zip(coords, elevationsM).map { p, e in
            let q = frame.point(p)
            return FlyoverClearance.Point3(x: q.x, z: q.z, eleM: e)
        }
        self.cumM = cumM
    }

    public var lengthM: Double { cumM.last ?? 0 }

    /// The walker at `distanceM` along the route (clamped to its ends), on the route's `ele`.
    public func walker(atM distanceM: Double) -> FlyoverClearance.Point3 {
        let d = min(max(distanceM, 0), lengthM)
        let k = AlongLine.vertex(atOrAfterM: d, cumM: cumM)
        guard k > 0 else { return points[0] }
        let a = points[k - 1], b = points[k]
        let span = cumM[k] - cumM[k - 1]
        let t = span > 0 ? (d - cumM[k - 1]) / span : 1
        return .init(x: a.x + (b.x - a.x) * t, z: a.z + (b.z - a.z) * t, eleM: a.eleM + (b.eleM - a.eleM) * t)
    }
}
