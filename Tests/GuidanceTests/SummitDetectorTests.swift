import Testing
@testable import Guidance

struct SummitDetectorTests {
    @Test(arguments: [
        ([100, 110, 120, 125, 120, 110, 100] as [Double], [3]),   // 25 m both sides
        ([100, 110, 115, 110, 100], []),                           // 15 m both sides
        ([100, 110, 125, 115, 112, 110], []),                      // 25 m left, 15 m right
        ([100, 120, 120, 120, 100], [1]),                          // flat top: first vertex
        ([100, 130, 105, 140, 100], [1, 3]),                       // two tops, col 25 m below the lower
        ([100, 130, 115, 140, 100], [3]),                          // col only 15 m below the lower top
        ([140, 120, 100], []),                                     // route starts on the top
        ([100, 120, 110, 105, 125, 90], [4]),                      // 15 m dip, then a higher top
        ([100, 120, 110, 100, 125, 90], [1, 4]),                   // 20 m dip: both count
    ])
    func summits(profile: [Double], expected: [Int]) {
        #expect(SummitDetector.summitIndices(profile, tuning: .standard) == expected)
    }

    @Test func exactlyTwentyMetresCounts() {
        #expect(SummitDetector.summitIndices([500, 510, 520, 510, 500], tuning: .standard) == [2])
        #expect(SummitDetector.summitIndices([500, 510, 519.9, 510, 500], tuning: .standard) == [])
    }

    @Test func theDropIsATuning() {
        var tuning = GuidanceTuning.standard
        tuning.summits.minDropM = 15
        #expect(SummitDetector.summitIndices([100, 110, 115, 110, 100], tuning: tuning) == [2])
        #expect(SummitDetector.summitIndices([100, 130, 115, 140, 100], tuning: tuning) == [1, 3])
    }
}
