import TrailpackCore

/// Walking a line by geodesic distance: the one way the graph, the network and its assembler
/// find a point some metres along an edge (branch bearings, probes, an edge's middle).
public enum LineWalk {
    /// The point `distanceM` (> 0) along `coords`, with its segment and the fraction along it;
    /// nil when the line is shorter.
    public static func position(_ coords: [LonLat], atM distanceM: Double) -> (seg: Int, t: Double, point: LonLat)? {
        var walkedM = 0.0
        for k in coords.indices.dropFirst() {
            let stepM = Geodesic.distanceM(coords[k - 1], coords[k])
            if walkedM + stepM >= distanceM, stepM > 0 {
                let t = (distanceM - walkedM) / stepM
                return (k - 1, t, Geodesic.interpolate(coords[k - 1], coords[k], fraction: t))
            }
            walkedM += stepM
        }
        return nil
    }

    /// The point `distanceM` along `coords`, or its last vertex when the line is shorter.
    public static func point(_ coords: [LonLat], atM distanceM: Double) -> LonLat {
        position(coords, atM: distanceM)?.point ?? coords[coords.count - 1]
    }

    /// Bearing (degrees, [0, 360)) from a line's first vertex to its point `distanceM` along.
    public static func bearingDeg(_ coords: [LonLat], atM distanceM: Double) -> Double {
        Geodesic.bearingDeg(coords[0], point(coords, atM: distanceM))
    }

    /// Distance (metres) along a branch at which its bearing is measured.
    public static let branchBearingDistanceM = 25.0

    /// The branches leaving a node along `lines` (each line from the node outward, with its
    /// trail's name): bearings `branchBearingDistanceM` out, sorted by bearing, then name. The
    /// junctions of the trail graph and of the network a pack carries alike.
    public static func branches(_ lines: [(coords: [LonLat], name: String?)]) -> [JunctionBranch] {
        lines.map { JunctionBranch(bearingDeg: bearingDeg($0.coords, atM: branchBearingDistanceM), trailName: $0.name) }
            .sorted { l, r in l.bearingDeg != r.bearingDeg ? l.bearingDeg < r.bearingDeg : (l.trailName ?? "") < (r.trailName ?? "") }
    }

    /// The branches along `steps` (those leaving a node) but `used` (a path's ways in, reversed,
    /// and out), each step's line from `coords`, its trail's name from `name`: the one junction
    /// reading of the trail graph and of the network a pack carries.
    public static func branches(leaving steps: [PathStep], excluding used: Set<PathStep>, coords: (PathStep) -> [LonLat],
                                name: (PathStep) -> String?) -> [JunctionBranch] {
        branches(steps.filter { !used.contains($0) }.map { (coords($0), name($0)) })
    }
}
