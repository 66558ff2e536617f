import PackJSON
import PackReader
import PackSpec
import TrailpackCore

/// The rules of one `routes/<routeId>.json` against its manifest entry, the region bbox and
/// its AR patch.
struct RouteRules {
    let file: String
    let log: ProblemLog
    /// The region's bbox, when valid.
    let bbox: BBox?
    /// The decoded AR patch, when valid.
    let arGrid: TerrainGrid?
    /// The manifest's `routes[k]` object.
    let manifestEntry: JSONNode
    let manifestFile: String
    /// Void-filled areas the manifest records; nil when it records none.
    let filledVoids: [BBox]?
    /// The region grid, when valid (route ele against terrain, landmarks).
    var terrain: TerrainGrid? = nil
    /// The recipe's `terrain.voids.maxRouteFilledM` when known: the build held the route to it,
    /// so crossing filled areas is then no warning.
    var maxRouteFilledM: Double? = nil
    /// terrain.bin and pois.geojson for the landmark meaning rules, when terrain.bin is valid.
    var landmarkRegion: LandmarkRegion? = nil
    /// The region's trails, routing junctions and POIs, for what the waypoints mean.
    var guidance: GuidanceContext? = nil

    /// Longest step allowed: the SPEC's 12.0 m plus 0.05 m for coordinates rounded to 7
    /// decimals (about 1 cm each) and the geodesic computed on them.
    static let maxStepM = PackLimits.maxStepM + 0.05
    /// `cum[k]` is the running geodesic sum over the written coordinates rounded to 0.1 m: it may
    /// differ from the sum recomputed here by the rounding (0.05 m) and floating-point slack.
    static let cumToleranceM = 0.1
    static let arMarginM = PackLimits.arMarginM
    /// Slack on the AR margin for bounds arithmetic (1 cm).
    static let arMarginToleranceM = 0.01
    static let eleToleranceM = PackLimits.routeEleARToleranceM
    static let sparseRouteM = 5000.0

    /// DIN 33466 hiking time in seconds for the whole route: the larger of the horizontal and
    /// vertical times plus half the smaller (default rates: 4 km/h, 300 m/h up, 500 m/h down).
    static func dinDurationS(distanceM: Double, ascentM: Double, descentM: Double,
                             flatKmh: Double = 4, ascentMPerH: Double = 300, descentMPerH: Double = 500) -> Double {
        let horizontalH = distanceM / (flatKmh * 1000)
        let verticalH = max(0, ascentM) / ascentMPerH + max(0, descentM) / descentMPerH
        return (max(horizontalH, verticalH) + min(horizontalH, verticalH) / 2) * 3600
    }

    /// The fastest and slowest rates a recipe may set (`stats.flatSpeedKmh` 0.5...30,
    /// `ascentMPerH`/`descentMPerH` 10...5000; Recipes/README.md).
    static let fastestFlatKmh = 30.0, fastestVerticalMPerH = 5000.0
    static let slowestFlatKmh = 0.5, slowestVerticalMPerH = 10.0

    /// The plausible range of `durationS`: from DIN 33466 at the fastest rates a recipe may set
    /// to the horizontal plus vertical time at the slowest (DIN per leg, as trailpack computes
    /// it, always lies between the whole-route DIN time and that sum), widened by a minute for
    /// rounding; nil for non-finite or negative inputs. A 6.9 km route with 900 m up and down
    /// needs at least 27.5 minutes (28.5 at the fastest rates, less the minute).
    static func plausibleDurationS(distanceM: Double, ascentM: Double, descentM: Double) -> ClosedRange<Double>? {
        guard distanceM.isFinite, ascentM.isFinite, descentM.isFinite, distanceM >= 0 else { return nil }
        let fastest = dinDurationS(distanceM: distanceM, ascentM: ascentM, descentM: descentM, flatKmh: fastestFlatKmh,
                                   ascentMPerH: fastestVerticalMPerH, descentMPerH: fastestVerticalMPerH)
        let slowestH = distanceM / (slowestFlatKmh * 1000) + (max(0, ascentM) + max(0, descentM)) / slowestVerticalMPerH
        return max(0, fastest - 60)...(slowestH * 3600 + 60)
    }

    /// Checks the route file `doc` (its bytes `raw`); returns its profile for the checks that
    /// need the region's hiking rates (`RouteClimbRules`), nil when coords, cum or stats are unusable.
    @discardableResult
    func check(_ doc: JSONNode, raw: [UInt8]) -> RouteProfile? {
        let fields = JSONFields(file: file, log: log)
        guard fields.typed(doc, .object) != nil else { return nil }
        for key in ["id", "name"] {
            if let value = fields.string(doc, key), let expected = JSONFields.stringValue(manifestEntry[key]), value != expected,
               let node = doc[key] {
                log.add(.routeManifestMatch, file: file, node: node, expected: "\(JSONWriter.quoted(expected)) (manifest \(key))",
                        found: JSONWriter.quoted(value))
            }
        }
        _ = fields.string(doc, "blurb")

        let coords = readCoords(doc, fields: fields)
        let cum = readCum(doc, fields: fields)
        if let coords, let cum { checkGeometry(coords, cum: cum, doc: doc) }
        if let coords { checkPlacement(coords, doc: doc) }
        if let coords, let terrain, let coordsNode = doc["coords"] {
            PlausibilityRules.checkRoute(coords.map { ($0.p, $0.eleM, $0.node) }, coordsNode: coordsNode, terrain: terrain, file: file, log: log)
        }
        if let coords, let landmarks = doc["landmarks"] {
            LandmarkRules(file: file, log: log, coords: coords.map(\.p), terrain: terrain, elevationsM: coords.map(\.eleM), arGrid: arGrid,
                          region: landmarkRegion).check(landmarks, raw: raw)
        }
        checkDecimals(raw)
        let stats = fields.object(doc, "stats")
        if let coords {
            checkWaypoints(doc, count: coords.count, lengthM: cum?.last?.value ?? 0, fields: fields)
        } else {
            // Unusable coords leave nothing to index, but a missing list is its own problem.
            _ = fields.typed(fields.member(doc, "waypoints"), .array)
        }
        if let coords, let waypoints = doc["waypoints"], waypoints.type == .array {
            GuidanceRules(file: file, log: log, context: guidance, line: GuidanceLine(coords.map(\.p)), elevationsM: coords.map(\.eleM),
                          terrain: arGrid ?? terrain).check(waypoints)
        }
        if let stats { checkStats(stats, coords: coords, cum: cum, fields: fields) }
        if let arPatch = fields.object(doc, "arPatch") {
            // The manifest's entry alone adds `filledVoids` (docs/FORMAT.md): every other key must agree.
            if let mine = manifestEntry["arPatch"], mine.type != .object || !differing(mine, arPatch, except: ["filledVoids"]).isEmpty {
                log.add(.manifestRouteARPatch, file: manifestFile, node: mine, expected: "the arPatch of \(file)",
                        found: "a different object (\(differences(mine, arPatch, except: ["filledVoids"])))")
            }
        }
        if let stats, let mine = manifestEntry["stats"], mine.value != stats.value {
            log.add(.manifestRouteStats, file: manifestFile, node: mine, expected: "the stats of \(file)",
                    found: "a different object (\(differences(mine, stats)))")
        }
        guard let coords, let cum, let stats, coords.count == cum.count else { return nil }
        return RouteProfile(file: file, elevationsM: coords.map(\.eleM), cumM: cum.map(\.value), stats: stats)
    }

    /// The keys whose values differ between two objects.
    private func differences(_ a: JSONNode, _ b: JSONNode, except: Set<String> = []) -> String {
        let keys = differing(a, b, except: except)
        return keys.isEmpty ? "not an object" : keys.joined(separator: ", ") + " differ"
    }

    /// The keys (but `except`) whose values differ between two objects, sorted.
    private func differing(_ a: JSONNode, _ b: JSONNode, except: Set<String>) -> [String] {
        Set((a.children + b.children).compactMap(\.key)).subtracting(except).sorted().filter { a[$0]?.value != b[$0]?.value }
    }

    struct Vertex {
        var p: LonLat
        var eleM: Double
        var node: JSONNode
    }

    private func readCoords(_ doc: JSONNode, fields: JSONFields) -> [Vertex]? {
        guard let array = fields.typed(fields.member(doc, "coords"), .array) else { return nil }
        guard array.count <= PackLimits.maxRouteVertices else {
            log.add(.routeSize, file: file, node: array, expected: "at most \(PackLimits.maxRouteVertices) vertices", found: "\(array.count) (the route's rules are skipped)")
            return nil
        }
        var out: [Vertex] = []
        out.reserveCapacity(array.count)
        var ok = true
        for node in array.children {
            let numbers = node.type == .array ? node.children.compactMap { JSONFields.numberValue($0) } : []
            guard node.count == 3, numbers.count == 3, (-180...180).contains(numbers[0]), (-90...90).contains(numbers[1]) else {
                log.add(.routeCoords, file: file, node: node, expected: "[lon, lat, ele], finite numbers, lon/lat in range",
                        found: JSONFields.describe(node))
                ok = false
                continue
            }
            out.append(Vertex(p: LonLat(numbers[0], numbers[1]), eleM: numbers[2], node: node))
        }
        if array.count < 2 {
            log.add(.routeCoords, file: file, node: array, expected: "at least 2 vertices", found: "\(array.count)")
            ok = false
        }
        return ok ? out : nil
    }

    private func readCum(_ doc: JSONNode, fields: JSONFields) -> [(value: Double, node: JSONNode)]? {
        guard let array = fields.typed(fields.member(doc, "cum"), .array) else { return nil }
        var out: [(Double, JSONNode)] = []
        for node in array.children {
            guard let v = JSONFields.numberValue(node) else {
                log.add(.jsonType, file: file, node: node, expected: "a number", found: JSONFields.describe(node))
                return nil
            }
            out.append((v, node))
        }
        return out
    }

    private func checkGeometry(_ coords: [Vertex], cum: [(value: Double, node: JSONNode)], doc: JSONNode) {
        if coords.count != cum.count, let node = doc["cum"] {
            log.add(.routeCumLength, file: file, node: node, expected: "\(coords.count) values (one per coords vertex)", found: "\(cum.count)")
        }
        if let first = cum.first, first.value != 0 {
            log.add(.routeCumStart, file: file, node: first.node, expected: "0", found: format(first.value))
        }
        for k in cum.indices.dropFirst() where !(cum[k].value > cum[k - 1].value) {
            log.add(.routeCumIncreasing, file: file, node: cum[k].node, expected: "more than cum[\(k - 1)] = \(format(cum[k - 1].value))",
                    found: format(cum[k].value))
        }
        var sumM = 0.0
        var geodesicReported = false
        for k in coords.indices.dropFirst() {
            let stepM = Geodesic.distanceM(coords[k - 1].p, coords[k].p)
            sumM += stepM
            if stepM > Self.maxStepM {
                log.add(.routeStepMax, file: file, node: coords[k].node,
                        expected: "a step from coords[\(k - 1)] of at most 12.0 m (+0.05 m rounding)", found: metres(stepM))
            }
            if k < cum.count, !geodesicReported, !(abs(cum[k].value - sumM) <= Self.cumToleranceM) {
                // One report per route: after a drift every later value is off too.
                geodesicReported = true
                log.add(.routeCumGeodesic, file: file, node: cum[k].node,
                        expected: "\(metres(sumM)) (sum of geodesic steps, within \(metres(Self.cumToleranceM)))", found: format(cum[k].value))
            }
        }
    }

    private func checkPlacement(_ coords: [Vertex], doc: JSONNode) {
        var voidReported = false
        // The build's own stretch (the manifest's `arPatch.filledVoids`): the same vertices it named.
        let recorded = ManifestRouteView(manifestEntry).filledStretches
        if maxRouteFilledM == nil, let run = recorded, run.to < coords.count {
            log.add(.routeVoidFill, file: file, node: coords[run.from].node, expected: "a route over measured terrain",
                    found: String(format: "%.0f m of the route runs over filled DEM voids (%@)", run.totalM, run.vertexText))
        }
        for (k, v) in coords.enumerated() {
            if let bbox, !bbox.contains(v.p, toleranceDeg: 1e-9) {
                log.add(.routeInBBox, file: file, node: v.node, expected: "a vertex inside the region bbox \(bbox)", found: "\(v.p)")
            }
            if maxRouteFilledM == nil, recorded == nil, let voids = filledVoids, !voidReported, let box = voids.first(where: { $0.contains(v.p) }) {
                voidReported = true
                log.add(.routeVoidFill, file: file, node: v.node, expected: "a route over measured terrain",
                        found: "coords[\(k)] lies in the void-filled area \(box)")
            }
            guard let ar = arGrid else { continue }
            let marginM = Self.marginM(of: v.p, inside: ar.bounds)
            if marginM < Self.arMarginM - Self.arMarginToleranceM {
                log.add(.routeARMargin, file: file, node: v.node, expected: "at least 100 m inside the AR patch \(ar.bounds)",
                        found: marginM < 0 ? "outside the patch" : "\(metres(marginM)) from its nearest edge")
            }
            if let sampled = ar.elevationM(at: v.p), !(abs(sampled - v.eleM) <= Self.eleToleranceM),
               let eleNode = v.node[2] {
                log.add(.routeEleAR, file: file, node: eleNode, expected: "\(metres(sampled)) (AR patch, within 1 m)", found: format(v.eleM))
            }
        }
    }

    /// Geodesic distance from `p` to the nearest edge of `box` (negative when outside):
    /// along the parallel to the west and east edges, along the meridian to the others.
    static func marginM(of p: LonLat, inside box: BBox) -> Double {
        guard box.contains(p) else { return -1 }
        let west = Geodesic.distanceM(p, LonLat(box.west, p.lat))
        let east = Geodesic.distanceM(p, LonLat(box.east, p.lat))
        let south = Geodesic.distanceM(p, LonLat(p.lon, box.south))
        let north = Geodesic.distanceM(p, LonLat(p.lon, box.north))
        return min(west, east, south, north)
    }

    private func checkDecimals(_ raw: [UInt8]) {
        let findings = RawNumberScanner.scan(raw, minimumLimit: 1) { path in
            guard let head = path.first else { return nil }
            if head == .key("cum"), path.count == 2 { return 1 }
            if head == .key("coords"), path.count == 3, path[2] == .index(2) { return 1 }
            return nil
        }
        for finding in findings {
            log.add(.routeDecimals, file: file,
                    at: ProblemLocation(jsonPath: finding.path.description, line: finding.line, column: finding.column, byteOffset: finding.offset),
                    expected: "at most 1 decimal", found: "\(finding.text) (\(finding.decimals) decimals)")
        }
    }

    private func checkWaypoints(_ doc: JSONNode, count: Int, lengthM: Double, fields: JSONFields) {
        guard let waypointsNode = fields.typed(fields.member(doc, "waypoints"), .array) else { return }
        let waypoints = waypointsNode.children
        let last = count - 1
        if waypoints.isEmpty {
            log.add(.waypointStart, file: file, node: waypointsNode, expected: "a first waypoint of kind start", found: "no waypoints")
            return
        }
        var previous: Int?
        var middle = 0
        for (j, w) in waypoints.enumerated() {
            guard fields.typed(w, .object) != nil else { continue }
            var index: Int?
            if let iNode = fields.member(w, "i") {
                if let i = JSONFields.integerValue(iNode) {
                    if i < 0 || i > last {
                        log.add(.waypointIndex, file: file, node: iNode, expected: "an index in 0...\(last)", found: "\(i)")
                    } else {
                        index = i
                    }
                    if let previous, i < previous {
                        log.add(.waypointOrder, file: file, node: iNode, expected: "i >= \(previous) (waypoints ordered by i)", found: "\(i)")
                    }
                    previous = i
                } else if !fields.reportSpelledInteger(iNode) {
                    log.add(.jsonType, file: file, node: iNode, expected: "an integer", found: JSONFields.describe(iNode))
                }
            }
            var kind: WaypointKind?
            if let kindNode = fields.member(w, "kind") {
                kind = JSONFields.stringValue(kindNode).flatMap(WaypointKind.init(rawValue:))
                if kind == nil {
                    log.add(.waypointKind, file: file, node: kindNode, expected: WaypointKind.allCases.map(\.rawValue).joined(separator: ", "),
                            found: JSONFields.describe(kindNode))
                }
            }
            let kindText = kind?.rawValue ?? "?"
            let kindNode = w["kind"] ?? w
            if j == 0 {
                if kind != .start || (index != nil && index != 0) {
                    log.add(.waypointStart, file: file, node: kind != .start ? kindNode : (w["i"] ?? w),
                            expected: "kind start at i = 0", found: "kind \(kindText) at i = \(index.map(String.init) ?? "?")")
                }
            } else if kind == .start {
                log.add(.waypointStart, file: file, node: kindNode, expected: "start only as the first waypoint", found: "start at waypoints[\(j)]")
            }
            if j == waypoints.count - 1 {
                if kind != .end || (index != nil && index != last) {
                    log.add(.waypointEnd, file: file, node: kind != .end ? kindNode : (w["i"] ?? w),
                            expected: "kind end at i = \(last)", found: "kind \(kindText) at i = \(index.map(String.init) ?? "?")")
                }
            } else if kind == .end {
                log.add(.waypointEnd, file: file, node: kindNode, expected: "end only as the last waypoint", found: "end at waypoints[\(j)]")
            }
            if let kind, kind != .start, kind != .end { middle += 1 }
            if let instruction = fields.member(w, "instruction") {
                let text = JSONFields.stringValue(instruction)
                if text == nil || text!.allSatisfy(\.isWhitespace) {
                    log.add(.waypointInstruction, file: file, node: instruction, expected: "a non-empty string",
                            found: JSONFields.describe(instruction))
                }
            }
            if let name = w["name"] { _ = fields.typed(name, .string) }
            if let dir = w["dir"], JSONFields.stringValue(dir).flatMap(TurnDirection.init(rawValue:)) == nil {
                log.add(.waypointDir, file: file, node: dir, expected: TurnDirection.allCases.map(\.rawValue).joined(separator: ", "),
                        found: JSONFields.describe(dir))
            }
        }
        if lengthM > Self.sparseRouteM, middle == 0 {
            log.add(.routeSparseWaypoints, file: file, node: waypointsNode,
                    expected: "a waypoint between start and end on a route over 5 km", found: "none on \(metres(lengthM))")
        }
    }

    private func checkStats(_ stats: JSONNode, coords: [Vertex]?, cum: [(value: Double, node: JSONNode)]?, fields: JSONFields) {
        let distance = fields.number(stats, "distanceM")
        let ascent = fields.number(stats, "ascentM")
        let descent = fields.number(stats, "descentM")
        let minEle = fields.number(stats, "minEleM")
        let maxEle = fields.number(stats, "maxEleM")
        let durationNode = fields.member(stats, "durationS")
        if let node = durationNode, !(JSONFields.integerValue(node).map { $0 >= 0 } ?? false), !fields.reportSpelledInteger(node) {
            log.add(.routeDuration, file: file, node: node, expected: "a non-negative whole number of seconds", found: JSONFields.describe(node))
        }
        if let node = durationNode, let seconds = JSONFields.integerValue(node), seconds >= 0, let distance, let ascent, let descent,
           let range = Self.plausibleDurationS(distanceM: distance, ascentM: ascent, descentM: descent), !range.contains(Double(seconds)) {
            log.add(.routeDurationRange, file: file, node: node,
                    expected: "\(Int(range.lowerBound))...\(Int(range.upperBound)) s (DIN 33466 at the fastest to the slowest recipe rates for \(metres(distance)), +\(metres(ascent)) -\(metres(descent)), +-60 s)",
                    found: "\(seconds)")
        }
        if let distance, let last = cum?.last, abs(distance - last.value) > 0.001, let node = stats["distanceM"] {
            log.add(.routeDistance, file: file, node: node, expected: "\(format(last.value)) (the last cum)", found: format(distance))
        }
        guard let coords, let first = coords.first, let lastVertex = coords.last else { return }
        if let ascent, let descent {
            let net = lastVertex.eleM - first.eleM
            if !(abs((ascent - descent) - net) <= 1 + 1e-9) {
                log.add(.routeAscentIdentity, file: file, node: stats,
                        expected: "ascentM - descentM = last ele - first ele = \(format(net)) within 1 m",
                        found: "\(format(ascent)) - \(format(descent)) = \(format(ascent - descent))")
            }
        }
        let eles = coords.map(\.eleM)
        if let minEle, let lowest = eles.min(), abs(minEle - lowest) > 0.001, let node = stats["minEleM"] {
            log.add(.routeEleExtremes, file: file, node: node, expected: "\(format(lowest)) (lowest ele)", found: format(minEle))
        }
        if let maxEle, let highest = eles.max(), abs(maxEle - highest) > 0.001, let node = stats["maxEleM"] {
            log.add(.routeEleExtremes, file: file, node: node, expected: "\(format(highest)) (highest ele)", found: format(maxEle))
        }
    }
}
