import Foundation
import Testing
import TrailpackCore
@testable import Guidance

/// A summit POI names a summit on every visit of the route to it (docs/GUIDANCE.md, *Summits*).
struct SummitVisitTests {
    /// Mount Cabot, 10 m north of the point 500 m east of the origin.
    static let cabot = PointOfInterest(name: "Mount Cabot", kind: "summit",
                                       location: Geodesic.destination(from: Fixtures.walk([(90, 500)])[1], bearingDeg: 0, distanceM: 10))

    /// Out-and-back east: 500 m up from 1,000 m to the top at 1,100 m, on `beyondM` metres down
    /// `dipM`, then back the same way. The top is crossed twice, with a dip of `dipM` between.
    static func outAndBackBeyond(beyondM: Double, dipM: Double, pois: [PointOfInterest] = [cabot]) -> GuidanceInput {
        let coords = Fixtures.walk([(90, 500), (90, beyondM), (270, beyondM), (270, 500)])
        let tipM = 500 + beyondM, totalM = 1000 + 2 * beyondM
        let ele: (Double) -> Double = { d in
            let x = min(d, totalM - d)  // distance from the nearer end, along
            return x <= 500 ? 1000 + x / 5 : 1100 - dipM * (x - 500) / (tipM - 500)
        }
        return Fixtures.input(RoutePath(coords: coords), pois: pois, eleM: ele)
    }

    @Test func anOutAndBackBeyondTheNamingRadiusNamesTheSummitBothTimes() throws {
        // The turnaround is 400 m beyond the top: the route visits Mount Cabot twice.
        let input = Self.outAndBackBeyond(beyondM: 400, dipM: 60)
        let top = [input.resampledIndexOfPathVertex[1], input.resampledIndexOfPathVertex[3]]
        #expect(SummitDetector.summitIndices(input.elevationsM, tuning: .standard) == top)
        let w = try Guidance.waypoints(for: input)
        let summits = w.filter { $0.kind == .summit }
        #expect(summits.map(\.i) == top)
        #expect(summits.map(\.instruction) == ["Reach the summit of Mount Cabot", "Reach the summit of Mount Cabot"])
        #expect(summits.map(\.name) == ["Mount Cabot", "Mount Cabot"])
        // The tip is 400 m from the summit: an unnamed turnaround between the two.
        #expect(Fixtures.cues(w).map(\.instruction)
                == ["Reach the summit of Mount Cabot", "Turn around", "Reach the summit of Mount Cabot"])
        #expect(!w.contains { $0.kind == .poi })
    }

    @Test func anOutAndBackJustBeyondTheSummitNamesItOnceAndAnnouncesNoOtherSummit() throws {
        // The turnaround is 100 m beyond the top and 30 m lower: one visit, two summits of the profile.
        let input = Self.outAndBackBeyond(beyondM: 100, dipM: 30)
        let top = [input.resampledIndexOfPathVertex[1], input.resampledIndexOfPathVertex[3]]
        #expect(SummitDetector.summitIndices(input.elevationsM, tuning: .standard) == top)
        let w = try Guidance.waypoints(for: input)
        // Named where the route first reaches it (both tops are equally close: the earlier),
        // never "Reach the summit, 1,100 m" on the way back a few metres away.
        #expect(w.filter { $0.kind == .summit }.map(\.i) == [top[0]])
        #expect(Fixtures.cues(w).map(\.instruction) == ["Reach the summit of Mount Cabot", "Turn around at Mount Cabot"])
    }

    @Test func withoutAPoiBothTopsAreUnnamedSummits() throws {
        // Control: the same route without the POI announces both tops by their height.
        let w = try Guidance.waypoints(for: Self.outAndBackBeyond(beyondM: 100, dipM: 30, pois: []))
        #expect(w.filter { $0.kind == .summit }.map(\.instruction) == ["Reach the summit, 1,100 m", "Reach the summit, 1,100 m"])
    }

    @Test func aFigureEightCrossingTheSummitTwiceNamesItTwice() throws {
        // East 600 m to the top, a 300 m square loop north of it and on south (crossing the way
        // out east 300 m from the top), back north to the top and east 600 m: the top is crossed
        // at 600 m and at 2,400 m along, 1.8 km of route between the two visits, with a dip of
        // 60 m between.
        let coords = Fixtures.walk([(90, 600), (0, 300), (90, 300), (180, 600), (270, 300), (0, 300), (90, 600)])
        let ele: (Double) -> Double = { d in 1100 - min(abs(d - 600), abs(d - 2400), 600) / 10 }
        let cabot = PointOfInterest(name: "Mount Cabot", kind: "summit", location: Geodesic.destination(from: coords[1], bearingDeg: 225, distanceM: 10))
        let input = Fixtures.input(RoutePath(coords: coords), pois: [cabot], eleM: ele)
        let tops = [input.resampledIndexOfPathVertex[1], input.resampledIndexOfPathVertex[6]]
        #expect(SummitDetector.summitIndices(input.elevationsM, tuning: .standard) == tops)
        let summits = try Guidance.waypoints(for: input).filter { $0.kind == .summit }
        #expect(summits.map(\.i) == tops)
        #expect(summits.map(\.name) == ["Mount Cabot", "Mount Cabot"])
    }

    @Test func theNamingRadiusIsATuning() throws {
        var tuning = GuidanceTuning.standard
        tuning.cues.namingRadiusM = 5
        let summits = try Guidance.waypoints(for: Self.outAndBackBeyond(beyondM: 400, dipM: 60), tuning: tuning).filter { $0.kind == .summit }
        #expect(summits.map(\.name) == ["Summit 1,100 m", "Summit 1,100 m"])
    }
}
