import Testing
@testable import Guidance

struct CompassTests {
    @Test(arguments: [
        (0.0, "north"), (22.4, "north"), (337.5, "north"), (359.9, "north"), (-10.0, "north"),
        (22.5, "northeast"), (45.0, "northeast"), (90.0, "east"), (135.0, "southeast"),
        (180.0, "south"), (225.0, "southwest"), (270.0, "west"), (315.0, "northwest"), (337.4, "northwest"),
        (405.0, "northeast"),
    ])
    func sectors(bearingDeg: Double, name: String) {
        #expect(Compass.point8(bearingDeg: bearingDeg) == name)
    }
}
