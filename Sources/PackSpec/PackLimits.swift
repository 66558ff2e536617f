/// The SPEC's numbers that writer and validator must agree on.
public enum PackLimits {
    /// The void sentinel of DEM readers, which TER1 forbids (voids are filled before writing).
    public static let voidSentinelM: Int16 = -32768
    /// The physical range of elevations on Earth a grid may hold, metres.
    public static let elevationRangeM: ClosedRange<Double> = -500...9000
    /// Longest step between route (and routing edge) vertices, metres (WGS84 geodesic).
    /// The largest route file `validate` reads, bytes (64 MB): a 6,000 km route at the 12 m
    /// step writes about 40 MB. A larger file is `route.size`, not read.
    public static let maxRouteFileBytes = 64 << 20
    /// The most vertices a route's `coords` may hold (6,000 km at the 12 m step; a 3,000 km
    /// thru-hike is 250,000): more is `route.size`, and the route's other rules are skipped.
    public static let maxRouteVertices = 500_000
    public static let maxStepM = 12.0
    /// The most routes a region's manifest may list (a national park has dozens): more is
    /// `manifest.route-count`, reported from the count before any route is read.
    public static let maxRoutesPerRegion = 10_000
    /// The largest manifest `validate` reads, bytes (32 MB): `maxRoutesPerRegion` routes take
    /// about 8 MB. A larger one is `manifest.route-count`, refused from its size, not read.
    public static let maxManifestBytes = 32 << 20
    /// The largest routing.json `validate` and `route` read, bytes (256 MB): a trail network
    /// writes about 3.2 kB per km (make bench's 600 km grid: 1.9 MB), so 80,000 km of trails.
    public static let maxRoutingBytes = 256 << 20
    /// The largest trails.geojson read, bytes (256 MB; the demo's 90 km of trails: 110 kB).
    public static let maxTrailsBytes = 256 << 20
    /// The largest pois.geojson read, bytes (64 MB: some 300,000 POIs at about 200 bytes each).
    public static let maxPOIsBytes = 64 << 20
    /// The largest contours.geojson read, bytes (1 GB; the demo's 12 x 14 km: 1.6 MB). A region
    /// whose contours would be larger keeps them in its tiles (`files.contours.tiles`).
    public static let maxContoursBytes = 1 << 30
    /// The largest style.json, and sprite index under map/, read, bytes (16 MB; the demo's
    /// style: 8 kB).
    public static let maxStyleBytes = 16 << 20
    /// The largest catalog.json `validate` reads, bytes (64 MB: a region's entry takes about
    /// 1 kB and 150 bytes per route).
    public static let maxCatalogBytes = 64 << 20
    /// The most GeoJSON a region's style.json may draw, bytes (20 MB: four times the contours'
    /// default `map.vectorTilesAboveMB`): more is a build warning and `style.geojson-size`, since
    /// a phone parses and holds every GeoJSON source whole.
    public static let maxStyleGeoJSONBytes = 20_000_000
    /// Least geodesic distance from every route vertex to its AR patch's edges, metres.
    public static let arMarginM = 100.0
    /// `ele` of a route may differ from its AR patch by this much at every vertex, metres.
    public static let routeEleARToleranceM = 1.0
    /// Landmarks: the eye above the route's `ele`, the refraction coefficient, the sightline
    /// clearance under which either verdict is right (grazing), and how far a summit's point may
    /// move to the highest terrain sample, all from the SPEC.
    public static let eyeHeightM = 1.7
    public static let refractionCoefficient = 0.13
    public static let grazingBandM = 2.0
    public static let summitMoveM = 100.0
    /// POIs of the same name (ignoring case and surrounding spaces) closer than this, metres
    /// (geodesic), are one place (docs/FORMAT.md): the builder keeps the first, `validate` warns
    /// (`pois.duplicate`).
    public static let samePlaceM = 50.0
}
