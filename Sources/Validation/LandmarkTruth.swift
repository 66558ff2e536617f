import Landmarks
import PackJSON
import TrailpackCore

/// What a route's `landmarks` mean, checked over the pack's own terrain (terrain.bin and the
/// route's AR patch, as the SPEC's sightlines use them) and POIs: `route.landmark.sightline`
/// and `route.landmark.omitted` (`LandmarkSightRules`), `route.landmark.summit`
/// (`LandmarkSummitRules`). Entries too malformed to read are left to the form rules.
struct LandmarkTruth {
    let file: String
    let log: ProblemLog
    let coords: [LonLat]
    /// Each vertex's `ele`, metres.
    let elevationsM: [Double]
    let arGrid: TerrainGrid
    let region: LandmarkRegion

    /// Runs the meaning rules on the well-formed entries `listed` of the array `landmarks`;
    /// `listedNames` holds the name of every entry, well formed or not.
    func check(_ landmarks: JSONNode, listed: [ListedLandmark], listedNames: Set<String>) {
        let onTerrain = listed.filter { region.terrain.elevationM(at: $0.location) != nil }
        if let pois = region.pois {
            LandmarkSummitRules(file: file, log: log, terrain: region.terrain, landmarksNode: landmarks).check(onTerrain, pois: pois)
        }
        let candidates = region.pois.map {
            LandmarkCandidates.unlisted($0, listed: listed, listedNames: listedNames, terrain: region.terrain, recipe: region.recipe)
        } ?? []
        let sight = LineOfSight(region: region.surface, patch: TerrainSurface(arGrid))
        let route = SightRoute(coords: coords, elevationsM: elevationsM, sight: sight)
        LandmarkSightRules(file: file, log: log, route: route, landmarksNode: landmarks, recipeMaxDistanceM: region.recipe.landmarkMaxDistanceM)
            .check(onTerrain, candidates: candidates)
    }
}
