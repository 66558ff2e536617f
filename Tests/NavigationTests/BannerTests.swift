import Testing
@testable import Navigation

@Suite struct BannerTests {
    @Test(arguments: [(4.0, "now"), (10.0, "now"), (10.1, "10 m"), (44.9, "40 m"), (45.0, "50 m"), (95.0, "100 m"),
                      (100.0, "100 m"), (124.9, "100 m"), (125.0, "150 m"), (974.9, "950 m"), (975.0, "1.0 km"),
                      (1049.0, "1.0 km"), (1050.0, "1.1 km"), (12_345.0, "12.3 km")])
    func distancesRoundAsTheDocSays(metres: Double, text: String) {
        #expect(Banner.distance(metres) == text)
    }

    @Test func cueAndOffRouteBanners() {
        #expect(Banner.cue("Bear right", distanceM: 38) == "Bear right in 40 m")
        #expect(Banner.cue("Bear right", distanceM: 3) == "Bear right now")
        #expect(Banner.offRoute(distanceM: 61, bearingDeg: 40) == "Off trail by 60 m, head northeast")
        #expect(Banner.offRoute(distanceM: 2, bearingDeg: 181) == "Off trail by 10 m, head south")
    }
}
