import Foundation
import PackJSON
import Testing
import TestSupport
import TrailpackCore
@testable import Validation

private let guideRegion = "regions/\(GuidancePack.regionId)/"
private let turns = GuidancePack.turnsRoute
private let crest = GuidancePack.crestRoute
private let cabot = "routes/mount-cabot.json"
private let demoRegion = "regions/\(DemoPack.regionId)/"

/// The index of route `id` in the manifest's (and catalog's) `routes`.
private func routeIndex(_ e: PackEditor, _ id: String) throws -> Int {
    guard case .array(let routes)? = try e.json("manifest.json")["routes"],
          let k = routes.firstIndex(where: { $0["id"] == .string(id) }) else { throw GuidanceTestError.noWaypoint(id) }
    return k
}

/// Corruptions of what cues mean, on the guidance pack (`GuidancePack`: waypoints of
/// right-then-left are start, poi, turn right, turn left, end; of the crest: start, six summits,
/// end). Each computes its values from the built pack.
let guidancePackCorruptions: [Corruption] = [
    Corruption(name: "a turn bending 100° right told Turn left", rule: .waypointBend, file: guideRegion + turns,
               path: "waypoints[2].instruction") {
        try $0.set(turns, "waypoints[2].instruction", "Turn left")
    },
    Corruption(name: "every dir swapped", rule: .waypointBend, file: guideRegion + turns, path: "waypoints[2].dir") {
        try $0.editJSON(turns) { r in
            for k in 0..<5 {
                guard case .string(let dir)? = r.get("waypoints[\(k)]")?["dir"] else { continue }
                let swapped = dir.contains("left") ? dir.replacingOccurrences(of: "left", with: "right") : dir.replacingOccurrences(of: "right", with: "left")
                r.set("waypoints[\(k)].dir", .string(swapped))
            }
        }
    },
    Corruption(name: "dir sharp-left told Keep right", rule: .waypointWording, file: guideRegion + turns, path: "waypoints[3].instruction") {
        try $0.set(turns, "waypoints[3].dir", "sharp-left")
        try $0.set(turns, "waypoints[3].instruction", "Keep right")
    },
    Corruption(name: "a reversed line with its cues kept: turns where it runs straight", rule: .waypointBend, file: guideRegion + turns,
               path: "waypoints[2].dir") {
        try $0.reverseKeepingCues(turns, routeIndex: try routeIndex($0, "right-then-left"))
    },
    Corruption(name: "a reversed line with its cues kept: the start heads the other way", rule: .waypointStartHeading,
               file: guideRegion + turns, path: "waypoints[0].instruction") {
        try $0.reverseKeepingCues(turns, routeIndex: try routeIndex($0, "right-then-left"))
    },
    Corruption(name: "a summit cue in the valley", rule: .waypointSummit, file: guideRegion + crest, path: "waypoints[2]") {
        // The lowest vertex between the second and third summits.
        let v = try $0.vertices(crest)
        let from = Int(try $0.json(crest).get("waypoints[2].i")!.double), to = Int(try $0.json(crest).get("waypoints[3].i")!.double)
        let valley = (from...to).min { v[$0].ele < v[$1].ele }!
        try $0.set(crest, "waypoints[2].i", .int(valley))
    },
    Corruption(name: "a summit naming a height 300 m off", rule: .waypointSummit, file: guideRegion + crest, path: "waypoints[1].instruction") {
        let v = try $0.vertices(crest)
        let i = Int(try $0.json(crest).get("waypoints[1].i")!.double)
        try $0.set(crest, "waypoints[1].instruction", .string("Reach the summit, \(Int(v[i].ele.rounded()) + 300) m"))
    },
    Corruption(name: "a Pass cue for a POI 2 km away", rule: .waypointPOI, file: guideRegion + turns, path: "waypoints[1].name") {
        try $0.set(turns, "waypoints[1].name", "Pine Mountain crest, west end")
        try $0.set(turns, "waypoints[1].instruction", "Pass Pine Mountain crest, west end")
    },
    Corruption(name: "a summit named after a spring", rule: .waypointSummit, file: guideRegion + crest, path: "waypoints[1].name") {
        try $0.set(crest, "waypoints[1].name", "Test Spring")
        try $0.set(crest, "waypoints[1].instruction", "Reach the summit of Test Spring")
    },
    Corruption(name: "an unnamed end arriving at a POI 2 km away", rule: .waypointPOI, file: guideRegion + turns, path: "waypoints[4].instruction") {
        try $0.set(turns, "waypoints[4].instruction", "Arrive at Pine Mountain crest, west end")
    },
    Corruption(name: "an instruction with a distance", rule: .waypointText, file: guideRegion + turns, path: "waypoints[2].instruction") {
        try $0.set(turns, "waypoints[2].instruction", "Turn right in 200 m")
    },
    Corruption(name: "a 5 kB instruction", rule: .waypointText, file: guideRegion + turns, path: "waypoints[2].instruction") {
        try $0.set(turns, "waypoints[2].instruction", .string("Turn right onto " + String(repeating: "Long Trail ", count: 460)))
    },
    Corruption(name: "an instruction holding NUL", rule: .waypointText, file: guideRegion + turns, path: "waypoints[2].instruction") {
        try $0.set(turns, "waypoints[2].instruction", "Turn\u{0} right")
    },
    Corruption(name: "an instruction holding a zero-width space", rule: .waypointText, file: guideRegion + turns, path: "waypoints[3].instruction") {
        try $0.set(turns, "waypoints[3].instruction", "Turn left\u{200B}")
    },
    Corruption(name: "an instruction made of a zero-width space", rule: .waypointText, file: guideRegion + turns, path: "waypoints[3].instruction") {
        try $0.set(turns, "waypoints[3].instruction", "\u{200B}")
    },
]

/// Corruptions of the demo pack's network routes (mount-cabot: start, three junctions, end).
let guidanceDemoCorruptions: [Corruption] = [
    Corruption(name: "Head east on a start going west", rule: .waypointStartHeading, file: demoRegion + cabot, path: "waypoints[0].instruction") {
        try $0.set(cabot, "waypoints[0].instruction", "Head east on Bunnell Notch Trail")
    },
    Corruption(name: "a junction cue 400 m from any junction", rule: .waypointJunction, file: demoRegion + cabot, path: "waypoints[1]") {
        // A vertex before the second junction at least 400 m from every routing.json node.
        let v = try $0.vertices(cabot)
        guard case .array(let nodes)? = try $0.json("routing.json")["nodes"] else { return }
        let points = nodes.map { LonLat($0[0]!.double, $0[1]!.double) }
        let next = Int(try $0.json(cabot).get("waypoints[2].i")!.double)
        let far = (1..<next).last { k in points.allSatisfy { Geodesic.distanceM($0, v[k].p) >= 400 } }!
        try $0.set(cabot, "waypoints[1].i", .int(far))
    },
    Corruption(name: "demo reversed with its cues kept: a junction cue off the junctions", rule: .waypointJunction,
               file: demoRegion + cabot, path: "waypoints[1]") {
        try $0.reverseKeepingCues(cabot, routeIndex: try routeIndex($0, "mount-cabot"))
    },
    Corruption(name: "demo reversed with its cues kept: Arrive at Mount Cabot at the trailhead", rule: .waypointPOI,
               file: demoRegion + cabot, path: "waypoints[4].name") {
        try $0.reverseKeepingCues(cabot, routeIndex: try routeIndex($0, "mount-cabot"))
    },
    Corruption(name: "demo junction's dir and words both swapped", rule: .waypointBend, file: demoRegion + cabot, path: "waypoints[1].dir") {
        // Bunnell Notch Trail bends 39° right where the Kilkenny Ridge Trail leaves left: no fork.
        try $0.set(cabot, "waypoints[1].dir", "slight-left")
        try $0.set(cabot, "waypoints[1].instruction", "Keep left at the junction with Kilkenny Ridge Trail")
    },
    Corruption(name: "demo junction told the other side", rule: .waypointWording, file: demoRegion + cabot, path: "waypoints[1].instruction") {
        try $0.set(cabot, "waypoints[1].instruction", "Keep left at the junction with Kilkenny Ridge Trail")
    },
]

/// Corruptions of a fork (`ForkPack`): its side is relative to the other branch.
let guidanceForkCorruptions: [Corruption] = [
    Corruption(name: "a fork's Keep left told Keep right", rule: .waypointBend, file: "regions/\(ForkPack.regionId)/" + ForkPack.route,
               path: "waypoints[7].dir") {
        try $0.set(ForkPack.route, "waypoints[7].dir", "slight-right")
        try $0.set(ForkPack.route, "waypoints[7].instruction", "Keep right at the junction with Horn Spur")
    },
]

/// Every guidance corruption (for `CorruptionTests.corpusCoversManyRules`).
let guidanceCorruptions = guidancePackCorruptions + guidanceDemoCorruptions + guidanceForkCorruptions

@Suite("Guidance means what the line does")
struct GuidanceRulesTests {
    @Test func theGuidancePackHasTheCuesTheCorruptionsExpect() throws {
        let e = try PackEditor(root: GuidancePack.root(), regionId: GuidancePack.regionId)
        let kinds = { (route: String) throws -> [String] in
            guard case .array(let w)? = try e.json(route)["waypoints"] else { return [] }
            return w.map { wp in
                guard case .string(let k)? = wp["kind"] else { return "?" }
                if case .string(let d)? = wp["dir"] { return k + ":" + d }
                return k
            }
        }
        #expect(try kinds(turns) == ["start", "poi", "turn:right", "turn:left", "end"])
        let crestKinds = try kinds(crest)
        #expect(crestKinds.first == "start" && crestKinds.last == "end")
        #expect(crestKinds.filter { $0 == "summit" }.count >= 3)
    }

    @Test func theBuiltPacksPassStrict() throws {
        for root in [try GuidancePack.root(), try DemoPack.root()] {
            let report = PackValidator.validate(path: root.path)
            #expect(report.passes(strict: true), "\(ReportRenderer.text(report))")
            #expect(report.findings.isEmpty)
        }
    }

    @Test(arguments: guidancePackCorruptions)
    func aGuidancePackCorruptionIsReported(_ corruption: Corruption) throws {
        try corruption.expectReported(on: try GuidancePack.copy(), withLine: true)
    }

    @Test(arguments: guidanceForkCorruptions)
    func aForkCorruptionIsReported(_ corruption: Corruption) throws {
        try corruption.expectReported(on: try ForkPack.copy(), withLine: true)
    }

    @Test func theForkPackHasTheForkTheCorruptionExpects() throws {
        let e = try PackEditor(root: ForkPack.root(), regionId: ForkPack.regionId)
        #expect(try e.json(ForkPack.route).get("waypoints[7].instruction") == "Keep left at the junction with Horn Spur")
        #expect(try e.json(ForkPack.route).get("waypoints[7].dir") == "slight-left")
        let report = PackValidator.validate(path: try ForkPack.root().path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
    }

    @Test(arguments: guidanceDemoCorruptions)
    func aDemoCorruptionIsReported(_ corruption: Corruption) throws {
        try corruption.expectReported(on: try DemoPack.copy(), withLine: true)
    }

    /// Variants a pack may legally have: they change nothing the cues mean.
    @Test func legalVariantsPass() throws {
        let e = try GuidancePack.copy()
        defer { try? FileManager.default.removeItem(at: e.root.deletingLastPathComponent()) }
        // Waypoints without a name: the poi cue is matched by its instruction.
        try e.set(turns, "waypoints[0].name", nil)
        try e.set(turns, "waypoints[1].name", nil)
        // Free-form wording that names no side, and a trail whose name holds the other side.
        try e.set(turns, "waypoints[2].instruction", "Follow the blazes")
        try e.set(turns, "waypoints[3].instruction", "Turn left onto Right Fork Trail")
        // Whole-metre ele on the crest (within the AR patch's 1 m), stats to match.
        try e.roundEle(crest, routeIndex: try routeIndex(e, "pine-mountain-crest"))
        try PackSigner.resign(root: e.root)
        let report = PackValidator.validate(path: e.root.path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
    }

    @Test func theFixturePackPasses() throws {
        let report = PackValidator.validate(path: try SharedPacks.fixtureRoot().path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
    }

    // MARK: - Readings

    @Test func instructionsReadAsTheBuilderWordsThem() {
        typealias R = InstructionReading
        #expect(R("Turn left") == R(dirClass: .turn, side: .left))
        #expect(R("Bear right") == R(dirClass: .slight, side: .right))
        #expect(R("Keep right at the junction with Left Fork Trail") == R(dirClass: .slight, side: .right))
        #expect(R("Turn sharp left onto York Pond Trail") == R(dirClass: .sharp, side: .left))
        #expect(R("Make a U-turn onto X") == R(dirClass: .uTurn, side: nil))
        #expect(R("Turn around at Unknown Pond") == R(dirClass: .uTurn, side: nil))
        #expect(R("Continue straight across Right Trail") == R(dirClass: .straight, side: nil))
        #expect(R("Continue on the path") == R(dirClass: .straight, side: nil))
        #expect(R("Reach the summit, 1,234 m") == R(dirClass: nil, side: nil))
        #expect(R("Follow the blazes") == R(dirClass: nil, side: nil))
    }

    @Test func distancesAreToldFromHeights() {
        #expect(InstructionText.distances(in: "Turn right in 200 m", outside: []).map(\.text) == ["200 m"])
        #expect(InstructionText.distances(in: "Bear left after 0.5 km", outside: []).map(\.text) == ["0.5 km"])
        #expect(InstructionText.distances(in: "Keep right for 300 ft", outside: []).map(\.text) == ["300 ft"])
        #expect(InstructionText.distances(in: "Turn left in 1 mi", outside: []).map(\.text) == ["1 mi"])
        #expect(InstructionText.distances(in: "Pass Camp 2 km", outside: ["Camp 2 km"]).isEmpty)
        #expect(InstructionText.distances(in: "Turn left onto Route 66", outside: []).isEmpty)
        let summit = "Reach the summit, 1,234 m"
        let d = InstructionText.distances(in: summit, outside: [])
        #expect(d.count == 1 && InstructionText.isHeight(d[0].text, range: d[0].range, in: summit))
        #expect(InstructionText.heightM(in: summit) == 1234)
        let near = "Reach the summit in 200 m"
        let n = InstructionText.distances(in: near, outside: [])
        #expect(n.count == 1 && !InstructionText.isHeight(n[0].text, range: n[0].range, in: near))
    }

    @Test func printableTextAllowsJoinersInsideWordsOnly() {
        #expect(InstructionText.unprintable("Pass Unknown Pond") == nil)
        #expect(InstructionText.unprintable("Pass 👨‍👩‍👧 Camp") == nil)  // ZWJ inside an emoji sequence
        #expect(InstructionText.unprintable("Pass می‌رود") == nil)  // ZWNJ inside a Persian word
        #expect(InstructionText.unprintable("Turn\u{0} left")?.value == 0)
        #expect(InstructionText.unprintable("Turn left\u{200B}")?.value == 0x200B)
        #expect(InstructionText.unprintable("\u{FEFF}Turn left")?.value == 0xFEFF)
        #expect(InstructionText.unprintable("Turn\nleft")?.value == 0x0A)
        #expect(InstructionText.unprintable("Turn \u{202E}tfel")?.value == 0x202E)
    }

    @Test func startHeadingsReadTheCompassWordAfterTheVerb() {
        #expect(GuidanceRules.compassBearingDeg(in: "Head west on North Ridge Trail")?.bearingDeg == 270)
        #expect(GuidanceRules.compassBearingDeg(in: "Head northeast")?.bearingDeg == 45)
        #expect(GuidanceRules.compassBearingDeg(in: "Start at the trailhead") == nil)
    }

    @Test func allowedBendsAreTheNextClassesWithSlack() {
        #expect(GuidanceRules.allowedBendDeg(.left) == 15...170)
        #expect(GuidanceRules.allowedBendDeg(.sharpRight) == 35...180)
        #expect(GuidanceRules.allowedBendDeg(.slightLeft) == 15...130)
        #expect(GuidanceRules.allowedBendDeg(.straight) == 0...55)
    }
}

extension PackEditor {
    /// Rounds `route`'s `ele` to whole metres and updates stats (route, manifest, catalog).
    func roundEle(_ route: String, routeIndex: Int) throws {
        var doc = try json(route)
        guard case .array(let coords)? = doc["coords"] else { return }
        let eles = coords.map { $0[2]!.double.rounded() }
        doc.set("coords", .array(zip(coords, eles).map { c, e in [c[0]!, c[1]!, .number(e)] }))
        var ascent = 0.0, descent = 0.0
        for k in eles.indices.dropFirst() {
            let d = eles[k] - eles[k - 1]
            if d > 0 { ascent += d } else { descent -= d }
        }
        var stats = doc["stats"]!
        stats.set("minEleM", .number(eles.min()!))
        stats.set("maxEleM", .number(eles.max()!))
        stats.set("ascentM", .number(ascent))
        stats.set("descentM", .number(descent))
        doc.set("stats", stats)
        try write(route, try JSONWriter().bytes(doc))
        try set("manifest.json", "routes[\(routeIndex)].stats", stats)
        try editJSON("/catalog.json") { c in
            c.set("regions[0].routes[\(routeIndex)].ascentM", .number(ascent))
            c.set("regions[0].routes[\(routeIndex)].descentM", .number(descent))
        }
    }
}
