import Drawing
import Foundation
import TrailpackCore

/// Draws the picture of a reroute check: a crop of the overview around the way back.
///
/// The crop is the box around the way back, the middle vertex and the rejoin vertex, grown by
/// `marginM` and widened to a square at least `minimumSpanM` ground metres wide about its centre;
/// it is `mapLongSidePx` square (web mercator), top-left at (0, 0). Layers as the overview draws them:
/// the region hillshade (scaled from the whole region's frame, washed 20 % toward white),
/// contours, trails, the network's nodes; then the route (white casing, its colour), the way
/// back (white casing, `RoutePalette.wayBack`, `wayBackWidthPx`), a thin grey dashed line
/// from the middle vertex to the hiker, and markers: the middle vertex (white disc ringed in
/// the route's colour), the hiker (black disc) and the rejoin vertex (green diamond), each
/// named. A footer holds the title and the check's summary.
public enum RerouteCheckRenderer {
    public static let mapLongSidePx = 900.0
    public static let marginM = 150.0
    public static let minimumSpanM = 900.0
    public static let routeLineWidthPx = 6.0
    public static let wayBackWidthPx = 5.0
    static let footerPx = 104.0

    /// Renders `check` of `route` (drawn in `color`) over `pack`'s layers.
    /// - Throws: `PreviewError.malformed` without valid hillshade bounds; `.drawing` when Cairo fails.
    public static func render(_ check: RerouteCheck, route: PackRoute, pack: RegionPack, color: DrawingColor) throws(PreviewError) -> MapRendering {
        let frame = MercatorFrame(bounds: cropBounds(check, route: route), longSidePx: mapLongSidePx)
        let hillshadeBounds = try pack.hillshadeBounds()
        do throws(DrawingError) {
            let canvas = try Canvas(widthPx: Int(frame.rect.widthPx), heightPx: Int(frame.rect.heightPx + footerPx))
            canvas.clear(to: .white)
            var above: [PixelRect] = []
            try canvas.withSavedState { () throws(DrawingError) in
                canvas.clip(to: frame.rect)
                try drawBase(pack, hillshadeBounds: hillshadeBounds, frame: frame, on: canvas)
                drawLines(check, route: route, color: color, frame: frame, on: canvas)
                above = drawMarkers(check, route: route, color: color, frame: frame, on: canvas)
            }
            let y0 = MapDecorations.drawFrameAndTitle(frame, title: "\(route.name) (\(route.id)): reroute check", titleSizePx: 20, on: canvas)
            drawSummary(check, widthPx: frame.rect.widthPx, top: y0 + 58, on: canvas)
            return MapRendering(image: try canvas.rgbaImage(), frame: frame, aboveRouteBoxes: above)
        } catch {
            throw .drawing(error)
        }
    }

    /// The crop: a web-mercator square around the check's points (see the type's doc), so the
    /// picture is `mapLongSidePx` square.
    static func cropBounds(_ check: RerouteCheck, route: PackRoute) -> BBox {
        let points = check.wayBack + [check.offRoute, route.coords[check.middleIndex], route.coords[check.rejoinIndex]]
        let box = BBox(covering: points)!.expanded(byMetres: marginM)
        let c = box.center
        let widthM = Geodesic.distanceM(LonLat(box.west, c.lat), LonLat(box.east, c.lat))
        let heightM = Geodesic.distanceM(LonLat(c.lon, box.south), LonLat(c.lon, box.north))
        let halfM = max(widthM, heightM, minimumSpanM) / 2
        let dLon = Geodesic.degreesLongitude(forMetres: halfM, at: c.lat)
        let halfY = dLon * Double.pi / 180, yc = WebMercator.y(latDeg: c.lat)
        return BBox(west: c.lon - dLon, south: WebMercator.latDeg(y: yc - halfY), east: c.lon + dLon, north: WebMercator.latDeg(y: yc + halfY))
    }

    /// Hillshade, contours (at this map's scale, `OverviewContours`), trails and network nodes, as the overview draws them.
    static func drawBase(_ pack: RegionPack, hillshadeBounds: BBox, frame: MercatorFrame, on canvas: Canvas) throws(DrawingError) {
        let nw = frame.point(LonLat(hillshadeBounds.west, hillshadeBounds.north))
        let se = frame.point(LonLat(hillshadeBounds.east, hillshadeBounds.south))
        let whole = MercatorFrame(bounds: hillshadeBounds, rect: PixelRect(xPx: nw.xPx, yPx: nw.yPx, widthPx: se.xPx - nw.xPx, heightPx: se.yPx - nw.yPx))
        try OverviewRenderer.drawHillshade(pack.hillshade, frame: whole, on: canvas)
        let contours = OverviewContours(pack.contours, packIntervalM: pack.manifest.files.contours.intervalM,
                                        terrain: try? PackLandmarks.regionTerrain(pack), frame: frame)
        contours.draw(frame: frame, on: canvas)
        var lineLabels = MapDecorations.LabelPlacer(bounds: frame.rect)
        OverviewContours.draw(contours.placeLabels(frame: frame, labels: &lineLabels, on: canvas), on: canvas)
        OverviewRenderer.drawTrails(pack.trails, frame: frame, on: canvas)
        NetworkNodeLayer.draw(pack.network, frame: frame, on: canvas)
    }

    /// The hiker's offset from the middle vertex, the route, then the way back above it.
    static func drawLines(_ check: RerouteCheck, route: PackRoute, color: DrawingColor, frame: MercatorFrame, on canvas: Canvas) {
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.setColor(DrawingColor(hex: 0x555555))
        canvas.setLineWidth(px: 1.5)
        canvas.setDash(lengthsPx: [5, 4])
        MapDecorations.strokeLines([[route.coords[check.middleIndex], check.offRoute]], frame: frame, on: canvas)
        canvas.setDash(lengthsPx: [])
        for (lines, widthPx, lineColor) in [([route.coords], routeLineWidthPx, color), ([check.wayBack], wayBackWidthPx, RoutePalette.wayBack)] {
            canvas.setColor(.white)
            canvas.setLineWidth(px: widthPx + 4)
            MapDecorations.strokeLines(lines, frame: frame, on: canvas)
            canvas.setColor(lineColor)
            canvas.setLineWidth(px: widthPx)
            MapDecorations.strokeLines(lines, frame: frame, on: canvas)
        }
    }
}

extension RerouteCheckRenderer {
    /// Marks the middle vertex, the hiker and the rejoin vertex and names them; returns the
    /// boxes of the marks and names.
    static func drawMarkers(_ check: RerouteCheck, route: PackRoute, color: DrawingColor, frame: MercatorFrame, on canvas: Canvas) -> [PixelRect] {
        let middle = frame.point(route.coords[check.middleIndex]), hiker = frame.point(check.offRoute)
        let rejoin = frame.point(route.coords[check.rejoinIndex])
        canvas.setDash(lengthsPx: [])
        func mark(_ p: PixelPoint, radiusPx: Double, fill: DrawingColor, ring: DrawingColor, diamond: Bool = false) {
            canvas.newPath()
            if diamond {
                canvas.addPolyline([PixelPoint(xPx: p.xPx, yPx: p.yPx - radiusPx), PixelPoint(xPx: p.xPx + radiusPx, yPx: p.yPx),
                                    PixelPoint(xPx: p.xPx, yPx: p.yPx + radiusPx), PixelPoint(xPx: p.xPx - radiusPx, yPx: p.yPx)], closed: true)
            } else {
                canvas.addCircle(center: p, radiusPx: radiusPx)
            }
            canvas.setColor(fill)
            canvas.fill(preserve: true)
            canvas.setColor(ring)
            canvas.setLineWidth(px: 2.5)
            canvas.stroke()
        }
        mark(middle, radiusPx: 7, fill: .white, ring: color)
        mark(hiker, radiusPx: 8, fill: DrawingColor(hex: 0x111111), ring: .white)
        mark(rejoin, radiusPx: 10, fill: RoutePalette.wayBack, ring: DrawingColor(hex: 0x111111), diamond: true)
        var labels = MapDecorations.LabelPlacer(bounds: frame.rect.insetBy(marginPx: -3))
        labels.avoid(line: route.coords.map(frame.point), halfWidthPx: routeLineWidthPx / 2 + 2)
        labels.avoid(line: check.wayBack.map(frame.point), halfWidthPx: wayBackWidthPx / 2 + 2)
        var boxes: [PixelRect] = []
        for (p, r) in [(middle, 9.0), (hiker, 10.0), (rejoin, 12.0)] {
            let box = PixelRect(xPx: p.xPx - r, yPx: p.yPx - r, widthPx: 2 * r, heightPx: 2 * r)
            labels.reserve(box)
            boxes.append(box)
        }
        var names = [(hiker, "hiker, \(Int(RerouteChecker.offsetM)) m \(check.side.rawValue)")]
        if check.rejoinIndex == check.middleIndex {
            names.append((rejoin, "rejoin = middle, vertex \(check.rejoinIndex)"))
        } else {
            names += [(rejoin, "rejoin, vertex \(check.rejoinIndex)"), (middle, "middle, vertex \(check.middleIndex)")]
        }
        for (p, text) in names {
            if let box = labels.place(text, near: p, gapPx: 14, sizePx: 16, bold: true, on: canvas) { boxes.append(box) }
        }
        labels.draw(on: canvas)
        return boxes
    }

    /// Writes the check's summary in the footer, wrapped to the canvas width, first line's
    /// baseline at `top`.
    static func drawSummary(_ check: RerouteCheck, widthPx: Double, top: Double, on canvas: Canvas) {
        canvas.setFont(sizePx: 14)
        canvas.setColor(DrawingColor(hex: 0x333333))
        for (k, line) in wrap(check.summary, widthPx: widthPx - 40, on: canvas).prefix(3).enumerated() {
            canvas.showText(line, at: PixelPoint(xPx: 20, yPx: top + 18 * Double(k)))
        }
    }

    /// `text` broken at spaces into lines no wider than `widthPx` in the canvas's current font
    /// (a single word wider than that gets a line of its own).
    static func wrap(_ text: String, widthPx: Double, on canvas: Canvas) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && canvas.textExtents(candidate).advanceXPx > widthPx {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
