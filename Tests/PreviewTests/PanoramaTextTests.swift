import Drawing
import Foundation
import Landmarks
import PackReader
@testable import Preview
import Testing
import TrailpackCore

/// The panorama's scale, reach and landmark count say what is true (issue 28 item 5).
@Suite struct PanoramaTextTests {
    @Test func aLandmarkFiveMetresAwayDoesNotStretchTheScale() {
        let skyline = (0..<720).map { -2 + 5 * sin(Double($0) * Double.pi / 360) }
        let near = PanoramaText.angleRangeDeg(skylineDeg: skyline, landmarkTops: [(-31, 5)])
        let none = PanoramaText.angleRangeDeg(skylineDeg: skyline, landmarkTops: [])
        #expect(near == none)
        #expect(near.lowerBound > -9 && near.upperBound < 5)
        // A landmark 2 km away still widens it.
        #expect(PanoramaText.angleRangeDeg(skylineDeg: skyline, landmarkTops: [(-12, 2000)]).lowerBound == -13)
    }

    @Test func theReachNamesTheRegionsEdgeWhenItIsNearer() {
        // A 2 km x 2 km region, the observer in the middle: the edge is 1 to 1.41 km away.
        let centre = LonLat(-71.3, 44.1)
        let box = BBox(west: centre.lon - Geodesic.degreesLongitude(forMetres: 1000, at: centre.lat), south: centre.lat - 1000 / 111_100,
                       east: centre.lon + Geodesic.degreesLongitude(forMetres: 1000, at: centre.lat), north: centre.lat + 1000 / 111_100)
        let edges = PanoramaText.edgeDistancesM(from: centre, region: box, count: 720)
        #expect(abs(edges[0] - 1000) < 15 && abs(edges[90] - 1414) < 20, "\(edges[0]) \(edges[90])")
        let text = PanoramaText.reach(edgeDistancesM: edges, limitM: 25_000)
        #expect(text == "skyline out to the region's edge, 1 km–1.4 km away", "\(text)")
        #expect(!text.contains("25 km"))
        #expect(PanoramaText.reach(edgeDistancesM: [3000, 40_000], limitM: 25_000).contains("region's edge where nearer (from 3 km)"))
        #expect(PanoramaText.reach(edgeDistancesM: [30_000, 40_000], limitM: 25_000) == "skyline out to 25 km")
    }

    @Test func noZeroOfZeroLandmarks() {
        #expect(PanoramaText.landmarkCount(seen: 0, total: 0) == "The route has no landmarks")
        #expect(PanoramaText.landmarkCount(seen: 0, total: 3) == "None of the route's 3 landmark(s) in sight from here")
        #expect(PanoramaText.landmarkCount(seen: 2, total: 3) == "2 of the route's 3 landmark(s) in sight from here")
    }

    /// The fixture's route with a cairn 5 m from its high point and no other landmark: the band
    /// keeps the skyline's scale, says the region's edge and has no "0 of 0".
    @Test func theDrawnPanoramaIgnoresANearCairnAndSaysTheTruth() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let route = pack.routes[0]
        let terrain = fixture.terrain, patch = try pack.arPatch(for: route)
        let bare = try PanoramaRenderer.render(route: route, landmarks: [], region: terrain, patch: patch, color: .black)
        #expect(!bare.summary.contains("0 of"))
        #expect(bare.summary.hasPrefix("The route has no landmarks; skyline out to the region's edge"), "\(bare.summary)")
        let top = route.coords[bare.vertex]
        let cairnAt = Geodesic.destination(from: top, bearingDeg: 90, distanceM: 5)
        let cairn = PackLandmark(name: "Cairn", kind: "poi", lon: cairnAt.lon, lat: cairnAt.lat, ele: route.elevationsM[bare.vertex] - 3,
                                 nearestM: 5, visible: [[bare.vertex, bare.vertex]])
        let withCairn = try PanoramaRenderer.render(route: route, landmarks: [cairn], region: terrain, patch: patch, color: .black)
        #expect(withCairn.labelled.map(\.name) == ["Cairn"])
        #expect(withCairn.labelled[0].elevationDeg < -20)
        #expect(withCairn.angleRangeDeg == bare.angleRangeDeg)
        // Its marker is clamped into the band, its label inside the image.
        #expect(withCairn.labelled[0].marker.yPx <= Double(withCairn.image.heightPx))
        LabelPlacementTests.expectDisjointInside(withCairn.labelBoxes, PixelRect(xPx: 0, yPx: 0, widthPx: Double(withCairn.image.widthPx),
                                                                                 heightPx: Double(withCairn.image.heightPx)), "panorama")
        #expect(withCairn.summary.hasPrefix("1 of the route's 1 landmark(s) in sight from here; skyline out to the region's edge"))
    }

    /// Thirty landmarks within 6° of bearing: labels in rows never overlap and stay inside the
    /// image; those without room are named under the band instead.
    @Test func crowdedPanoramaLabelsNeverOverlap() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let route = pack.routes[0]
        let top = route.elevationsM.indices.max { route.elevationsM[$0] < route.elevationsM[$1] }!
        let crowd = (0..<30).map { k in
            let p = Geodesic.destination(from: route.coords[top], bearingDeg: 357 + 0.2 * Double(k), distanceM: 1500)
            return PackLandmark(name: "Cairn \(k)", kind: "poi", lon: p.lon, lat: p.lat, ele: 600, nearestM: 1500, visible: [[top, top]])
        }
        let panorama = try PanoramaRenderer.render(route: route, landmarks: crowd, region: fixture.terrain, patch: try pack.arPatch(for: route), color: .black)
        #expect(panorama.labelled.count == 30)
        #expect(panorama.labelBoxes.count >= 8 && panorama.labelBoxes.count < 30, "\(panorama.labelBoxes.count)")
        LabelPlacementTests.expectDisjointInside(panorama.labelBoxes, PixelRect(xPx: 0, yPx: 0, widthPx: Double(panorama.image.widthPx),
                                                                                heightPx: Double(panorama.image.heightPx)), "crowded panorama")
    }

    /// A DEM summit's height and its distance read apart (issue 41): "Summit 585 m · 6.5 km", not "Summit 585 m 6.5 km".
    @Test func aLandmarkLabelKeepsTheHeightInItsNameApartFromTheDistance() {
        #expect(PanoramaText.label(name: MetresFormat.labelled("Summit", eleM: 585), distanceM: 6460) == "Summit 585 m · 6.5 km")
        #expect(PanoramaText.label(name: "Mount Cabot", distanceM: 471) == "Mount Cabot · 471 m")
    }
}
