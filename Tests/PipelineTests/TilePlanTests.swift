import Bindings
import Foundation
@testable import Pipeline
import Testing
import TestSupport
import TrailpackCore

/// `TilePlan`: when the map's vector layers go into tiles, and the zooms they are cut at.
@Suite struct TilePlanTests {
    /// A square bbox of `sideKm` around (lon, lat).
    func square(_ lon: Double, _ lat: Double, sideKm: Double) -> BBox {
        let dLat = sideKm / 2 / 111.32, dLon = dLat / cos(lat * .pi / 180)
        return BBox(west: lon - dLon, south: lat - dLat, east: lon + dLon, north: lat + dLat)
    }

    /// The region's width and height in MapLibre pixels at zoom z.
    func sizePx(_ b: BBox, zoom z: Int) -> (Double, Double) {
        let world = 512 * pow(2, Double(z))
        return ((b.east - b.west) / 360 * world,
                (WebMercator.y(latDeg: b.north) - WebMercator.y(latDeg: b.south)) / (2 * .pi) * world)
    }

    @Test(arguments: [(0.5, 44.5), (5.0, 44.5), (30.0, 44.5), (111.0, 44.5), (300.0, 60.0), (2.2, 0.0), (12.0, -45.0)])
    func theMinZoomIsTheDeepestAtWhichTheRegionFitsThePhoneEitherWay(_ sideKm: Double, _ lat: Double) {
        let box = square(10, lat, sideKm: sideKm)
        let z = TilePlan.minZoom(box)
        let (w, h) = sizePx(box, zoom: z)
        #expect(w <= 360 && h <= 360, "zoom \(z): \(w) x \(h) px")
        if z < TilePlan.maxZoom {
            let (w1, h1) = sizePx(box, zoom: z + 1)
            #expect(w1 > 360 || h1 > 360, "zoom \(z + 1) fits too: \(w1) x \(h1) px")
        }
    }

    @Test func theWholeN44W072TileStartsAtZoom7AndACragAtTheDeepestZoom() {
        #expect(TilePlan.minZoom(BBox(west: -71.999, south: 44.001, east: -71.001, north: 44.999)) == 7)
        // A 5 km² crag fits 360 px at zoom 13; the tiles still start no deeper than 14.
        #expect(TilePlan.minZoom(square(-71.3, 44.3, sideKm: 2.2)) == 13)
        #expect(TilePlan.minZoom(square(-71.3, 44.3, sideKm: 0.05)) == TilePlan.maxZoom)
    }

    @Test func theGeoJSONEstimateIsWithinFivePercentOfTheDemoContoursFile() throws {
        let region = try DemoPack.region
        let actual = try Data(contentsOf: region.appendingPathComponent("contours.geojson")).count
        let lines = try VectorReaderContours.read(region.appendingPathComponent("contours.geojson").path)
        let estimate = TilePlan.estimatedGeoJSONBytes(lines)
        #expect(abs(estimate / Double(actual) - 1) < 0.05, "estimate \(estimate), file \(actual) bytes")
    }

    @Test func tilesOnlyAboveTheThreshold() throws {
        let region = try DemoPack.region
        let lines = try VectorReaderContours.read(region.appendingPathComponent("contours.geojson").path)
        let box = BBox(west: -71.48, south: 44.41, east: -71.34, north: 44.55)
        let estimate = TilePlan.estimatedGeoJSONBytes(lines)
        #expect(TilePlan(bbox: box, contours: lines, otherGeoJSONBytes: 0, vectorTilesAboveMB: estimate / 1e6 * 1.01).zooms == nil)
        #expect(TilePlan(bbox: box, contours: lines, otherGeoJSONBytes: 0, vectorTilesAboveMB: estimate / 1e6 * 0.99).zooms == TilePlan.minZoom(box)...14)
    }

    /// Trails large enough alone put the map into tiles, however small the contours.
    @Test func trailsAndPOIsCountTowardTheThreshold() throws {
        let region = try DemoPack.region
        let lines = try VectorReaderContours.read(region.appendingPathComponent("contours.geojson").path)
        let box = BBox(west: -71.48, south: 44.41, east: -71.34, north: 44.55)
        let estimate = TilePlan.estimatedGeoJSONBytes(lines)
        let thresholdMB = estimate / 1e6 * 2
        let under = TilePlan(bbox: box, contours: lines, otherGeoJSONBytes: Int(estimate * 0.9), vectorTilesAboveMB: thresholdMB)
        let over = TilePlan(bbox: box, contours: lines, otherGeoJSONBytes: Int(estimate * 1.1), vectorTilesAboveMB: thresholdMB)
        #expect(under.zooms == nil)
        #expect(over.zooms == TilePlan.minZoom(box)...14)
        #expect(abs(over.drawnGeoJSONBytes - estimate * 2.1) < 1)
        let noContours = TilePlan(bbox: box, contours: [], otherGeoJSONBytes: 3_000_000, vectorTilesAboveMB: 2)
        #expect(noContours.zooms != nil && noContours.estimatedContourBytes == 0)
    }
}

/// The demo's contour lines read back from its GeoJSON file (`ele` and the line).
enum VectorReaderContours {
    static func read(_ path: String) throws -> [ContourLine] {
        try VectorReader.read(path: path).compactMap { feature in
            guard case .lineString(let coords) = feature.geometry, let ele = feature.field("ele").flatMap(Double.init) else { return nil }
            return ContourLine(eleM: ele, coords: coords)
        }
    }
}
