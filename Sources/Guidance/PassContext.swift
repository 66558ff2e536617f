import TrailpackCore

/// What every pass of `Guidance.waypoints` reads, computed once per route: the input, the
/// thresholds, the cleaned path measured, the POIs on the route and the POIs that name its ends.
struct PassContext {
    let input: GuidanceInput
    let tuning: GuidanceTuning
    /// The cleaned path (`input.path.coords`) measured: turns, junctions and reversals.
    let pathLine: LineMeasure
    /// The last index of `input.resampledCoords`.
    let lastIndex: Int
    /// The route's length, metres (`input.cumM` at `lastIndex`).
    let totalM: Double
    /// POIs within `poiOnRouteM` of the resampled line, each at its closest vertex.
    let onRoute: [PoiMatch]
    /// POI index -> its closest resampled vertex, for the POIs of `onRoute`.
    let onRouteVertex: [Int: Int]
    /// The POIs (indices into `input.pois`) that name the start and the end.
    let startPoi: Int?
    let endPoi: Int?
    /// The resampled line, measured only as far as the passes ask.
    let resampled: ResampledLine

    /// - Precondition: `input` passed `Guidance.validate`.
    init(_ input: GuidanceInput, tuning: GuidanceTuning) {
        self.input = input
        self.tuning = tuning
        pathLine = LineMeasure(input.path.coords)
        lastIndex = input.resampledCoords.count - 1
        totalM = input.cumM[lastIndex]
        onRoute = PoiMatcher.matches(input.pois, on: input.resampledCoords, maxDistanceM: tuning.cues.poiOnRouteM)
        onRouteVertex = Dictionary(onRoute.map { ($0.poiIndex, $0.vertexIndex) }, uniquingKeysWith: { a, _ in a })
        resampled = ResampledLine(input)
        (startPoi, endPoi) = EndpointPass.endPois(input, onRouteVertex: onRouteVertex, tuning: tuning)
    }

    /// The POI at index `k` of the input.
    func poi(_ k: Int) -> PointOfInterest { input.pois[k] }

    /// Distance from resampled vertex `k` to POI `p`, metres.
    func distanceM(vertex k: Int, poi p: Int) -> Double { shortDistanceM(input.resampledCoords[k], input.pois[p].location) }
}

/// The route's resampled line, measured lazily: a long route's start and summits need only
/// the line near them (the pipeline measures the whole line elsewhere).
final class ResampledLine {
    /// Beyond twice the distance asked for, the line is measured this much farther, metres, so
    /// that the next question (a summit farther along) is mostly answered by the same measure.
    static let extraCoverM = 1000.0

    private let input: GuidanceInput
    private var measured: LineMeasure?

    init(_ input: GuidanceInput) { self.input = input }

    /// The line measured at least to `aheadM` metres beyond vertex `k` (or to its end).
    func around(_ k: Int, aheadM: Double) -> LineMeasure {
        let n = input.resampledCoords.count
        func covers(_ l: LineMeasure) -> Bool {
            l.coords.count == n || (k < l.coords.count && l.cumM[k] + aheadM < l.lengthM)
        }
        if let l = measured, covers(l) { return l }
        var l = LineMeasure(input.resampledCoords, coveringM: 2 * (input.cumM[k] + aheadM) + Self.extraCoverM)
        if !covers(l) { l = LineMeasure(input.resampledCoords) }
        measured = l
        return l
    }
}
