import Foundation
import MapStyle
import Testing
import TrailpackCore

/// The rule of the zoom from which a trail carries its name, on lines whose screen lengths are known.
@Suite struct TrailNameZoomTests {
    /// A line along the equator `spanDeg` long: 512 * spanDeg / 360 px at zoom 0.
    static func equator(_ spanDeg: Double, steps: Int = 4) -> [LonLat] {
        (0...steps).map { LonLat(spanDeg * Double($0) / Double(steps), 0) }
    }

    @Test func aStraightLineCarriesItsNameOnceItIsRoomFactorTimesTheNameLong() {
        let line = Self.equator(0.05)
        let roomPx = TrailNameZoom.roomPxAtZoom0(line)
        #expect(abs(roomPx - 512 * 0.05 / 360) < 1e-9)
        let name = "Kilkenny Ridge Trail"  // 20 characters
        let widthPx = 20 * TrailNameZoom.emPerCharacter * TrailNameZoom.textSizePx
        let exact = log2(TrailNameZoom.roomFactor * widthPx / roomPx)
        #expect(TrailNameZoom.zoom(name: name, coords: line) == exact.rounded(.up))
        // At that zoom the line is at least roomFactor times the name's width; a zoom lower it is not.
        let z = TrailNameZoom.zoom(name: name, coords: line)
        #expect(roomPx * pow(2, z) >= TrailNameZoom.roomFactor * widthPx)
        #expect(roomPx * pow(2, z - 1) < TrailNameZoom.roomFactor * widthPx)
    }

    @Test func aZigzagHasTheRoomOfItsLongestStraightStretch() {
        // Out 0.02° east, then a tight zigzag (each leg turning back): the stretch is the first leg.
        var line = Self.equator(0.02)
        for k in 1...6 { line.append(LonLat(0.02 + (k % 2 == 1 ? 0.001 : 0), 0.001 * Double(k))) }
        let room = TrailNameZoom.roomPxAtZoom0(line)
        let firstLeg = 512 * 0.02 / 360
        #expect(room >= firstLeg - 1e-9 && room < firstLeg * 1.2, "\(room) against \(firstLeg)")
        #expect(TrailNameZoom.zoom(name: "A", coords: [LonLat(0, 0)]) == TrailNameZoom.zoomRange.upperBound)
    }

    @Test func theLayerStartsAtTheLowestZoom() {
        #expect(TrailNameZoom.layerMinZoom([12, 10, 14]) == 10)
        #expect(TrailNameZoom.layerMinZoom([]) == nil)
    }
}
