import Foundation
import TrailpackCore

/// Whether the terrain around a route vertex is a high point, and the POI kinds that name one
/// (probe thresholds: `GuidanceTuning.Summits`).
public enum TerrainSummitCheck {
    /// POI kinds that may name a summit (compared case-insensitively).
    public static let summitKinds: Set<String> = ["summit", "peak", "mountain", "hill", "top", "volcano", "dome", "knob", "butte"]

    /// True when `kind` names a summit-like feature.
    public static func isSummitKind(_ kind: String) -> Bool { summitKinds.contains(kind.lowercased()) }

    /// Bearing of probe `k` of `directions`, evenly clockwise from north, degrees.
    static func probeBearingDeg(_ k: Int, of directions: Int) -> Double {
        Double(k) * Compass.fullTurnDeg / Double(directions)
    }

    /// Ground elevation at `p` and at the `probeDirections` probes `probeM` around it, from
    /// `terrain` (the SPEC's bilinear sampler), metres; a probe outside the grid is nil.
    public static func probes(around p: LonLat, on terrain: TerrainGrid,
                              tuning: GuidanceTuning) -> (centreM: Double, ringM: [Double?])? {
        guard let centre = terrain.elevationM(at: p) else { return nil }
        let t = tuning.summits
        let ring = (0..<t.probeDirections).map { k in
            terrain.elevationM(at: Geodesic.destination(from: p, bearingDeg: probeBearingDeg(k, of: t.probeDirections), distanceM: t.probeM))
        }
        return (centre, ring)
    }

    /// Number of probes higher than the ground at `p` (a probe outside the grid counts as
    /// higher: unconfirmed); nil when `p` itself is outside the grid.
    public static func higherDirections(around p: LonLat, on terrain: TerrainGrid, tuning: GuidanceTuning) -> Int? {
        guard let (centre, ring) = probes(around: p, on: terrain, tuning: tuning) else { return nil }
        return ring.count { ($0 ?? .infinity) > centre }
    }

    /// True when the terrain confirms a high point at `p`: at most `maxHigherDirections` of the
    /// probes around it are higher than the ground at `p`.
    public static func isHighPoint(_ p: LonLat, on terrain: TerrainGrid, tuning: GuidanceTuning) -> Bool {
        guard let higher = higherDirections(around: p, on: terrain, tuning: tuning) else { return false }
        return higher <= tuning.summits.maxHigherDirections
    }

    /// True when the terrain at `p` is a col the route crosses: the probes within
    /// `colAlongWithinDeg` of the way in (backwards) and of the way out are all lower than `p`,
    /// while higher ground lies both to the left and to the right of the route.
    public static func isCol(_ p: LonLat, inBearingDeg: Double, outBearingDeg: Double, on terrain: TerrainGrid,
                             tuning: GuidanceTuning) -> Bool {
        guard let (centre, ring) = probes(around: p, on: terrain, tuning: tuning) else { return false }
        let back = inBearingDeg + Compass.halfTurnDeg
        let alongDeg = tuning.summits.colAlongWithinDeg
        var left = false, right = false
        for (k, e) in ring.enumerated() {
            let bearing = probeBearingDeg(k, of: ring.count)
            let higher = (e ?? .infinity) > centre
            let offBack = Deviation.signedDeg(from: back, to: bearing), offOut = Deviation.signedDeg(from: outBearingDeg, to: bearing)
            if abs(offBack) <= alongDeg || abs(offOut) <= alongDeg {
                if higher { return false }
                continue
            }
            guard higher else { continue }
            // Left of the route: counter-clockwise from the way out towards the way back.
            if offOut < 0 { left = true } else { right = true }
        }
        return left && right
    }
}
