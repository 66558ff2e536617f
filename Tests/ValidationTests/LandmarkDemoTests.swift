import Foundation
import PackJSON
import Testing
import TrailpackCore
@testable import Validation

private let demoRoutes = ["mount-cabot", "unknown-pond", "starr-king"]
private func routeFile(_ id: String) -> String { "routes/\(id).json" }

/// The meaning rules on the pipeline-built demo pack: its own verdicts agree with the
/// recomputed sightlines, corruptions are caught where they are, legal variants pass.
@Suite("Landmark meaning on the demo pack")
struct LandmarkDemoTests {
    static let meaningRules = LandmarkFixtureTests.meaningRules

    /// A copy of the demo pack, removed when `body` returns.
    func withDemoCopy(_ body: (PackEditor) throws -> Void) throws {
        let editor = try DemoPack.copy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        try body(editor)
    }

    /// Re-signs and validates; the findings of rules other than the meaning rules must be none.
    func validate(_ e: PackEditor) throws -> ValidationReport {
        try PackSigner.resign(root: e.root)
        let report = PackValidator.validate(path: e.root.path)
        let others = report.findings.filter { !Self.meaningRules.contains($0.ruleId) }
        #expect(others.isEmpty, "\(ReportRenderer.text(report))")
        return report
    }

    func problem(_ report: ValidationReport, _ rule: ValidationRule, route: String, path: String) -> ValidationProblem? {
        report.problems(rule).first { $0.file == "regions/\(DemoPack.regionId)/\(routeFile(route))" && $0.location.jsonPath == path }
    }

    @Test func theBuildersVerdictsAgreeWithTheRecomputedSightlines() throws {
        try withDemoCopy { e in
            var all = LandmarkAgreement()
            for id in demoRoutes { all = all.merged(try LandmarkAgreement.measure(e, routeId: id)) }
            print("demo landmark agreement: \(all.pairs) pairs, lowest listed clearance \(all.lowestListedM) m, "
                + "highest unlisted \(all.highestUnlistedM) m, highest unlisted POI \(all.highestUnlistedPOIM) m")
            #expect(all.pairs > 10_000)
            #expect(all.lowestListedM > -LandmarkSightRules.toleranceM)
            #expect(all.highestUnlistedM < LandmarkSightRules.toleranceM)
            #expect(all.highestUnlistedPOIM < LandmarkSightRules.toleranceM)
        }
    }

    @Test func aLandmarkListedWhereTheSightlineRuns50MUnderTheTerrainIsAnError() throws {
        try withDemoCopy { e in
            let probe = try LandmarkSightProbe(e, routeId: "mount-cabot")
            // The first landmark with a vertex between or after its ranges (its first visible
            // index, and so the list's order, stay) hidden by 50 m or more.
            var found: (k: Int, v: Int, clearanceM: Double)?
            for (k, entry) in probe.landmarks.enumerated() where found == nil {
                let top = LandmarkSightProbe.top(entry)
                let ranges = LandmarkSightProbe.ranges(entry)
                let outside = (ranges[0].upperBound + 1..<probe.coords.count).filter { i in !ranges.contains { $0.contains(i) } }
                if let v = outside.first(where: { probe.clearanceM($0, to: top.p, eleM: top.eleM) <= -50 }) {
                    found = (k, v, probe.clearanceM(v, to: top.p, eleM: top.eleM))
                }
            }
            let (k, v, clearanceM) = try #require(found)
            let ranges = (LandmarkSightProbe.ranges(probe.landmarks[k]) + [v...v]).sorted { $0.lowerBound < $1.lowerBound }
            let j = try #require(ranges.firstIndex(of: v...v))
            try e.editJSON(routeFile("mount-cabot")) { r in
                r.set("landmarks[\(k)].visible", .array(ranges.map { [.int($0.lowerBound), .int($0.upperBound)] }))
                r.set("landmarks[\(k)].nearestM", .number(probe.nearestM(ranges, to: LandmarkSightProbe.top(probe.landmarks[k]).p), decimals: 1))
            }
            let report = try validate(e)
            let match = problem(report, .landmarkSightline, route: "mount-cabot", path: "landmarks[\(k)].visible[\(j)]")
            #expect(match?.found.contains("at vertex \(v)") == true, "\(ReportRenderer.text(report))")
            #expect(match?.found.contains(format((clearanceM * 10).rounded() / 10)) == true, "\(match?.found ?? "none"), \(clearanceM)")
        }
    }

    @Test func aSummitMoved2KmWithItsEleResampledIsAnError() throws {
        try withDemoCopy { e in
            let probe = try LandmarkSightProbe(e, routeId: "mount-cabot")
            let k = try #require(probe.landmarks.firstIndex { LandmarkSightProbe.string($0["name"]) == "Mount Cabot" })
            let entry = probe.landmarks[k]
            let moved = Geodesic.destination(from: LandmarkSightProbe.top(entry).p, bearingDeg: 90, distanceM: 2000)
            let p = LonLat((moved.lon * 1e7).rounded() / 1e7, (moved.lat * 1e7).rounded() / 1e7)
            try e.editJSON(routeFile("mount-cabot")) { r in
                r.set("landmarks[\(k)].lon", .number(p.lon, decimals: 7))
                r.set("landmarks[\(k)].lat", .number(p.lat, decimals: 7))
                r.set("landmarks[\(k)].ele", .number(probe.terrain.elevationM(at: p)!, decimals: 1))
                r.set("landmarks[\(k)].nearestM", .number(probe.nearestM(LandmarkSightProbe.ranges(entry), to: p), decimals: 1))
            }
            let report = try validate(e)
            let match = problem(report, .landmarkSummit, route: "mount-cabot", path: "landmarks[\(k)].lon")
            #expect(match != nil, "\(ReportRenderer.text(report))")
            #expect(report.problems(.landmarkEle).isEmpty && report.problems(.landmarkNearest).isEmpty)
        }
    }

    /// A DEM summit ("Summit 988 m") moved 2 km with its ele re-sampled no longer has the
    /// elevation its name gives.
    @Test func aDEMSummitMoved2KmIsAnError() throws {
        try withDemoCopy { e in
            let probe = try LandmarkSightProbe(e, routeId: "mount-cabot")
            let k = try #require(probe.landmarks.firstIndex { LandmarkSightProbe.string($0["name"]) == "Summit 988 m" })
            let entry = probe.landmarks[k]
            let moved = Geodesic.destination(from: LandmarkSightProbe.top(entry).p, bearingDeg: 0, distanceM: 2000)
            let p = LonLat((moved.lon * 1e7).rounded() / 1e7, (moved.lat * 1e7).rounded() / 1e7)
            let eleM = probe.terrain.elevationM(at: p)!
            #expect(abs(eleM - 988) > 1)
            try e.editJSON(routeFile("mount-cabot")) { r in
                r.set("landmarks[\(k)].lon", .number(p.lon, decimals: 7))
                r.set("landmarks[\(k)].lat", .number(p.lat, decimals: 7))
                r.set("landmarks[\(k)].ele", .number(eleM, decimals: 1))
                r.set("landmarks[\(k)].nearestM", .number(probe.nearestM(LandmarkSightProbe.ranges(entry), to: p), decimals: 1))
            }
            let report = try validate(e)
            #expect(problem(report, .landmarkSummit, route: "mount-cabot", path: "landmarks[\(k)].ele") != nil, "\(ReportRenderer.text(report))")
        }
    }

    /// Every demo landmark is grazing (clear by under 2.7 m) wherever it is in sight, but for
    /// Unknown Pond from the route's last vertex, at the pond, where no terrain lies between.
    @Test func aPOIInPlainSightDroppedIsAnError() throws {
        try withDemoCopy { e in
            let probe = try LandmarkSightProbe(e, routeId: "unknown-pond")
            let k = try #require(probe.landmarks.firstIndex { LandmarkSightProbe.string($0["name"]) == "Unknown Pond" })
            let top = LandmarkSightProbe.top(probe.landmarks[k])
            let bestM = probe.clearancesM(to: top.p, eleM: top.eleM).max()!
            #expect(bestM > LandmarkSightRules.toleranceM, "Unknown Pond must be in plain sight: best clearance \(bestM) m")
            try e.editJSON(routeFile("unknown-pond")) { r in
                guard case .array(var l) = r["landmarks"]! else { return }
                l.remove(at: k)
                r.set("landmarks", .array(l))
            }
            let report = try validate(e)
            let match = problem(report, .landmarkOmitted, route: "unknown-pond", path: "landmarks")
            #expect(match?.expected.contains("\"Unknown Pond\"") == true, "\(ReportRenderer.text(report))")
        }
    }

    @Test func anEmptyNameIsAnError() throws {
        try withDemoCopy { e in
            try e.set(routeFile("starr-king"), "landmarks[0].name", "")
            let report = try validate(e)
            #expect(problem(report, .landmarkName, route: "starr-king", path: "landmarks[0].name") != nil, "\(ReportRenderer.text(report))")
        }
    }

    @Test func routesWithoutLandmarksAreLegal() throws {
        try withDemoCopy { e in
            for id in demoRoutes { try e.set(routeFile(id), "landmarks", nil) }
            try PackSigner.resign(root: e.root)
            let report = PackValidator.validate(path: e.root.path)
            #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
        }
    }

    /// Every route `ele` in whole metres (stats' extremes follow): the eyes move by up to
    /// 0.5 m, inside the rounding allowance.
    @Test func wholeMetreRouteEleIsLegal() throws {
        try withDemoCopy { e in
            for id in demoRoutes {
                var extremes = (lowest: Double.infinity, highest: -Double.infinity)
                try e.editJSON(routeFile(id)) { r in
                    guard case .array(let rows) = r["coords"]! else { return }
                    let rounded: [JSONValue] = rows.map { row in
                        let ele = row[2]!.double.rounded()
                        extremes = (min(extremes.lowest, ele), max(extremes.highest, ele))
                        return [row[0]!, row[1]!, .int(Int(ele))]
                    }
                    r.set("coords", .array(rounded))
                    r.set("stats.minEleM", .int(Int(extremes.lowest)))
                    r.set("stats.maxEleM", .int(Int(extremes.highest)))
                }
                let stats = try e.json(routeFile(id))["stats"]!
                try e.editJSON("manifest.json") { m in
                    let index = try #require((0..<demoRoutes.count).first { LandmarkSightProbe.string(m.get("routes[\($0)].id")) == id })
                    m.set("routes[\(index)].stats", stats)
                }
            }
            try PackSigner.resign(root: e.root)
            let report = PackValidator.validate(path: e.root.path)
            #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
        }
    }
}
