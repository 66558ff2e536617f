import Landmarks
import PackSpec
import TrailpackCore

/// A POI the builder would have offered as a landmark (LandmarkCatalog), at the point and
/// elevation it would have used.
struct LandmarkCandidate: Sendable {
    var name: String
    var kind: String
    /// Its top: the POI's point, or for a summit/peak the highest terrain.bin sample within
    /// 100 m, rounded to 7 decimals like the builder's.
    var location: LonLat
    /// terrain.bin's bilinear sample there, one decimal, metres.
    var eleM: Double
    /// True when an entry of the same name is listed, but farther than 100.5 m from the POI.
    var nameListedElsewhere = false
}

/// The candidates `route.landmark.omitted` looks for. Only what the pack records: the POIs of
/// pois.geojson except access points (`LandmarkOptions.accessKinds`; a recipe's `include` may
/// bring one back, and a listed one is simply listed) and except POIs off terrain.bin. Summits
/// the builder finds in the DEM are not candidates here: whether it looks for them
/// (`demSummits`) and how prominent they must be (`minProminenceM`) are recipe settings the pack
/// does not record. Neither are `landmarks.exclude` and `include`: without `--recipes` a POI a
/// recipe excludes by name looks omitted (docs/VALIDATION.md); with it, they are honoured.
enum LandmarkCandidates {
    /// A listed landmark "is" a POI when it has its name and stands within this distance of it,
    /// metres: the SPEC's 100 m summit move plus 0.5 m for rounding.
    static let sameLandmarkM = PackLimits.summitMoveM + 0.5

    /// The candidates among `pois` that no entry of `listed` (or `listedNames`, entries too
    /// malformed to check) stands for.
    static func unlisted(_ pois: [RegionPOI], listed: [ListedLandmark], listedNames: Set<String>, terrain: TerrainGrid,
                         recipe: RegionExpectations = RegionExpectations()) -> [LandmarkCandidate] {
        pois.compactMap { poi in
            guard !LandmarkOptions.accessKinds.contains(poi.kind.lowercased()) || recipe.landmarkIncludePOIs.contains(poi.name),
                  !recipe.landmarkExclude.contains(poi.name) else { return nil }
            let isListed = listed.contains { $0.name == poi.name && Geodesic.distanceM($0.location, poi.location) <= sameLandmarkM }
            guard !isListed, !malformedEntryNamed(poi.name, listed: listed, listedNames: listedNames) else { return nil }
            var found = candidate(poi, terrain: terrain)
            found?.nameListedElsewhere = listedNames.contains(poi.name) || listed.contains { $0.name == poi.name }
            return found
        }
    }

    /// True when an entry that could not be checked carries `name`.
    private static func malformedEntryNamed(_ name: String, listed: [ListedLandmark], listedNames: Set<String>) -> Bool {
        listedNames.contains(name) && !listed.contains { $0.name == name }
    }

    /// Where and how high LandmarkCatalog puts `poi`; nil off terrain.bin.
    static func candidate(_ poi: RegionPOI, terrain: TerrainGrid) -> LandmarkCandidate? {
        var location = poi.location
        if poi.isSummit, let top = LandmarkCatalog.highestSample(near: location, withinM: LandmarkOptions.summitSnapM, in: terrain) {
            location = top
        }
        location = location.rounded7
        guard let eleM = terrain.elevationM(at: location) else { return nil }
        return LandmarkCandidate(name: poi.name, kind: poi.kind, location: location, eleM: (eleM * 10).rounded() / 10)
    }
}
