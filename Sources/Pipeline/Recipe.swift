import Foundation
import Landmarks
import PackSpec
import TrailpackCore

/// One region's build instructions, as read from a recipe file. Paths are absolute (resolved
/// against the recipe's folder). Every default is documented in `Recipes/README.md`.
public struct Recipe: Sendable {
    public var path: String
    public var id: String
    public var name: String
    public var attribution: [String]
    /// The region's extent; nil to derive it from the routes and trails plus `bboxMarginM`.
    public var bbox: BBox?
    public var bboxMarginM: Double = 1000
    /// DEM sources in priority order (the first wins where they overlap).
    public var dem: [String]
    /// Vertical units set in the recipe per DEM source (by resolved path), overriding the band's.
    public var demVerticalUnits: [String: VerticalUnit] = [:]
    public var trails: [String] = []
    /// Corrections of trail names in the sources (e.g. OSM typos), applied when trails are read.
    public var trailNames: [String: String] = [:]
    /// Which ways of `.osm`/`.osm.pbf` trail sources are trails (default: what a hiker uses).
    public var trailTags: OSMTagFilter = .hiking
    public var pois: [POISource] = []
    public var terrain = TerrainOptions()
    public var ar = AROptions()
    public var stats = StatsOptions()
    public var sizeBudgetMB: Double = RegionExpectations().sizeBudgetMB
    public var routes: [RouteRecipe] = []
    /// The 2D map (`map` key); see `MapStage`.
    public var map = MapOptions()
    /// Landmarks in sight (`landmarks` key); see `LandmarkStage`.
    public var landmarks = LandmarkOptions()

    /// What this recipe lets its pack be, for `validate --recipes`.
    public var expectations: RegionExpectations {
        var e = RegionExpectations()
        e.arResolutionM = ar.resolutionM
        e.arBudgetMiB = ar.budgetMiB
        e.sizeBudgetMB = sizeBudgetMB
        e.warnFilledPercent = terrain.voids.warnFilledPercent
        e.maxRouteFilledM = terrain.voids.maxRouteFilledM
        e.landmarkMaxDistanceM = landmarks.maxDistanceM
        e.landmarkExclude = Set(landmarks.exclude)
        e.landmarkIncludePOIs = Set(landmarks.include.compactMap { if case .poi(let name) = $0 { name } else { nil } })
        e.hikingRates = HikingRates(flatSpeedKmh: stats.flatSpeedKmh, ascentMPerH: stats.ascentMPerH, descentMPerH: stats.descentMPerH,
                                    climbThresholdM: stats.thresholdM)
        return e
    }

    public struct TerrainOptions: Sendable, Equatable {
        public var resolutionM: Double = 30
        /// True when the recipe sets `terrain.resolutionM` (`SourceResolution`'s warning says
        /// which: a default is kept too, with a warning naming the key to set).
        public var resolutionIsExplicit = false
        public var kernel: String = "cubicspline"
        /// nil: chosen from the region's relief.
        public var contourIntervalM: Double?
        public var hillshade = HillshadeRecipe()
        public var voids = VoidOptions()
        /// Largest estimated peak memory of the build, MiB (`MemoryLimit`); nil: the batch
        /// engine's limit, else half the physical memory (`MemoryBudget`). The CLI's
        /// `--memory-limit-mib` overrides it; the engine's limit caps it.
        public var memoryLimitMiB: Double?
        /// The limit the build resolved (`MemoryBudget.forBuild`); nil: resolved from this key and
        /// the process's environment when a grid is checked (`budget`).
        public var memoryBudget: MemoryBudget?

        /// The memory limit grids are checked against.
        var budget: MemoryBudget {
            memoryBudget ?? MemoryBudget.resolve(explicitMiB: memoryLimitMiB, explicitSource: .recipe(file: "the recipe"))
        }
    }

    /// How far void filling may go (`terrain.voids`); see `VoidFiller`.
    public struct VoidOptions: Sendable, Equatable {
        /// Voids farther than this from valid data are not invented: the build stops.
        public var maxFillDistanceM: Double = 1500
        /// Largest share of the region grid that may be filled, percent.
        public var maxFilledPercent: Double = 10
        /// Filled share above which the build warns, percent.
        public var warnFilledPercent: Double = RegionExpectations().warnFilledPercent
        /// Longest stretch of a route over filled terrain, metres.
        public var maxRouteFilledM: Double = 300
        public init() {}
    }

    public struct HillshadeRecipe: Sendable, Equatable {
        public var azimuthDeg = 315.0
        public var altitudeDeg = 45.0
        public var zFactor = 1.0
        public var multidirectional = false
        public var isDefault: Bool { self == HillshadeRecipe() }
    }

    public struct AROptions: Sendable, Equatable {
        public var resolutionM: Double = RegionExpectations().arResolutionM
        /// True when the recipe sets `ar.resolutionM`; false: the default, which a recipe with
        /// routes may not keep over a DEM too coarse for it (`SourceResolution` stops the build).
        public var resolutionIsExplicit = false
        public var marginM: Double = 200
        public var budgetMiB: Double = RegionExpectations().arBudgetMiB
    }

    public struct MapOptions: Sendable, Equatable {
        /// Above this size of contours.geojson (MB) the style draws from vector tiles.
        public var vectorTilesAboveMB: Double = 5
    }

    public struct StatsOptions: Sendable, Equatable {
        public var thresholdM: Double = 5
        public var flatSpeedKmh: Double = 4
        public var ascentMPerH: Double = 300
        public var descentMPerH: Double = 500
    }

    /// Points of interest: a file (GeoJSON points, GPX waypoints, KML placemarks) or one inline POI.
    public enum POISource: Sendable, Equatable {
        case file(path: String, defaultKind: String)
        case inline(PointOfInterest)
    }
}

/// How one route is made.
public struct RouteRecipe: Sendable {
    public var id: String
    public var name: String
    public var blurb: String
    public var source: Source
    /// Where in the recipe it was declared (for messages).
    public var location: String
    /// The line of its `via` key in the recipe (0: none, or unknown).
    public var viaLine = 0
    /// The largest gap, metres, bridged between the parts of a multi-part track (`track.joinM`).
    public var trackJoinM: Double = 50
    /// A recorded track that walks the region's trail network follows the trails as mapped
    /// (`track.snap`, default true; false keeps the recorded line).
    public var trackSnap = true
    /// Whether the track was drawn (in a route planner) rather than recorded (`track.drawn`);
    /// nil: a GPX `<rte>` is drawn, anything else recorded.
    public var trackDrawn: Bool?
    /// What a gap inside a recording longer than `trackJoinM` does (`track.gaps`).
    public var trackGaps: GapMode = .error

    /// `track.gaps`: a gap the join distance does not bridge stops the build (`error`), or the
    /// route follows the trail network across it (`trails`).
    public enum GapMode: String, Sendable, CaseIterable {
        case error, trails
    }

    public enum Source: Sendable {
        /// A recorded track or route: file plus selector (feature name, or index among the file's lines).
        case track(path: String, select: TrackSelector, reversed: Bool)
        /// Routed over the region's trail network through these via points.
        case via([ViaSpec])
    }

    public enum TrackSelector: Sendable, Equatable, CustomStringConvertible {
        case first
        case index(Int)
        case name(String)
        public var description: String {
            switch self {
            case .first: "the first track"
            case .index(let i): "track #\(i)"
            case .name(let n): "\"\(n)\""
            }
        }
    }

    public enum ViaSpec: Sendable, Equatable {
        case point(LonLat)
        case poi(String)
    }
}
