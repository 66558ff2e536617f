import Bindings
import Foundation
import TestSupport
import TrailpackCore

/// A hand-made region-like folder: `style.json` with relative URLs, a GeoJSON trail
/// (`trails.geojson`, drawn red) and a 2x2 image source (`hillshade.png`, corners red, green,
/// blue, yellow from the north-west clockwise) over a white background.
struct StyleFixture {
    static let center = LonLat(-71.39, 44.495)
    static let trail = [LonLat(-71.395, 44.493), LonLat(-71.390, 44.497), LonLat(-71.386, 44.4935)]
    /// The image's bounds: west, north, east, south.
    static let image = (west: -71.394, north: 44.4975, east: -71.387, south: 44.4925)

    let folder: URL
    var style: URL { folder.appendingPathComponent("style.json") }

    /// Writes the folder; `edit` changes the style's JSON object before it is written.
    init(edit: (inout [String: Any]) -> Void = { _ in }) throws {
        folder = TestData.scratchFolder("style")
        try Self.writeTrail(to: folder.appendingPathComponent("trails.geojson"))
        try Self.writeImage(to: folder.appendingPathComponent("hillshade.png"))
        var object = Self.style()
        edit(&object)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: style)
    }

    /// The style: layers `background`, `hillshade`, `trails`.
    static func style() -> [String: Any] {
        let corners = [[image.west, image.north], [image.east, image.north], [image.east, image.south], [image.west, image.south]]
        return [
            "version": 8,
            "sources": [
                "trails": ["type": "geojson", "data": "trails.geojson"],
                "hillshade": ["type": "image", "url": "hillshade.png", "coordinates": corners],
            ],
            "layers": [
                ["id": "background", "type": "background", "paint": ["background-color": "#ffffff"]],
                ["id": "hillshade", "type": "raster", "source": "hillshade", "paint": ["raster-resampling": "nearest", "raster-fade-duration": 0]],
                ["id": "trails", "type": "line", "source": "trails", "paint": ["line-color": "#ff0000", "line-width": 2]],
            ],
        ]
    }

    static func writeTrail(to url: URL) throws {
        let coords = trail.map { [$0.lon, $0.lat] }
        let feature: [String: Any] = ["type": "Feature", "properties": ["name": "Test trail"],
                                      "geometry": ["type": "LineString", "coordinates": coords]]
        let collection: [String: Any] = ["type": "FeatureCollection", "features": [feature]]
        try JSONSerialization.data(withJSONObject: collection).write(to: url)
    }

    /// Red, green / yellow, blue: the 2x2 image, row 0 at the top.
    static let imageColours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [255, 255, 0], [0, 0, 255]]

    static func writeImage(to url: URL) throws {
        try PNGImage(width: 2, height: 2, channels: 3, pixels: imageColours.flatMap { $0 }).write(to: url.path)
    }
}
