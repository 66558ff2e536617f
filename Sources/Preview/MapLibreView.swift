import Foundation
import TrailpackCore

/// One camera of a MapLibre render of a region's `style.json`: north-up web mercator as
/// MapLibre draws it, a world of `512 * 2^zoom` logical pixels (its 512-px tiles).
public struct MapLibreView: Sendable, Equatable {
    /// The three views a preview shows, in page order.
    public enum Kind: String, Sendable, CaseIterable {
        /// The whole region (the manifest's bbox).
        case region
        /// The first route's extent.
        case route
        /// Zoom 15 at the first route's middle vertex (the region's centre without a route).
        case z15
    }

    public var kind: Kind
    public var center: LonLat
    public var zoom: Double
    /// Logical pixels (pixel ratio 1: image pixels).
    public var width: Int, height: Int

    public init(kind: Kind, center: LonLat, zoom: Double, width: Int, height: Int) {
        self.kind = kind
        self.center = center
        self.zoom = zoom
        self.width = width
        self.height = height
    }

    /// The largest image of a view; a view's image is its subject's box cut to the region (`MapLibreFrame`).
    public static let size = (width: 900, height: 600)
    /// The close-up's zoom.
    public static let closeUpZoom = 15.0
    /// The highest zoom a fitted extent gets (a very short route).
    public static let maxFitZoom = 17.0

    /// File name of the view's PNG beside index.html.
    public func fileName(regionId: String) -> String { "\(regionId)-maplibre-\(kind.rawValue).png" }

    /// What the view shows, for the page.
    public var title: String {
        switch kind {
        case .region: "Whole region"
        case .route: "First route"
        case .z15: "Close-up, zoom 15"
        }
    }

    /// The three views of a region, each inside the region (nothing is drawn outside it): the
    /// whole region; its first route whole with its start and end rings and the names of the
    /// POIs within `MapLibreFrame.poiReachM` of it, `MapLibreFrame.marginPx` around them (the
    /// region again when it has no route); zoom 15 at the first route's middle vertex (or the
    /// region's centre).
    public static func views(bbox: BBox, firstRoute: [LonLat]?, pois: [(name: String, location: LonLat)] = []) -> [MapLibreView] {
        let corners = [FrameItem(point: LonLat(bbox.west, bbox.north)), FrameItem(point: LonLat(bbox.east, bbox.south))]
        let region = MapLibreFrame.fit(corners, region: bbox, margin: 0, kind: .region, maxSize: size)
        guard let coords = firstRoute, let first = coords.first, let last = coords.last else {
            var route = region
            route.kind = .route
            return [region, route, MapLibreFrame.around(bbox.center, zoom: closeUpZoom, region: bbox, kind: .z15, maxSize: size)]
        }
        let items = routeItems(coords, first: first, last: last, pois: pois)
        return [region, MapLibreFrame.fit(items, region: bbox, margin: MapLibreFrame.marginPx, kind: .route, maxSize: size),
                MapLibreFrame.around(coords[coords.count / 2], zoom: closeUpZoom, region: bbox, kind: .z15, maxSize: size)]
    }

    /// A route's frame subject: its vertices, its start and end rings, the POIs near it with their names.
    public static func routeItems(_ coords: [LonLat], first: LonLat, last: LonLat, pois: [(name: String, location: LonLat)]) -> [FrameItem] {
        var items = coords.map { FrameItem(point: $0) } + [FrameItem.routeEnd(at: first), FrameItem.routeEnd(at: last)]
        guard let extent = BBox(covering: coords) else { return items }
        let reach = MapLibreFrame.poiReachM
        let cosLat = cos(extent.center.lat * .pi / 180)
        let dLat = reach / 111_320, dLon = dLat / max(cosLat, 0.01)
        for poi in pois where poi.location.lon >= extent.west - dLon && poi.location.lon <= extent.east + dLon
            && poi.location.lat >= extent.south - dLat && poi.location.lat <= extent.north + dLat {
            let near = coords.contains { c in
                hypot((c.lon - poi.location.lon) * cosLat, c.lat - poi.location.lat) * 111_320 <= reach
            }
            if near { items.append(.poi(name: poi.name, at: poi.location)) }
        }
        return items
    }

    /// Logical-pixel coordinates of `point` in the whole world at `zoom`, from the north-west.
    public static func world(_ point: LonLat, zoom: Double) -> (x: Double, y: Double) {
        let side = 512 * pow(2, zoom)
        return ((point.lon + 180) / 360 * side, (1 - WebMercator.y(latDeg: point.lat) / .pi) / 2 * side)
    }

    /// Inverse of `world(_:zoom:)`.
    public static func lonLat(worldX x: Double, worldY y: Double, zoom: Double) -> LonLat {
        let side = 512 * pow(2, zoom)
        return LonLat(x / side * 360 - 180, WebMercator.latDeg(y: (1 - 2 * y / side) * .pi))
    }

    /// `point` in the view's image pixels: x right, y down from the top-left corner.
    public func pixel(_ point: LonLat) -> (x: Double, y: Double) {
        let p = Self.world(point, zoom: zoom), c = Self.world(center, zoom: zoom)
        return (p.x - c.x + Double(width) / 2, p.y - c.y + Double(height) / 2)
    }
}
