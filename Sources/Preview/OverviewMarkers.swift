import Drawing
import Foundation
import PackReader
import TrailpackCore

/// The overview's point markers of POIs and landmarks, drawn only with their labels: a marker
/// whose label the `LabelBudget` or the room left out would be an anonymous dot (on a whole
/// tile, over a hundred), so it is left off the map with its label; `index.html` names the
/// points left out. Route waypoints keep their markers always (they belong to the route).
enum OverviewMarkers {
    enum Kind { case poi, landmark }

    /// One marker: what it marks, where, and the box it takes (reserved before labels are placed).
    struct Marker {
        var kind: Kind
        var at: PixelPoint
        var box: PixelRect
    }

    /// Every POI's marker, then every landmark's some route sees (`LandmarkOverlay.entries`), in
    /// the order `OverviewLabels.candidates` numbers their labels.
    static func all(_ pack: RegionPack, landmarks: [[PackLandmark]], frame: MercatorFrame) -> [Marker] {
        let pois = pack.pois.map { poi in
            let p = frame.point(poi.location)
            return Marker(kind: .poi, at: p, box: PixelRect(xPx: p.xPx - 6, yPx: p.yPx - 6, widthPx: 12, heightPx: 12))
        }
        let marks = LandmarkOverlay.entries(routes: pack.routes, landmarks: landmarks).map { e in
            let p = frame.point(e.landmark.location)
            return Marker(kind: .landmark, at: p, box: PixelRect(xPx: p.xPx - 10, yPx: p.yPx - 10, widthPx: 20, heightPx: 20))
        }
        return pois + marks
    }

    /// Draws the markers whose index is in `labelled` (a POI's square, a landmark's diamond).
    static func draw(_ markers: [Marker], labelled: Set<Int>, on canvas: Canvas) {
        for (k, m) in markers.enumerated() where labelled.contains(k) {
            let p = m.at
            canvas.newPath()
            switch m.kind {
            case .poi:
                canvas.addRectangle(PixelRect(xPx: p.xPx - 5, yPx: p.yPx - 5, widthPx: 10, heightPx: 10))
                canvas.setColor(RoutePalette.poi)
            case .landmark:
                canvas.addPolyline([PixelPoint(xPx: p.xPx, yPx: p.yPx - 9), PixelPoint(xPx: p.xPx + 9, yPx: p.yPx),
                                    PixelPoint(xPx: p.xPx, yPx: p.yPx + 9), PixelPoint(xPx: p.xPx - 9, yPx: p.yPx)], closed: true)
                canvas.setColor(LandmarkOverlay.markerColor)
            }
            canvas.fill(preserve: true)
            canvas.setColor(.white)
            canvas.setLineWidth(px: 1.5)
            canvas.stroke()
        }
    }
}
