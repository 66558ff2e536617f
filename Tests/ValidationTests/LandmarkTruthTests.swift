import Foundation
import PackJSON
import Testing
import TrailpackCore
@testable import Validation

private let fixtureRegion = "regions/\(PackFixture.regionId)/"
private let fixtureRoute = "routes/\(PackFixture.routeId).json"

/// Moves the fixture's peak landmark (`landmarks[1]`, Fixture Shoulder) 2 km south-east, with `ele` re-sampled
/// from terrain.bin and `nearestM` recomputed, so that only the meaning rules can see it.
private func moveFixtureSummit(_ e: PackEditor) throws {
    let probe = try LandmarkSightProbe(e, routeId: PackFixture.routeId)
    let entry = probe.landmarks[1]
    let moved = Geodesic.destination(from: LandmarkSightProbe.top(entry).p, bearingDeg: 135, distanceM: 2000)
    let p = LonLat((moved.lon * 1e7).rounded() / 1e7, (moved.lat * 1e7).rounded() / 1e7)
    try e.editJSON(fixtureRoute) { r in
        r.set("landmarks[1].lon", .number(p.lon, decimals: 7))
        r.set("landmarks[1].lat", .number(p.lat, decimals: 7))
        r.set("landmarks[1].ele", .number(probe.terrain.elevationM(at: p)!, decimals: 1))
        r.set("landmarks[1].nearestM", .number(probe.nearestM(LandmarkSightProbe.ranges(entry), to: p), decimals: 1))
    }
}

/// Corruptions of the fixture pack's landmarks (covering the meaning rules in the corpus).
let landmarkCorruptions: [Corruption] = [
    Corruption(name: "landmark with an empty name", rule: .landmarkName, file: fixtureRegion + fixtureRoute, path: "landmarks[0].name") {
        try $0.set(fixtureRoute, "landmarks[0].name", "")
    },
    Corruption(name: "landmark kind with a control character", rule: .landmarkName, file: fixtureRegion + fixtureRoute, path: "landmarks[1].kind") {
        try $0.set(fixtureRoute, "landmarks[1].kind", "sum\u{7}mit")
    },
    Corruption(name: "spring listed from where the hill hides it", rule: .landmarkSightline, file: fixtureRegion + fixtureRoute,
               path: "landmarks[0].visible[1]") {
        try $0.set(fixtureRoute, "landmarks[0].visible[1][1]", .int(PackFixture.routeCoords().count - 1))
    },
    Corruption(name: "summit moved 2 km", rule: .landmarkSummit, file: fixtureRegion + fixtureRoute, path: "landmarks[1].lon") {
        try moveFixtureSummit($0)
    },
    Corruption(name: "pond in plain sight dropped", rule: .landmarkOmitted, file: fixtureRegion + fixtureRoute, path: "landmarks") {
        try $0.editJSON(fixtureRoute) { r in
            guard case .array(var l) = r["landmarks"]! else { return }
            l.remove(at: 2)
            r.set("landmarks", .array(l))
        }
    },
]

@Suite("Landmark meaning on the fixture pack")
struct LandmarkFixtureTests {
    @Test(arguments: landmarkCorruptions)
    func corruptionIsReported(_ corruption: Corruption) throws {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let (report, match) = try corruption.validated(editor)
        #expect(match != nil, "\(corruption.rule.id) at \(corruption.path ?? "") not reported; got:\n\(ReportRenderer.text(report))")
        #expect(match?.severity == .error)
        // Only the meaning rules fire: the corruptions keep the form rules satisfied.
        let others = report.findings.filter { !Self.meaningRules.contains($0.ruleId) }
        #expect(others.isEmpty, "\(ReportRenderer.text(report))")
    }

    static let meaningRules = Set([ValidationRule.landmarkName, .landmarkSightline, .landmarkSummit, .landmarkOmitted].map(\.id))

    @Test func theFixtureCorruptionsAreRealDisagreements() throws {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let probe = try LandmarkSightProbe(editor, routeId: PackFixture.routeId)
        // The spring's range extended to the last vertex: the hill hides it there by far more than 3 m.
        let spring = LandmarkSightProbe.top(probe.landmarks[0])
        let end = LandmarkSightProbe.ranges(probe.landmarks[0])[1].upperBound
        let hidden = ((end + 1)..<probe.coords.count).map { probe.clearanceM($0, to: spring.p, eleM: spring.eleM) }.min()!
        #expect(hidden < -50, "worst clearance \(hidden) m")
        // The dropped pond is clear by more than the 3 m tolerance from some vertex.
        let pond = LandmarkSightProbe.top(probe.landmarks[2])
        let clear = probe.clearancesM(to: pond.p, eleM: pond.eleM).filter(\.isFinite).max()!
        #expect(clear > LandmarkSightRules.toleranceM, "best clearance \(clear) m")
    }

    @Test func aMovedSummitIsCaughtByItsPOIDistanceNotItsEle() throws {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        try moveFixtureSummit(editor)
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path)
        #expect(report.problems(.landmarkEle).isEmpty && report.problems(.landmarkNearest).isEmpty)
        let summit = report.problems(.landmarkSummit).first
        #expect(summit?.found.hasPrefix("2000") == true || summit?.found.hasPrefix("1999") == true, "\(summit?.found ?? "none")")
    }

    @Test func removingTheLandmarksKeyIsLegal() throws {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        try editor.set(fixtureRoute, "landmarks", nil)
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
    }

    @Test func namesWithJoinersAndEmojiArePrintable() {
        #expect(LandmarkNameCheck.problem(in: "Mount Cabot") == nil)
        #expect(LandmarkNameCheck.problem(in: "کوه\u{200C}سار") == nil)
        #expect(LandmarkNameCheck.problem(in: "Hut 👨\u{200D}👩\u{200D}👧") == nil)
        #expect(LandmarkNameCheck.problem(in: "") != nil)
        #expect(LandmarkNameCheck.problem(in: "   ") != nil)
        #expect(LandmarkNameCheck.problem(in: "Peak\u{202E}") != nil)
        #expect(LandmarkNameCheck.problem(in: "Line\nbreak") != nil)
    }
}
