import Drawing
import TrailpackCore

/// The overview's mark for DEM voids the build filled (the manifest's
/// `files.terrain.filledVoids` boxes): a translucent magenta box with a dashed magenta outline,
/// at least `minimumSidePx` on a side so that a one-cell void still shows, drawn above the
/// contours and below trails, POIs and routes.
enum FilledVoidLayer {
    static let fill = DrawingColor(hex: 0xD0309A, alpha: 0.35)
    static let outline = DrawingColor(hex: 0xB0107A)
    static let minimumSidePx = 8.0

    /// The pixel box of each area (grown about its centre to the minimum side).
    static func boxes(_ areas: [BBox], frame: MercatorFrame) -> [PixelRect] {
        areas.map { area in
            let a = frame.point(LonLat(area.west, area.north)), b = frame.point(LonLat(area.east, area.south))
            let width = max(b.xPx - a.xPx, minimumSidePx), height = max(b.yPx - a.yPx, minimumSidePx)
            let cx = (a.xPx + b.xPx) / 2, cy = (a.yPx + b.yPx) / 2
            return PixelRect(xPx: cx - width / 2, yPx: cy - height / 2, widthPx: width, heightPx: height)
        }
    }

    static func draw(_ areas: [BBox], frame: MercatorFrame, on canvas: Canvas) {
        guard !areas.isEmpty else { return }
        let rects = boxes(areas, frame: frame)
        canvas.newPath()
        for rect in rects { canvas.addRectangle(rect) }
        canvas.setColor(fill)
        canvas.fill()
        canvas.newPath()
        for rect in rects { canvas.addRectangle(rect) }
        canvas.setColor(outline)
        canvas.setLineWidth(px: 2)
        canvas.setDash(lengthsPx: [6, 4])
        canvas.stroke()
        canvas.setDash(lengthsPx: [])
    }

    /// The footer's note, empty when nothing was filled: the manifest's `areaCount`.
    static func note(areaCount: Int) -> String {
        areaCount == 0 ? "" : "Magenta boxes: \(areaCount) filled DEM void area(s). "
    }
}
