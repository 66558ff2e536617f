import Drawing
import Foundation
import TrailpackCore

/// Draws a route's elevation profile (see `ProfileLayout` for the geometry): distance in km
/// against elevation in m with ticks, grid and axis titles; the profile line
/// `profileLineWidthPx` wide in the route's palette colour over a light fill; each waypoint as
/// a dashed vertical with its kind marker on the line (under it) and its name (else its
/// instruction) in the band above the plot; a caption with distance, ascent, descent, time and
/// the elevation extremes from the route's `stats`.
public enum ProfileRenderer {
    public static let profileLineWidthPx = 3.0

    /// Renders the profile of `route` drawn in `color`.
    /// - Throws: `PreviewError.malformed` for a route without vertices; `.drawing` when Cairo fails.
    public static func render(_ route: PackRoute, color: DrawingColor) throws(PreviewError) -> PixelImage {
        guard let minEle = route.elevationsM.min(), let maxEle = route.elevationsM.max() else {
            throw .malformed(path: route.id, reason: "route has no vertices")
        }
        let layout = ProfileLayout(distanceM: route.cumulativeM.last ?? 0, minEleM: minEle, maxEleM: maxEle)
        let plot = ProfileLayout.plotRect
        do throws(DrawingError) {
            let canvas = try Canvas(widthPx: ProfileLayout.widthPx, heightPx: ProfileLayout.heightPx)
            canvas.clear(to: .white)
            canvas.setColor(MapDecorations.labelColor)
            canvas.setFont(sizePx: 24, bold: true)
            canvas.showText("\(route.name) (\(route.id)): elevation profile", at: PixelPoint(xPx: 20, yPx: 36))
            drawAxes(layout, on: canvas)
            let points = zip(route.cumulativeM, route.elevationsM).map { PixelPoint(xPx: layout.xPx(distanceM: $0), yPx: layout.yPx(elevationM: $1)) }
            // Light fill under the profile.
            canvas.newPath()
            canvas.addPolyline(points + [PixelPoint(xPx: points.last!.xPx, yPx: plot.maxYPx), PixelPoint(xPx: points[0].xPx, yPx: plot.maxYPx)], closed: true)
            canvas.setColor(DrawingColor(red: color.red, green: color.green, blue: color.blue, alpha: 0.15))
            canvas.fill()
            let leftOut = drawWaypoints(route, layout: layout, on: canvas)
            canvas.newPath()
            canvas.addPolyline(points)
            canvas.setColor(color)
            canvas.setLineWidth(px: profileLineWidthPx)
            canvas.setLineJoin(.round)
            canvas.setLineCap(.round)
            canvas.setDash(lengthsPx: [])
            canvas.stroke()
            let s = route.stats
            let caption = "Distance \(formatNumber(s.distanceM / 1000, maxDecimals: 2)) km    Ascent \(MetresFormat.wholeMetres(s.ascentM))    "
                + "Descent \(MetresFormat.wholeMetres(s.descentM))    Time \(formatDuration(seconds: s.durationS))    "
                + "Lowest \(MetresFormat.wholeMetres(s.minEleM))    Highest \(MetresFormat.wholeMetres(s.maxEleM))"
            canvas.setColor(MapDecorations.labelColor)
            canvas.setFont(sizePx: 22)
            canvas.showText(caption, at: PixelPoint(xPx: plot.xPx, yPx: Double(ProfileLayout.heightPx) - 34))
            if leftOut > 0 {
                canvas.setFont(sizePx: 15)
                canvas.setColor(DrawingColor(hex: 0x555555))
                canvas.showText("\(leftOut) waypoint name(s) left out for room: the cue sheet lists every waypoint.",
                                at: PixelPoint(xPx: plot.xPx, yPx: Double(ProfileLayout.heightPx) - 8))
            }
            return try canvas.rgbaImage()
        } catch {
            throw .drawing(error)
        }
    }

    static func drawAxes(_ layout: ProfileLayout, on canvas: Canvas) {
        let plot = ProfileLayout.plotRect
        canvas.newPath()
        canvas.addRectangle(plot)
        canvas.setColor(DrawingColor(hex: 0xf7f7f7))
        canvas.fill()
        canvas.setFont(sizePx: 17)
        canvas.setLineWidth(px: 1)
        // Elevation grid and ticks.
        var ele = layout.elevationRangeM.lowerBound
        while ele <= layout.elevationRangeM.upperBound + 1e-9 {
            let y = layout.yPx(elevationM: ele)
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: plot.xPx - 8, yPx: y))
            canvas.line(to: PixelPoint(xPx: plot.maxXPx, yPx: y))
            canvas.setColor(DrawingColor(hex: 0xd0d0d0))
            canvas.stroke()
            let text = ele == ele.rounded() ? MetresFormat.wholeNumber(ele) : formatNumber(ele, maxDecimals: 1)
            let e = canvas.textExtents(text)
            canvas.setColor(MapDecorations.labelColor)
            canvas.showText(text, at: PixelPoint(xPx: plot.xPx - 14 - e.advanceXPx, yPx: y + 6))
            ele += layout.elevationTickM
        }
        // Distance grid and ticks.
        var km = 0.0
        while km <= layout.distanceRangeKm.upperBound + 1e-9 {
            let x = layout.xPx(distanceM: km * 1000)
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: x, yPx: plot.yPx))
            canvas.line(to: PixelPoint(xPx: x, yPx: plot.maxYPx + 8))
            canvas.setColor(DrawingColor(hex: 0xd0d0d0))
            canvas.stroke()
            let text = formatNumber(km, maxDecimals: 3)
            let e = canvas.textExtents(text)
            canvas.setColor(MapDecorations.labelColor)
            canvas.showText(text, at: PixelPoint(xPx: x - e.advanceXPx / 2, yPx: plot.maxYPx + 30))
            km += layout.distanceTickKm
        }
        canvas.newPath()
        canvas.addRectangle(plot)
        canvas.setColor(DrawingColor(hex: 0x444444))
        canvas.setLineWidth(px: 1.5)
        canvas.stroke()
        canvas.setFont(sizePx: 19)
        canvas.setColor(MapDecorations.labelColor)
        let xTitle = "Distance (km)"
        canvas.showText(xTitle, at: PixelPoint(xPx: plot.xPx + plot.widthPx / 2 - canvas.textExtents(xTitle).advanceXPx / 2, yPx: plot.maxYPx + 64))
        let yTitle = "Elevation (m)"
        canvas.withSavedState {
            canvas.translate(dxPx: 32, dyPx: plot.yPx + plot.heightPx / 2)
            canvas.rotate(radians: -Double.pi / 2)
            canvas.showText(yTitle, at: PixelPoint(xPx: -canvas.textExtents(yTitle).advanceXPx / 2, yPx: 0))
        }
    }

    /// Waypoint verticals, markers (drawn before the line so the line stays on top) and names
    /// in the rows above the plot (`LabelRows.profile`, start and end placed first: no two overlap; a name with no room is
    /// left out). Returns how many names were left out.
    @discardableResult
    static func drawWaypoints(_ route: PackRoute, layout: ProfileLayout, on canvas: Canvas) -> Int {
        let plot = ProfileLayout.plotRect
        let shown = route.waypoints.filter { route.coords.indices.contains($0.i) }
        let xs = shown.map { layout.xPx(distanceM: route.cumulativeM[$0.i]) }
        for (w, x) in zip(shown, xs) {
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: x, yPx: plot.yPx))
            canvas.line(to: PixelPoint(xPx: x, yPx: plot.maxYPx))
            canvas.setColor(DrawingColor(hex: 0x777777))
            canvas.setLineWidth(px: 1)
            canvas.setDash(lengthsPx: [4, 4])
            canvas.stroke()
            canvas.setDash(lengthsPx: [])
            MapDecorations.drawWaypointMarker(w.kind, at: PixelPoint(xPx: x, yPx: layout.yPx(elevationM: route.elevationsM[w.i])), on: canvas)
        }
        let texts = shown.map(labelText)
        canvas.setFont(sizePx: 16)
        // Start and end first: at the plot's edges they have the fewest spots.
        let order = shown.indices.sorted { (shown[$0].kind == .start || shown[$0].kind == .end ? 0 : 1, $0) < (shown[$1].kind == .start || shown[$1].kind == .end ? 0 : 1, $1) }
        let placed = LabelRows.profile.boxes(widthsPx: order.map { canvas.textExtents(texts[$0]).advanceXPx }, anchorsXPx: order.map { xs[$0] })
        var boxes = [PixelRect?](repeating: nil, count: shown.count)
        for (k, box) in zip(order, placed) { boxes[k] = box }
        for (x, box) in zip(xs, boxes) {
            guard let box else { continue }
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: x, yPx: box.maxYPx))
            canvas.line(to: PixelPoint(xPx: x, yPx: plot.yPx))
            canvas.setColor(DrawingColor(hex: 0xaaaaaa))
            canvas.setLineWidth(px: 1)
            canvas.stroke()
        }
        for (text, box) in zip(texts, boxes) {
            guard let box else { continue }
            canvas.showText(text, at: PixelPoint(xPx: box.xPx + LabelRows.profile.paddingPx, yPx: box.yPx + 16),
                            color: MapDecorations.labelColor, halo: .white, haloWidthPx: 4)
        }
        return boxes.filter { $0 == nil }.count
    }

    /// A waypoint's name, else its instruction, cut to 32 characters.
    static func labelText(_ w: Waypoint) -> String {
        let text = w.name ?? w.instruction
        return text.count > 32 ? String(text.prefix(31)) + "…" : text
    }
}
