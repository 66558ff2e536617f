import Foundation
import PackJSON
import TrailpackCore

/// `route.landmark.summit`: a summit-like landmark (`summit`/`peak`, the kinds the builder gives
/// DEM summits and moves to a terrain high) stands at a top. The SPEC lets the builder move a
/// summit's point to the highest terrain sample within 100 m of its named position, so:
/// - named like a POI of pois.geojson (the nearest of that name): within 100 m + 0.5 m of that
///   POI, and when moved off it (over 0.5 m), no more than 2 m below the highest terrain.bin
///   sample within 99.9 m of it (the builder's own search reaches 99.95 m, so this is never
///   higher than the sample it picked);
/// - named like a DEM summit ("Summit 1,181 m", "Summit 742 m (2)", kind `summit`): the builder
///   names those by their sample's whole metres, so `ele` is within 1 m of the name's; and the
///   point is a local high of terrain.bin: it fails when a sample next to its nearest grid node
///   is over 0.5 m higher and the highest sample within 100 m is more than 2 m above its `ele`.
///   A DEM summit is a grid sample no neighbour exceeds (also on pooled grids), so this never
///   fires on one;
/// - otherwise (a recipe's inline point of a summit kind) nothing: its named position is not in
///   the pack, and the SPEC lets the builder move it up to 100 m uphill of that.
struct LandmarkSummitRules {
    let file: String
    let log: ProblemLog
    let terrain: TerrainGrid
    /// The route file's `landmarks` array.
    let landmarksNode: JSONNode

    static let searchRadiusM = 100.0
    /// The builder's search radius less its own 0.05 m margin and rounding.
    static let poiSearchRadiusM = 99.9
    static let poiDistanceM = 100.5
    /// Unmoved: the point is the POI's to within this, metres.
    static let unmovedM = 0.5
    /// How far below the terrain high a summit's `ele` may be, metres (one-decimal or
    /// whole-metre `ele`, whole-metre samples).
    static let riseToleranceM = 2.0
    static let neighbourToleranceM = 0.5
    /// A DEM summit's `ele` against the whole metres in its name.
    static let nameToleranceM = 1.0

    func check(_ listed: [ListedLandmark], pois: [RegionPOI]) {
        for landmark in listed where landmark.isSummit {
            guard let node = landmarksNode[landmark.index] else { continue }
            let named = pois.filter { $0.name == landmark.name }
                .min { Geodesic.distanceM($0.location, landmark.location) < Geodesic.distanceM($1.location, landmark.location) }
            if let named {
                checkNamed(landmark, poi: named, node: node)
            } else if landmark.kind == "summit", let nameM = Self.demSummitElevationM(landmark.name) {
                checkDEMSummit(landmark, nameM: nameM, node: node)
            }
        }
    }

    /// The elevation in a DEM summit's label ("Summit 1,181 m" or "Summit 1,181 m (2)"; packs
    /// built before names took `MetresFormat`'s thousands comma wrote "Summit 1181 m"), metres;
    /// nil for other names.
    static func demSummitElevationM(_ name: String) -> Double? {
        guard name.hasPrefix("Summit ") else { return nil }
        var rest = name.dropFirst("Summit ".count)
        if rest.hasSuffix(")"), let open = rest.range(of: " (", options: .backwards),
           Int(rest[open.upperBound..<rest.index(before: rest.endIndex)]) != nil {
            rest = rest[..<open.lowerBound]
        }
        guard rest.hasSuffix(" m") else { return nil }
        let digits = rest.dropLast(2)
        // Commas only as thousands separators: "1,181", never "11,81" or ",181".
        let groups = digits.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count == 1 || groups.dropFirst().allSatisfy({ $0.count == 3 }) && (1...3).contains(groups[0].count),
              let metres = Int(groups.joined()) else { return nil }
        return Double(metres)
    }

    private func checkDEMSummit(_ landmark: ListedLandmark, nameM: Double, node: JSONNode) {
        if abs(landmark.eleM - nameM) > Self.nameToleranceM {
            log.add(.landmarkSummit, file: file, node: node["ele"] ?? node,
                    expected: "the elevation its name gives, \(format(nameM)) m (within 1 m)", found: metres(landmark.eleM))
            return
        }
        checkTop(landmark, node: node)
    }

    private func checkNamed(_ landmark: ListedLandmark, poi: RegionPOI, node: JSONNode) {
        let awayM = Geodesic.distanceM(landmark.location, poi.location)
        if awayM > Self.poiDistanceM {
            log.add(.landmarkSummit, file: file, node: node["lon"] ?? node,
                    expected: "within 100 m of the POI \(JSONWriter.quoted(poi.name)) at [\(poi.location.lon), \(poi.location.lat)] (+0.5 m rounding)",
                    found: "\(metres(awayM)) away")
            return
        }
        guard awayM > Self.unmovedM, let topM = GeoJSONRules.highestCell(in: terrain, around: poi.location, radiusM: Self.poiSearchRadiusM),
              topM - landmark.eleM > Self.riseToleranceM else { return }
        log.add(.landmarkSummit, file: file, node: node["ele"] ?? node,
                expected: "moved to the highest terrain sample within 100 m of the POI \(JSONWriter.quoted(poi.name)): ele within 2 m of \(metres(topM))",
                found: "moved \(metres(awayM)) to a point at \(metres(landmark.eleM))")
    }

    private func checkTop(_ landmark: ListedLandmark, node: JSONNode) {
        guard let neighbourM = highestNeighbourM(landmark.location), neighbourM - landmark.eleM > Self.neighbourToleranceM,
              let topM = GeoJSONRules.highestCell(in: terrain, around: landmark.location, radiusM: Self.searchRadiusM),
              topM - landmark.eleM > Self.riseToleranceM else { return }
        log.add(.landmarkSummit, file: file, node: node["ele"] ?? node,
                expected: "a terrain high: no terrain.bin sample within 100 m more than 2 m above ele",
                found: "ele \(metres(landmark.eleM)); a neighbouring sample is at \(metres(neighbourM)), the highest within 100 m at \(metres(topM))")
    }

    /// The highest of the up to 8 samples around the grid node nearest `p`; nil off the grid.
    private func highestNeighbourM(_ p: LonLat) -> Double? {
        let (c, r) = terrain.gridPosition(of: p)
        guard c.isFinite, r.isFinite, c >= -0.5, r >= -0.5, c <= Double(terrain.width) - 0.5, r <= Double(terrain.height) - 0.5 else { return nil }
        let c0 = Int(c.rounded()), r0 = Int(r.rounded())
        var best: Int16?
        for rr in max(0, r0 - 1)...min(terrain.height - 1, r0 + 1) {
            for cc in max(0, c0 - 1)...min(terrain.width - 1, c0 + 1) where rr != r0 || cc != c0 {
                best = max(best ?? .min, terrain[column: cc, row: rr])
            }
        }
        return best.map(Double.init)
    }
}
