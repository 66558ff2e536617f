import Preview
import Testing

@Suite struct ProfileLayoutTests {
    @Test func niceSteps() {
        #expect(ProfileLayout.niceStep(0.7) == 1)
        #expect(ProfileLayout.niceStep(1.3) == 2)
        #expect(ProfileLayout.niceStep(2.2) == 2.5)
        #expect(ProfileLayout.niceStep(72.05) == 100)
        #expect(ProfileLayout.niceStep(0.031) == 0.05)
        #expect(ProfileLayout.niceStep(50) == 50)
    }

    @Test func elevationRangeIsPaddedAndRounded() {
        // 512...905: pad 19.65 -> 492.35...924.65, span/6 = 72.05 -> step 100 -> 400...1000.
        let layout = ProfileLayout(distanceM: 7_340, minEleM: 512, maxEleM: 905)
        #expect(layout.elevationTickM == 100)
        #expect(layout.elevationRangeM == 400...1000)
        #expect(layout.distanceRangeKm == 0...7.34)
        #expect(layout.distanceTickKm == 1)
        // Documented plot rectangle: x 110...1550, y 200...670.
        #expect(layout.yPx(elevationM: 1000) == 200)
        #expect(layout.yPx(elevationM: 400) == 670)
        #expect(layout.yPx(elevationM: 700) == 435)
        #expect(layout.xPx(distanceM: 0) == 110)
        #expect(abs(layout.xPx(distanceM: 7_340) - 1550) < 1e-9)
    }

    @Test func flatRouteStillGetsAPositiveRange() {
        // Flat at 300 m: pad 5 m -> 295...305, step 2 -> 294...306.
        let layout = ProfileLayout(distanceM: 800, minEleM: 300, maxEleM: 300)
        #expect(layout.elevationTickM == 2)
        #expect(layout.elevationRangeM == 294...306)
        #expect(layout.yPx(elevationM: 300) == 435)
    }
}
