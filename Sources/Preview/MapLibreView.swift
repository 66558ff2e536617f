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

    /// Image size of every view.
    public static let size = (width: 900, height: 600)
    /// Share of the image's width and height left free on each side around a fitted extent.
    public static let margin = 0.05
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

    /// The three views of a region: its bbox, its first route's extent (the bbox again when
    /// it has no route) and zoom 15 at the first route's middle vertex (or the bbox's centre).
    public static func views(bbox: BBox, firstRoute: [LonLat]?) -> [MapLibreView] {
        let (w, h) = size
        let region = fit(bbox, kind: .region, width: w, height: h)
        guard let coords = firstRoute, !coords.isEmpty, let extent = BBox(covering: coords) else {
            let centre = region.center
            return [region, fit(bbox, kind: .route, width: w, height: h),
                    MapLibreView(kind: .z15, center: centre, zoom: closeUpZoom, width: w, height: h)]
        }
        return [region, fit(extent, kind: .route, width: w, height: h),
                MapLibreView(kind: .z15, center: coords[coords.count / 2], zoom: closeUpZoom, width: w, height: h)]
    }

    /// The view centred on `box` (its mercator middle) at the highest zoom (at most
    /// `maxFitZoom`) that shows it whole with `margin` free on every side.
    public static func fit(_ box: BBox, kind: Kind, width: Int, height: Int) -> MapLibreView {
        let nw = world(LonLat(box.west, box.north), zoom: 0), se = world(LonLat(box.east, box.south), zoom: 0)
        let spanX = max(se.x - nw.x, 1e-9), spanY = max(se.y - nw.y, 1e-9)
        let usable = 1 - 2 * margin
        let zoom = min(log2(min(Double(width) * usable / spanX, Double(height) * usable / spanY)), maxFitZoom)
        let center = lonLat(worldX: (nw.x + se.x) / 2, worldY: (nw.y + se.y) / 2, zoom: 0)
        // Rounded so the page and the renderer's command line carry the same figures.
        return MapLibreView(kind: kind, center: LonLat(rounded(center.lon, 7), rounded(center.lat, 7)),
                            zoom: (zoom * 1000).rounded(.down) / 1000, width: width, height: height)
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

    private static func rounded(_ v: Double, _ decimals: Int) -> Double {
        let f = pow(10, Double(decimals))
        return (v * f).rounded() / f
    }
}
