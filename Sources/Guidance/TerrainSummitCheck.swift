import Foundation
import TrailpackCore

/// Whether the terrain around a route vertex is a high point, and the POI kinds that name one.
public enum TerrainSummitCheck {
    /// Directions probed around the vertex (every 10 degrees from north).
    public static let directions = 36
    /// Distance of the probes from the vertex, metres.
    public static let probeM = 100.0
    /// A summit has at most this many probes higher than the vertex's ground.
    public static let maxHigherDirections = 3
    /// POI kinds that may name a summit (compared case-insensitively).
    public static let summitKinds: Set<String> = ["summit", "peak", "mountain", "hill", "top", "volcano", "dome", "knob", "butte"]

    /// True when `kind` names a summit-like feature.
    public static func isSummitKind(_ kind: String) -> Bool { summitKinds.contains(kind.lowercased()) }

    /// Ground elevation at `p` and at the 36 probes 100 m around it, from `terrain` (the SPEC's
    /// bilinear sampler); a probe outside the grid is nil.
    public static func probes(around p: LonLat, on terrain: TerrainGrid) -> (centreM: Double, ringM: [Double?])? {
        guard let centre = terrain.elevationM(at: p) else { return nil }
        let ring = (0..<directions).map { k in
            terrain.elevationM(at: Geodesic.destination(from: p, bearingDeg: Double(k) * 360 / Double(directions), distanceM: probeM))
        }
        return (centre, ring)
    }

    /// Number of probes higher than the ground at `p` (a probe outside the grid counts as
    /// higher: unconfirmed); nil when `p` itself is outside the grid.
    public static func higherDirections(around p: LonLat, on terrain: TerrainGrid) -> Int? {
        guard let (centre, ring) = probes(around: p, on: terrain) else { return nil }
        return ring.count { ($0 ?? .infinity) > centre }
    }

    /// True when the terrain confirms a high point at `p`: at most `maxHigherDirections` of the
    /// 36 probes 100 m around it are higher than the ground at `p`.
    public static func isHighPoint(_ p: LonLat, on terrain: TerrainGrid) -> Bool {
        guard let higher = higherDirections(around: p, on: terrain) else { return false }
        return higher <= maxHigherDirections
    }

    /// True when the terrain at `p` is a col the route crosses: the probes within 45 degrees of
    /// the way in (backwards) and the way out are all lower than `p`, while higher ground lies
    /// both to the left and to the right of the route.
    public static func isCol(_ p: LonLat, inBearingDeg: Double, outBearingDeg: Double, on terrain: TerrainGrid) -> Bool {
        guard let (centre, ring) = probes(around: p, on: terrain) else { return false }
        let back = inBearingDeg + 180
        var left = false, right = false
        for (k, e) in ring.enumerated() {
            let bearing = Double(k) * 360 / Double(directions)
            let higher = (e ?? .infinity) > centre
            let offBack = Deviation.signedDeg(from: back, to: bearing), offOut = Deviation.signedDeg(from: outBearingDeg, to: bearing)
            if abs(offBack) <= 45 || abs(offOut) <= 45 {
                if higher { return false }
                continue
            }
            guard higher else { continue }
            // Left of the route: counter-clockwise from the way out towards the way back.
            if Deviation.signedDeg(from: outBearingDeg, to: bearing) < 0 { left = true } else { right = true }
        }
        return left && right
    }
}
