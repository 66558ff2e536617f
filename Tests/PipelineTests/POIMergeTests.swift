import Foundation
@testable import Pipeline
import Testing
import TrailpackCore

/// `POIMerge`: the same place given by several inputs is one POI.
@Suite struct POIMergeTests {
    let howk = LonLat(-71.3000, 44.3000)

    func poi(_ name: String, _ p: LonLat, kind: String = "viewpoint", from source: String = "a.geojson") -> POIMerge.Sourced {
        POIMerge.Sourced(poi: PointOfInterest(name: name, kind: kind, location: p), source: source)
    }

    func north(_ p: LonLat, metres: Double) -> LonLat { Geodesic.destination(from: p, bearingDeg: 0, distanceM: metres) }

    @Test func fifteenPointsFromTwoFilesAreFifteenPOIsWithOneNoteEach() {
        let points = (0..<15).map { poi("Place \($0)", north(howk, metres: Double($0) * 300)) }
        let again = points.map { POIMerge.Sourced(poi: $0.poi, source: "b.geojson") }
        let (merged, notes) = POIMerge.merge(points + again)
        #expect(merged == points.map(\.poi))
        #expect(notes.count == 15)
        #expect(notes[0].message == "\"Place 0\" is given 2 times within 0 m (a.geojson, b.geojson): kept once, as first given")
    }

    @Test func theFirstGivenIsKeptWhateverTheCaseAndSpacesOfTheOthers() {
        let (merged, notes) = POIMerge.merge([poi("First Howk", howk, kind: "summit"),
                                              poi("  first howk ", north(howk, metres: 30), kind: "viewpoint", from: "recipe.json5"),
                                              poi("FIRST HOWK", north(howk, metres: 49), from: "c.gpx")])
        #expect(merged == [PointOfInterest(name: "First Howk", kind: "summit", location: howk)])
        #expect(notes.map(\.message) == ["\"First Howk\" is given 3 times within 49 m (a.geojson, recipe.json5, c.gpx): kept once, as first given"])
    }

    @Test func theSameNameFartherThanFiftyMetresIsTwoPlacesAndOtherNamesStay() {
        let spring = [poi("Spring", howk), poi("Spring", north(howk, metres: 51)), poi("Pond", north(howk, metres: 1))]
        let (merged, notes) = POIMerge.merge(spring)
        #expect(merged == spring.map(\.poi))
        #expect(notes.isEmpty)
    }
}
