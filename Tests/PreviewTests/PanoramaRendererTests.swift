import Bindings
import Drawing
import Foundation
import Landmarks
import PackReader
import Pipeline
@testable import Preview
import TestSupport
import Testing
import TrailpackCore

/// The panorama and the overview's landmark layer, drawn from the demo pack as written.
@Suite struct PanoramaRendererTests {
    static let demo = Result<(pack: RegionPack, landmarks: [[PackLandmark]], terrain: TerrainGrid), any Error> {
        let pack = try RegionPack.load(folderPath: try DemoBuild.get().summary.regionFolder)
        return (pack, try PackLandmarks.read(pack), try PackLandmarks.regionTerrain(pack))
    }
    static var built: (pack: RegionPack, landmarks: [[PackLandmark]], terrain: TerrainGrid) { get throws { try demo.get() } }

    @Test func panoramaLabelsWhatTheRouteFileSaysIsInSightFromTheHighPoint() throws {
        let (pack, landmarks, terrain) = try Self.built
        for (k, route) in pack.routes.enumerated() {
            let color = RoutePalette.routeColor(index: k)
            let panorama = try PanoramaRenderer.render(route: route, landmarks: landmarks[k], region: terrain,
                                                       patch: try pack.arPatch(for: route), color: color)
            #expect(route.elevationsM[panorama.vertex] == route.elevationsM.max())
            let seen = landmarks[k].filter { $0.isVisible(from: panorama.vertex) }
            #expect(Set(panorama.labelled.map(\.name)) == Set(seen.map(\.name)))
            #expect(Set(panorama.hidden) == Set(landmarks[k].filter { !$0.isVisible(from: panorama.vertex) }.map(\.name)))
            #expect(panorama.skyline.elevationDeg.count == 720)
            let observer = route.coords[panorama.vertex]
            for l in panorama.labelled {
                let landmark = seen.first { $0.name == l.name }!
                // Drawn at its geodesic bearing, 5 px per degree from north.
                #expect(abs(l.marker.xPx - (40 + Geodesic.bearingDeg(observer, landmark.location) * 5)) < 0.01)
                // A landmark in sight is never above the skyline drawn from the same terrain
                // (it is the skyline, or seen against farther slopes); the skyline is sampled
                // every 0.5 degrees of azimuth and half a cell of distance.
                let a = Int((l.bearingDeg / 0.5).rounded()) % 720
                let around = [(a + 719) % 720, a, (a + 1) % 720].map { panorama.skyline.elevationDeg[$0] }.max()!
                if Geodesic.distanceM(observer, landmark.location) > 100 {
                    #expect(l.elevationDeg <= around + 0.2, "\(route.id): \(l.name) at \(l.elevationDeg)° over a skyline of \(around)°")
                }
            }
            // The marker is painted in the route's colour.
            let painted = panorama.labelled.filter { l in
                let x = Int(l.marker.xPx), y = Int(l.marker.yPx) - 2, img = panorama.image
                let p = (y * img.widthPx + x) * img.channels
                return abs(Double(img.pixels[p]) - color.red * 255) < 3 && abs(Double(img.pixels[p + 1]) - color.green * 255) < 3
            }
            #expect(painted.count * 10 >= panorama.labelled.count * 8, "\(route.id): \(painted.count) of \(panorama.labelled.count) markers in colour")
        }
    }

    @Test func overviewLayerGivesTheShareOfEachRouteThatSeesALandmark() throws {
        let (pack, landmarks, _) = try Self.built
        let entries = LandmarkOverlay.entries(routes: pack.routes, landmarks: landmarks)
        #expect(Set(entries.map(\.landmark.name)) == Set(landmarks.flatMap { $0.map(\.name) }))
        for e in entries {
            for s in e.shares {
                let k = pack.routes.firstIndex { $0.id == s.routeID }!
                let l = landmarks[k].first { $0.name == e.landmark.name }!
                #expect(s.share == Double(l.visibleVertexCount) / Double(pack.routes[k].coords.count))
            }
        }
        let cabot = entries.first { $0.landmark.name == "Mount Cabot" }!
        #expect(cabot.shares.map(\.routeID) == ["mount-cabot", "starr-king"])
        #expect(LandmarkOverlay.label(cabot).hasPrefix("Mount Cabot: mount-cabot 0.6 %, starr-king"))
        // The diamond is drawn at each landmark on the overview.
        let overview = try OverviewRenderer.render(pack)
        let red = LandmarkOverlay.markerColor
        var found = 0
        for e in entries {
            let p = overview.frame.point(e.landmark.location)
            let px = (Int(p.yPx) * overview.image.widthPx + Int(p.xPx)) * overview.image.channels
            if abs(Double(overview.image.pixels[px]) - red.red * 255) < 3 && abs(Double(overview.image.pixels[px + 2]) - red.blue * 255) < 3 { found += 1 }
        }
        #expect(found * 10 >= entries.count * 8, "\(found) of \(entries.count) diamonds found")
    }
}
