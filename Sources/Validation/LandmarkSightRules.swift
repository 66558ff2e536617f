import Landmarks
import PackJSON
import PackSpec
import TrailpackCore

/// `route.landmark.sightline` and `route.landmark.omitted`: the visible ranges of a route's
/// landmarks, and the POIs it leaves out, against sightlines recomputed over the pack's own
/// terrain (SPEC `landmarks`).
struct LandmarkSightRules {
    let file: String
    let log: ProblemLog
    let route: SightRoute
    /// The route file's `landmarks` array.
    let landmarksNode: JSONNode
    /// The recipe's `landmarks.maxDistanceM`, when known: how far every vertex looked.
    var recipeMaxDistanceM: Double? = nil

    /// The SPEC's grazing band: verdicts where the line clears or misses by less are both right.
    static let grazingBandM = PackLimits.grazingBandM
    /// Whole-metre rounding: the grids hold whole metres where a builder may have used the
    /// DEM's exact values (0.5 m of terrain), and a route or landmark `ele` may be written in
    /// whole metres (0.5 m at either end of the line).
    static let roundingM = 1.0
    /// A verdict is wrong when the line clears (or misses) by more than this, metres.
    static var toleranceM: Double { grazingBandM + roundingM }
    /// The builder's default and largest `landmarks.maxDistanceM`, metres.
    static let maxDistanceM = LandmarkOptions().maxDistanceM

    /// How far the route's vertices looked, metres: the recipe's `landmarks.maxDistanceM` is
    /// not in the pack, but it is at least the farthest distance (`shortDistanceM`, as the
    /// builder gates) from which a listed landmark is in sight, and at most 25 km.
    static func lookLimitM(_ listed: [ListedLandmark], coords: [LonLat]) -> Double {
        var farthestM = 0.0
        for landmark in listed {
            for range in landmark.ranges {
                for i in range.from...range.to { farthestM = max(farthestM, shortDistanceM(coords[i], landmark.location)) }
            }
        }
        return min(maxDistanceM, farthestM)
    }

    /// Checks every vertex against every listed landmark and every unlisted candidate.
    func check(_ listed: [ListedLandmark], candidates: [LandmarkCandidate]) {
        let n = route.coords.count
        var targets = listed.map { landmark in
            var flags = [Bool](repeating: false, count: n)
            for range in landmark.ranges { for i in range.from...range.to { flags[i] = true } }
            return SightTarget(location: landmark.location, eleM: landmark.eleM, listed: flags)
        }
        targets += candidates.map { SightTarget(location: $0.location, eleM: $0.eleM, listed: []) }
        let limitM = recipeMaxDistanceM ?? Self.lookLimitM(listed, coords: route.coords)
        let wrong = SightDisagreements.find(targets, route: route, limitM: limitM, toleranceM: Self.toleranceM)
        for (k, landmark) in listed.enumerated() where !wrong[k].isEmpty {
            reportSightline(landmark, target: targets[k], vertices: wrong[k])
        }
        for (k, candidate) in candidates.enumerated() where !wrong[listed.count + k].isEmpty {
            reportOmitted(candidate, target: targets[listed.count + k], vertices: wrong[listed.count + k])
        }
    }

    /// One problem per visible range with blocked vertices, one per run of clear vertices
    /// outside every range.
    private func reportSightline(_ landmark: ListedLandmark, target: SightTarget, vertices: [Int]) {
        guard let entry = landmarksNode[landmark.index], let visible = entry["visible"] else { return }
        // `children` makes every child node: read once, not once per range (O(ranges²)).
        let rangeNodes = visible.children
        let band = format(Self.toleranceM)
        for (j, range) in landmark.ranges.enumerated() {
            // `vertices` ascend: the range's share is a slice found by two binary searches, so
            // a route of many ranges and many wrong vertices costs O(ranges × log vertices).
            let blocked = Array(vertices[Self.lowerBound(vertices, range.from)..<Self.lowerBound(vertices, range.to + 1)])
            guard !blocked.isEmpty, rangeNodes.indices.contains(j) else { continue }
            let node = rangeNodes[j]
            let (i, clearanceM) = extreme(of: blocked, target: target, lowest: true)
            log.add(.landmarkSightline, file: file, node: node,
                    expected: "\(JSONWriter.quoted(landmark.name)) in sight from every vertex of [\(range.from), \(range.to)]: clearance above -\(band) m (grazing band 2 m + 1 m rounding)",
                    found: "clearance \(signed(clearanceM)) at vertex \(i) (sightline under the terrain); \(Self.count(blocked.count)) of the range blocked by more than \(band) m, \(Self.describe(Self.runs(blocked)))")
        }
        for run in Self.runs(vertices.filter { !target.isListed(at: $0) }) {
            let (i, clearanceM) = extreme(of: Array(run), target: target, lowest: false)
            log.add(.landmarkSightline, file: file, node: visible,
                    expected: "vertices \(run.lowerBound)-\(run.upperBound) in a visible range of \(JSONWriter.quoted(landmark.name)): clear by more than \(band) m",
                    found: "outside every range; clearance \(signed(clearanceM)) at vertex \(i)")
        }
    }

    /// One problem per candidate in plain sight that the route leaves out.
    private func reportOmitted(_ candidate: LandmarkCandidate, target: SightTarget, vertices: [Int]) {
        let (i, clearanceM) = extreme(of: vertices, target: target, lowest: false)
        log.add(.landmarkOmitted, file: file, node: landmarksNode,
                expected: "\(JSONWriter.quoted(candidate.name)) (\(candidate.kind), pois.geojson) listed: in plain sight (clear by more than \(format(Self.toleranceM)) m)",
                found: "\(candidate.nameListedElsewhere ? "listed only more than 100.5 m away" : "absent"); clearance \(signed(clearanceM)) at vertex \(i); \(Self.count(vertices.count)) clear, \(Self.describe(Self.runs(vertices)))")
    }

    /// The vertex of `vertices` (at most 16, evenly spaced, are measured) with the lowest (or
    /// highest) exact clearance, and that clearance in metres.
    private func extreme(of vertices: [Int], target: SightTarget, lowest: Bool) -> (vertex: Int, clearanceM: Double) {
        let step = max(1, vertices.count / 16)
        let measured = stride(from: 0, to: vertices.count, by: step).map { k in
            (vertices[k], route.clearanceM(from: vertices[k], to: target))
        }
        return (lowest ? measured.min { $0.1 < $1.1 } : measured.max { $0.1 < $1.1 })!
    }

    /// The first position in the ascending `sorted` whose value is at least `value`.
    static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// "1 vertex", "5 vertices".
    static func count(_ n: Int) -> String { n == 1 ? "1 vertex" : "\(n) vertices" }

    /// Consecutive runs of ascending indices.
    static func runs(_ indices: [Int]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for i in indices {
            if let last = out.last, last.upperBound == i - 1 { out[out.count - 1] = last.lowerBound...i } else { out.append(i...i) }
        }
        return out
    }

    /// "vertices 3-9, 12-14" (the first three runs).
    static func describe(_ runs: [ClosedRange<Int>]) -> String {
        let shown = runs.prefix(3).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
        return "vertices " + shown.joined(separator: ", ") + (runs.count > 3 ? " and \(runs.count - 3) more runs" : "")
    }

    /// "+4.1 m", "-48.3 m", or "+inf (no terrain between)" for a vertex in the target's own half cell.
    private func signed(_ v: Double) -> String {
        guard v.isFinite else { return "+inf (no terrain between)" }
        return (v >= 0 ? "+" : "") + format((v * 10).rounded() / 10) + " m"
    }
}
