import Foundation
import TrailpackCore

/// The zoom from which a trail carries its name (docs/FORMAT.md, "Trail names"): a line label
/// needs a fairly straight stretch of its line (MapLibre's `text-max-angle`), so a trail's name
/// shows once its longest straight stretch, drawn on screen, is at least `roomFactor` times as
/// long as its name is wide. A straight stretch is a run of the line whose chord is at least
/// `straightness` of its length along the line, taken greedily from the line's start; its room
/// is its chord. The name's width is counted from its characters (`emPerCharacter` of the
/// labels' text size below zoom 13, `textSizePx`), lengths in MapLibre's logical pixels (a world
/// of `512 * 2^zoom`), so the zoom is `log2(roomFactor * nameWidthPx / roomPxAtZoom0)`, rounded
/// up to a whole zoom (MapLibre lays labels out per tile, at the tile's whole zoom). The
/// style's trail-name layer starts at the lowest such zoom of the region's named trails
/// (MapLibre then places a name only where it fits its line), and the vector tiles carry each
/// name from its own zoom.
public enum TrailNameZoom {
    /// Average advance of a DejaVu Sans character, in ems (its lowercase letters and space).
    public static let emPerCharacter = 0.6
    /// The trail labels' text size below zoom 13, px.
    public static let textSizePx = 11.5
    /// On-screen length of the trail's longest straight stretch over the width of its name.
    public static let roomFactor = 1.2
    /// A stretch is straight while its chord is at least this share of its length along the line.
    public static let straightness = 0.85
    /// The zooms a trail name may start at.
    public static let zoomRange = 9.0...16.0

    /// The whole zoom from which the trail `coords` (one line) has room for `name`, within `zoomRange`.
    public static func zoom(name: String, coords: [LonLat]) -> Double {
        let lengthPx = roomPxAtZoom0(coords)
        let widthPx = Double(name.count) * emPerCharacter * textSizePx
        guard lengthPx > 0 else { return zoomRange.upperBound }
        return min(max(log2(roomFactor * widthPx / lengthPx).rounded(.up), zoomRange.lowerBound), zoomRange.upperBound)
    }

    /// The lowest of `zooms`, the trail-name layer's `minzoom`; nil when there is none (no layer).
    public static func layerMinZoom(_ zooms: [Double]) -> Double? { zooms.min() }

    /// The chord of the line's longest straight stretch, logical pixels at zoom 0 (a world 512 px wide).
    public static func roomPxAtZoom0(_ coords: [LonLat]) -> Double {
        let points = coords.map { p in
            (x: (p.lon + 180) / 360 * 512, y: (1 - WebMercator.y(latDeg: p.lat) / .pi) / 2 * 512)
        }
        func distance(_ a: Int, _ b: Int) -> Double { hypot(points[b].x - points[a].x, points[b].y - points[a].y) }
        var best = 0.0, i = 0
        while i + 1 < points.count {
            var j = i, along = 0.0
            while j + 1 < points.count {
                let next = along + distance(j, j + 1)
                guard distance(i, j + 1) >= straightness * next else { break }
                along = next
                j += 1
            }
            best = max(best, distance(i, j))
            i = max(j, i + 1)
        }
        return best
    }
}
