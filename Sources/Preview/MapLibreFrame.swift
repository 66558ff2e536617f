import Foundation
import MapStyle
import TrailpackCore

/// Something a MapLibre frame must show whole: a point and the pixels its drawing takes around
/// it (an icon, a label, a marker), as distances from the point, px.
public struct FrameItem: Sendable, Equatable {
    public var point: LonLat
    public var left: Double, top: Double, right: Double, bottom: Double

    public init(point: LonLat, left: Double = 0, top: Double = 0, right: Double = 0, bottom: Double = 0) {
        self.point = point
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// A POI: its icon, and its name under or over it (the style's preferred anchors), the name
    /// `emPerCharacter` ems a character at `poiTextSizePx`, wrapped at MapLibre's 10 ems.
    public static func poi(name: String, at point: LonLat) -> FrameItem {
        let em = MapLibreFrame.poiTextSizePx
        let widthEm = Double(name.count) * TrailNameZoom.emPerCharacter
        let lines = max(1, (widthEm / 10).rounded(.up))
        let halfWidth = max(min(widthEm, 10) * em / 2, Double(SpriteIcons.sizePx) / 2)
        let reach = StyleLayers.poiTextOffsetEm * em + lines * 1.2 * em
        return FrameItem(point: point, left: halfWidth, top: reach, right: halfWidth, bottom: reach)
    }

    /// A route's start or end ring.
    public static func routeEnd(at point: LonLat) -> FrameItem {
        let half = Double(SpriteIcons.ringSizePx(SpriteIcons.routeEnd)) / 2
        return FrameItem(point: point, left: half, top: half, right: half, bottom: half)
    }
}

/// How a MapLibre view is framed: its subject whole with `marginPx` around it at the highest
/// zoom that fits the largest image, the image that size around it but moved into the region
/// (nothing is drawn outside it) and cut to it where the region is smaller.
public enum MapLibreFrame {
    /// Free pixels around a subject.
    public static let marginPx = 16.0
    /// POI names' text size at zoom 15 and above (the largest), px.
    public static let poiTextSizePx = 13.0
    /// POIs this near a route, metres, are part of its frame's subject.
    public static let poiReachM = 250.0

    /// A box in world pixels at some zoom.
    struct Box {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
        var width: Double { maxX - minX }
        var height: Double { maxY - minY }
    }

    /// The items' box at `zoom`, grown by `margin` px.
    static func box(_ items: [FrameItem], zoom: Double, margin: Double) -> Box {
        var b = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for item in items {
            let p = MapLibreView.world(item.point, zoom: zoom)
            b.minX = min(b.minX, p.x - item.left - margin)
            b.minY = min(b.minY, p.y - item.top - margin)
            b.maxX = max(b.maxX, p.x + item.right + margin)
            b.maxY = max(b.maxY, p.y + item.bottom + margin)
        }
        return b
    }

    /// The region's box at `zoom`.
    static func regionBox(_ region: BBox, zoom: Double) -> Box {
        let nw = MapLibreView.world(LonLat(region.west, region.north), zoom: zoom)
        let se = MapLibreView.world(LonLat(region.east, region.south), zoom: zoom)
        return Box(minX: nw.x, minY: nw.y, maxX: se.x, maxY: se.y)
    }

    /// `a` cut to `b` (`a` when they do not meet).
    static func intersection(_ a: Box, _ b: Box) -> Box {
        let c = Box(minX: max(a.minX, b.minX), minY: max(a.minY, b.minY), maxX: min(a.maxX, b.maxX), maxY: min(a.maxY, b.maxY))
        return c.width > 0 && c.height > 0 ? c : a
    }

    /// The view of `kind` showing `items` whole with `margin` px around them, cut to `region`,
    /// at the highest zoom (to a thousandth, at most `MapLibreView.maxFitZoom`) whose picture
    /// fits `maxSize`.
    public static func fit(_ items: [FrameItem], region: BBox, margin: Double, kind: MapLibreView.Kind,
                           maxSize: (width: Int, height: Int)) -> MapLibreView {
        func picture(_ zoom: Double) -> Box { intersection(box(items, zoom: zoom, margin: margin), regionBox(region, zoom: zoom)) }
        func fits(_ zoom: Double) -> Bool {
            let b = picture(zoom)
            return b.width <= Double(maxSize.width) && b.height <= Double(maxSize.height)
        }
        var low = 0.0, high = MapLibreView.maxFitZoom
        if !fits(high) {
            for _ in 0..<40 {
                let mid = (low + high) / 2
                if fits(mid) { low = mid } else { high = mid }
            }
            high = (low * 1000).rounded(.down) / 1000
        }
        return view(kind, picture(high), region: region, zoom: high, maxSize: maxSize)
    }

    /// A view of `kind` centred on `center` at `zoom`, `maxSize` shifted into `region` (cut to
    /// it where the region is smaller).
    public static func around(_ center: LonLat, zoom: Double, region: BBox, kind: MapLibreView.Kind,
                              maxSize: (width: Int, height: Int)) -> MapLibreView {
        let c = MapLibreView.world(center, zoom: zoom)
        let (w, h) = (Double(maxSize.width) / 2, Double(maxSize.height) / 2)
        let wanted = Box(minX: c.x - w, minY: c.y - h, maxX: c.x + w, maxY: c.y + h)
        return view(kind, shifted(wanted, into: regionBox(region, zoom: zoom)), region: region, zoom: zoom, maxSize: maxSize)
    }

    /// `box` moved (not resized) to lie inside `region` on each axis where it is the smaller, else cut to it.
    static func shifted(_ box: Box, into region: Box) -> Box {
        func axis(_ lo: Double, _ hi: Double, _ rlo: Double, _ rhi: Double) -> (Double, Double) {
            if hi - lo >= rhi - rlo { return (rlo, rhi) }
            let shift = lo < rlo ? rlo - lo : (hi > rhi ? rhi - hi : 0)
            return (lo + shift, hi + shift)
        }
        let x = axis(box.minX, box.maxX, region.minX, region.maxX), y = axis(box.minY, box.maxY, region.minY, region.maxY)
        return Box(minX: x.0, minY: y.0, maxX: x.1, maxY: y.1)
    }

    /// The view of the picture `box` at `zoom`, grown to `maxSize` where the region has room.
    static func view(_ kind: MapLibreView.Kind, _ box: Box, region: BBox, zoom: Double, maxSize: (width: Int, height: Int)) -> MapLibreView {
        let room = regionBox(region, zoom: zoom)
        let width = max(1, min(maxSize.width, Int(room.width.rounded(.down))))
        let height = max(1, min(maxSize.height, Int(room.height.rounded(.down))))
        let (cx, cy) = ((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        let (w, h) = (Double(width) / 2, Double(height) / 2)
        let placed = shifted(Box(minX: cx - w, minY: cy - h, maxX: cx + w, maxY: cy + h), into: room)
        let center = MapLibreView.lonLat(worldX: (placed.minX + placed.maxX) / 2, worldY: (placed.minY + placed.maxY) / 2, zoom: zoom)
        return MapLibreView(kind: kind, center: LonLat(rounded(center.lon, 7), rounded(center.lat, 7)), zoom: zoom,
                            width: width, height: height)
    }

    static func rounded(_ v: Double, _ decimals: Int) -> Double {
        let f = pow(10, Double(decimals))
        return (v * f).rounded() / f
    }
}
