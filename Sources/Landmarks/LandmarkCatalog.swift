import Foundation
import PackSpec
import TrailpackCore

/// Which landmarks a region offers (the recipe's `landmarks` key).
public struct LandmarkOptions: Sendable, Equatable {
    /// Sightlines longer than this are not considered, metres (at most 25 km).
    public var maxDistanceM = 25_000.0
    /// Summits found in the DEM need at least this prominence, metres.
    public var minProminenceM = 100.0
    /// Whether prominent summits found in the DEM are landmarks.
    public var demSummits = true
    /// Extra landmarks: POIs named here even when their kind is an access point, and inline points.
    public var include: [Inclusion] = []
    /// Names of landmarks (POIs or DEM summit labels) left out.
    public var exclude: [String] = []

    public enum Inclusion: Sendable, Equatable {
        /// A POI of the region, by name (brings back an access point).
        case poi(String)
        /// A landmark that is not among the region's POIs.
        case point(name: String, kind: String, location: LonLat)
    }

    public init() {}

    /// POI kinds that are no landmarks (compared lower-cased): access points, and the sign posts
    /// at junctions (`junction`, `signpost`, `guidepost`: a hiker looks for them on the trail, not
    /// on the horizon).
    public static let accessKinds: Set<String> = [
        "trailhead", "parking", "car-park", "car_park", "parking-lot", "bus-stop", "bus_stop", "station", "access", "gate", "entrance",
        "junction", "signpost", "guidepost",
    ]
    /// POI kinds treated as summits (moved to the highest sample within `summitSnapM`).
    public static let summitKinds: Set<String> = ["summit", "peak"]
    /// How far a named summit's point may move to the highest terrain sample, metres (SPEC).
    public static let summitSnapM = PackLimits.summitMoveM
    /// A DEM summit within this distance of a summit POI takes the POI's name (and is that landmark), metres.
    public static let summitNamingM = 250.0
}

/// The region's landmark candidates: its named POIs except access points, plus prominent summits
/// found in the DEM, named from a summit POI nearby or else by elevation in `MetresFormat`'s form ("Summit 1,181 m").
public enum LandmarkCatalog {
    /// Candidates sorted by name, then position. POIs outside `grid` are skipped.
    public static func landmarks(pois: [PointOfInterest], grid: TerrainGrid, options: LandmarkOptions) -> [Landmark] {
        let excluded = Set(options.exclude)
        var namedPOIs: Set<String> = []
        var extra: [PointOfInterest] = []
        for inc in options.include {
            switch inc {
            case .poi(let name): namedPOIs.insert(name)
            case .point(let name, let kind, let location): extra.append(PointOfInterest(name: name, kind: kind, location: location))
            }
        }
        var out: [Landmark] = []
        for p in pois + extra where !excluded.contains(p.name) {
            let access = LandmarkOptions.accessKinds.contains(p.kind.lowercased())
            guard !access || namedPOIs.contains(p.name) else { continue }
            var location = p.location
            if LandmarkOptions.summitKinds.contains(p.kind.lowercased()),
               let top = highestSample(near: p.location, withinM: LandmarkOptions.summitSnapM, in: grid) {
                location = top
            }
            if let l = landmark(name: p.name, kind: p.kind, at: location, grid: grid) { out.append(l) }
        }
        if options.demSummits {
            for s in SummitFinder.summits(in: grid, minProminenceM: options.minProminenceM) {
                let location = LonLat(grid.lon(column: Double(s.column)), grid.lat(row: Double(s.row))).rounded7
                if let k = out.indices.first(where: {
                    LandmarkOptions.summitKinds.contains(out[$0].kind.lowercased())
                        && shortDistanceM(out[$0].location, location) <= LandmarkOptions.summitNamingM
                }) {
                    out[k].prominenceM = max(out[k].prominenceM ?? 0, s.prominenceM)
                    continue
                }
                let name = MetresFormat.labelled("Summit", eleM: s.eleM)
                guard !excluded.contains(name),
                      var l = landmark(name: name, kind: "summit", at: location, grid: grid) else { continue }
                l.prominenceM = s.prominenceM
                out.append(l)
            }
        }
        out.sort { ($0.name, $0.location.lon, $0.location.lat) < ($1.name, $1.location.lon, $1.location.lat) }
        // Two DEM summits of the same elevation: the later ones (west to east) are numbered,
        // "Summit 1,742 m (2)", so every label names one place.
        var seen: [String: Int] = [:]
        for k in out.indices where out[k].prominenceM != nil && out[k].kind == "summit" && out[k].name.hasPrefix("Summit ") {
            let base = out[k].name
            seen[base, default: 0] += 1
            if seen[base]! > 1 { out[k].name = "\(base) (\(seen[base]!))" }
        }
        return out
    }

    static func landmark(name: String, kind: String, at p: LonLat, grid: TerrainGrid) -> Landmark? {
        let location = p.rounded7
        guard let ele = grid.elevationM(at: location) else { return nil }
        return Landmark(name: name, kind: kind, location: location, eleM: (ele * 10).rounded() / 10)
    }

    /// The highest grid sample within `withinM` metres of `p` (ties: the nearest, then the first
    /// in row-major order); nil when `p` is off the grid.
    public static func highestSample(near p: LonLat, withinM: Double, in grid: TerrainGrid) -> LonLat? {
        guard grid.elevationM(at: p) != nil else { return nil }
        let (c, r) = grid.gridPosition(of: p)
        let metric = LocalMetric(latDeg: p.lat)
        let colM = (grid.bounds.east - grid.bounds.west) / Double(grid.width - 1) * metric.mPerDegLon
        let rowM = abs(grid.lat(row: r) - grid.lat(row: r + 1)) * metric.mPerDegLat
        let dc = Int((withinM / colM).rounded(.up)) + 1, dr = Int((withinM / rowM).rounded(.up)) + 1
        var best: (z: Int16, d: Double, at: LonLat)?
        for rr in max(0, Int(r) - dr)...min(grid.height - 1, Int(r) + dr + 1) {
            for cc in max(0, Int(c) - dc)...min(grid.width - 1, Int(c) + dc + 1) {
                let q = LonLat(grid.lon(column: Double(cc)), grid.lat(row: Double(rr)))
                let d = shortDistanceM(p, q)
                guard d <= withinM - 0.05 else { continue }  // still within after rounding to 7 decimals
                let z = grid[column: cc, row: rr]
                if best == nil || z > best!.z || (z == best!.z && d < best!.d) { best = (z, d, q) }
            }
        }
        return best?.at ?? p
    }
}
