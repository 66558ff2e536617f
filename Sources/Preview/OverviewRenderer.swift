import Bindings
import Drawing
import Foundation
import TrailpackCore

/// A map image as drawn (overview or AR close-up), with where things landed, for reviewers
/// and tests.
public struct MapRendering: Sendable {
    public var image: PixelImage
    /// Where the map's pixel-edge bounds sit on the image; routes are projected through it.
    public var frame: MercatorFrame
    /// Boxes of everything drawn above the routes (waypoint markers and their labels).
    public var aboveRouteBoxes: [PixelRect]
    /// Boxes of every label drawn (never overlapping, inside the map), pixels.
    public var labelBoxes: [PixelRect] = []
    /// Texts of the labels left out for want of room.
    public var droppedLabels: [String] = []
}

/// Draws a region overview.
///
/// Layout: the map fills a `MercatorFrame` over the hillshade's pixel-edge `bounds` with its
/// long side `mapLongSidePx`, top-left at (0, 0); the hillshade PNG is scaled into that frame
/// (bilinear) and washed 20 % toward white. A footer below the map holds the title, the route
/// legend, attribution (wrapped), a scale bar and a north arrow; the canvas is `canvasWidthPx` wide
/// (`minimumWidthPx`, or a narrow map's own width with the footer stacked). Layers bottom to top: hillshade, contours (index contours thicker,
/// labelled along the line), filled DEM voids (`FilledVoidLayer`), trails (white casing, dark line),
/// the trail network's nodes (`NetworkNodeLayer`, when the region has `routing.json`; a legend row
/// of their kinds below the routes' legend), POIs with names, routes (white
/// casing under all, then each route `routeLineWidthPx` wide in its `RoutePalette` colour,
/// in manifest order), waypoint markers by kind, then every label (`placeLabels`: `LabelLayout`, never overlapping each other,
/// markers or routes, inside the map, a leader line when moved off its anchor, left out when there is no room).
public enum OverviewRenderer {
    public static let mapLongSidePx = 2000.0
    public static let minimumWidthPx = 1200.0
    /// A map narrower than `minimumWidthPx` keeps its own width down to this (the footer is
    /// stacked: legend, note, then scale bar and north arrow on a row of their own), so a narrow
    /// region's picture is not mostly blank.
    public static let narrowMinimumWidthPx = 640.0
    public static let routeLineWidthPx = 6.0

    /// Renders the overview of `pack`.
    /// - Throws: `PreviewError.malformed` without valid hillshade bounds; `.drawing` when Cairo fails.
    public static func render(_ pack: RegionPack) throws(PreviewError) -> MapRendering {
        let bounds = try pack.hillshadeBounds()
        let mapWidthPx = MercatorFrame(bounds: bounds, longSidePx: mapLongSidePx).rect.widthPx
        let widthPx = canvasWidthPx(mapWidthPx: mapWidthPx)
        // A map narrower than the canvas is centred on it.
        let frame = MercatorFrame(bounds: bounds, longSidePx: mapLongSidePx, xPx: ((widthPx - mapWidthPx) / 2).rounded(.down))
        let landmarks = try PackLandmarks.read(pack)
        do throws(DrawingError) {
            let legend = try legendLayout(pack, widthPx: widthPx)
            let footerPx = try footerHeightPx(pack, legend: legend, widthPx: widthPx)
            let canvas = try Canvas(widthPx: Int(widthPx), heightPx: Int(frame.rect.heightPx + footerPx))
            canvas.clear(to: .white)
            var labels = MapDecorations.LabelPlacer(bounds: frame.rect.insetBy(marginPx: -3))
            try canvas.withSavedState { () throws(DrawingError) in
                canvas.clip(to: frame.rect)
                try drawHillshade(pack.hillshade, frame: frame, on: canvas)
                drawContours(pack.contours, frame: frame, on: canvas)
                FilledVoidLayer.draw(pack.manifest.filledVoidAreas, frame: frame, on: canvas)
                drawTrails(pack.trails, frame: frame, on: canvas)
                NetworkNodeLayer.draw(pack.network, frame: frame, on: canvas)
                for box in drawPOIs(pack.pois, frame: frame, on: canvas) { labels.reserve(box) }
                for box in LandmarkOverlay.drawMarkers(routes: pack.routes, landmarks: landmarks, frame: frame, on: canvas) { labels.reserve(box) }
                drawRoutes(pack.routes, frame: frame, on: canvas)
            }
            for route in pack.routes { labels.avoid(line: route.coords.map(frame.point), halfWidthPx: routeLineWidthPx / 2 + 2) }
            var above = drawWaypointMarkers(pack.routes, frame: frame, on: canvas)
            for box in above { labels.reserve(box) }
            above += placeLabels(pack, landmarks: landmarks, frame: frame, labels: &labels, on: canvas)
            labels.draw(on: canvas)
            drawFooter(pack, frame: frame, legend: legend, widthPx: widthPx, on: canvas)
            return MapRendering(image: try canvas.rgbaImage(), frame: frame, aboveRouteBoxes: above, labelBoxes: labels.labels.map(\.placed.box),
                                droppedLabels: labels.dropped)
        } catch {
            throw .drawing(error)
        }
    }

    /// Draws every route's waypoint markers and returns their boxes.
    static func drawWaypointMarkers(_ routes: [PackRoute], frame: MercatorFrame, on canvas: Canvas) -> [PixelRect] {
        var boxes: [PixelRect] = []
        for route in routes {
            for w in route.waypoints where route.coords.indices.contains(w.i) {
                let p = frame.point(route.coords[w.i])
                MapDecorations.drawWaypointMarker(w.kind, at: p, on: canvas)
                let r = MapDecorations.markerReachPx
                boxes.append(PixelRect(xPx: p.xPx - r, yPx: p.yPx - r, widthPx: 2 * r, heightPx: 2 * r))
            }
        }
        return boxes
    }

    /// Places the labels by priority: start, end, summit and poi waypoint names (unless a POI
    /// of the same name within 40 px says it), POI names, landmark labels, then junction and
    /// turn names. Returns the boxes of the waypoint names placed.
    static func placeLabels(_ pack: RegionPack, landmarks: [[PackLandmark]], frame: MercatorFrame,
                            labels: inout MapDecorations.LabelPlacer, on canvas: Canvas) -> [PixelRect] {
        var above: [PixelRect] = []
        func placeWaypoints(minor: Bool) {
            for route in pack.routes {
                for w in route.waypoints where route.coords.indices.contains(w.i) && (w.kind == .junction || w.kind == .turn) == minor {
                    guard let name = w.name, !name.isEmpty else { continue }
                    let p = frame.point(route.coords[w.i])
                    if pack.pois.contains(where: { $0.name == name && frame.point($0.location).distancePx(to: p) < 40 }) { continue }
                    if let box = labels.place(name, near: p, gapPx: 14, sizePx: 18, bold: true, on: canvas) { above.append(box) }
                }
            }
        }
        placeWaypoints(minor: false)
        for poi in pack.pois {
            let text = poi.eleM.map { "\(poi.name) \(Int($0.rounded())) m" } ?? poi.name
            if !text.isEmpty { labels.place(text, near: frame.point(poi.location), gapPx: 9, sizePx: 15, on: canvas) }
        }
        for e in LandmarkOverlay.entries(routes: pack.routes, landmarks: landmarks) {
            labels.place(LandmarkOverlay.label(e), near: frame.point(e.landmark.location), gapPx: 12, sizePx: 14, on: canvas)
        }
        placeWaypoints(minor: true)
        return above
    }

    /// The canvas width for a map `mapWidthPx` wide: `minimumWidthPx` for maps at least that
    /// wide or nearly, else the map's own width (at least `narrowMinimumWidthPx`).
    public static func canvasWidthPx(mapWidthPx: Double) -> Double {
        mapWidthPx >= minimumWidthPx ? mapWidthPx : max(mapWidthPx, narrowMinimumWidthPx)
    }

    /// True when the footer is stacked (the canvas is narrower than `minimumWidthPx`).
    static func isStacked(widthPx: Double) -> Bool { widthPx < minimumWidthPx }

    /// The footer's note (projection, filled voids, attribution), wrapped to the canvas.
    static func noteLines(_ pack: RegionPack, widthPx: Double, on canvas: Canvas) -> [String] {
        let note = "Web mercator, north up. " + FilledVoidLayer.note(areaCount: pack.manifest.filledVoidAreaCount)
            + pack.manifest.attribution.joined(separator: "; ")
        canvas.setFont(sizePx: 14)
        return RerouteCheckRenderer.wrap(note, widthPx: widthPx - 40, on: canvas)
    }

    /// Footer height: title, legend rows, the note's lines, and in a stacked footer a row for
    /// the scale bar and north arrow.
    static func footerHeightPx(_ pack: RegionPack, legend: LegendLayout, widthPx: Double) throws(DrawingError) -> Double {
        let lines = noteLines(pack, widthPx: widthPx, on: try Canvas(widthPx: 1, heightPx: 1))
        return 92 + 34 * Double(legend.rows) + 18 * Double(lines.count) + (isStacked(widthPx: widthPx) ? 80 : 0)
    }

    static func drawHillshade(_ png: PNGImage, frame: MercatorFrame, on canvas: Canvas) throws(DrawingError) {
        let image = PixelImage(widthPx: png.width, heightPx: png.height, channels: png.channels, pixels: png.pixels)
        try canvas.draw(image, into: frame.rect, smooth: true)
        canvas.newPath()
        canvas.addRectangle(frame.rect)
        canvas.setColor(DrawingColor(red: 1, green: 1, blue: 1, alpha: 0.2))
        canvas.fill()
    }

    static func drawContours(_ contours: [ContourFeature], frame: MercatorFrame, on canvas: Canvas) {
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.setDash(lengthsPx: [])
        for index in [false, true] {
            canvas.setColor(index ? RoutePalette.indexContour : RoutePalette.contour)
            canvas.setLineWidth(px: index ? 2.2 : 1)
            MapDecorations.strokeLines(contours.filter { $0.isIndex == index }.flatMap(\.parts), frame: frame, on: canvas)
        }
        for c in contours where c.isIndex {
            for part in c.parts { labelContour(part.map(frame.point), text: "\(formatNumber(c.eleM, maxDecimals: 1))", on: canvas) }
        }
    }

    /// Writes `text` along a contour line: once at mid-length for lines 250...1200 px long,
    /// every 800 px (from 400 px) on longer ones; upright, with a white halo.
    static func labelContour(_ points: [PixelPoint], text: String, on canvas: Canvas) {
        guard points.count > 1 else { return }
        var cum = [0.0]
        for k in 1..<points.count { cum.append(cum[k - 1] + points[k].distancePx(to: points[k - 1])) }
        let total = cum.last!
        guard total >= 250 else { return }
        let spots = total < 1200 ? [total / 2] : Array(stride(from: 400.0, to: total - 200, by: 800))
        canvas.setFont(sizePx: 14)
        let e = canvas.textExtents(text)
        for s in spots {
            func at(_ d: Double) -> PixelPoint {
                let d = min(max(d, 0), total)
                var k = 1
                while k < cum.count - 1 && cum[k] < d { k += 1 }
                let seg = max(cum[k] - cum[k - 1], 1e-9), t = (d - cum[k - 1]) / seg
                return PixelPoint(xPx: points[k - 1].xPx + (points[k].xPx - points[k - 1].xPx) * t,
                                  yPx: points[k - 1].yPx + (points[k].yPx - points[k - 1].yPx) * t)
            }
            let mid = at(s), a = at(s - 15), b = at(s + 15)
            var angle = atan2(b.yPx - a.yPx, b.xPx - a.xPx)
            if angle > Double.pi / 2 { angle -= Double.pi } else if angle < -Double.pi / 2 { angle += Double.pi }
            canvas.withSavedState {
                canvas.translate(dxPx: mid.xPx, dyPx: mid.yPx)
                canvas.rotate(radians: angle)
                canvas.showText(text, at: PixelPoint(xPx: -e.advanceXPx / 2, yPx: -(e.bearingYPx + e.heightPx / 2)),
                                color: RoutePalette.indexContour, halo: .white, haloWidthPx: 4)
            }
        }
    }

    static func drawTrails(_ trails: [TrailFeature], frame: MercatorFrame, on canvas: Canvas) {
        let parts = trails.flatMap(\.parts)
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.setColor(DrawingColor(red: 1, green: 1, blue: 1, alpha: 0.85))
        canvas.setLineWidth(px: 5)
        MapDecorations.strokeLines(parts, frame: frame, on: canvas)
        canvas.setColor(RoutePalette.trail)
        canvas.setLineWidth(px: 2)
        canvas.setDash(lengthsPx: [7, 4])
        MapDecorations.strokeLines(parts, frame: frame, on: canvas)
        canvas.setDash(lengthsPx: [])
    }

    /// Draws the POI squares and returns their boxes (labels are placed later).
    static func drawPOIs(_ pois: [POIFeature], frame: MercatorFrame, on canvas: Canvas) -> [PixelRect] {
        var boxes: [PixelRect] = []
        for poi in pois {
            let p = frame.point(poi.location)
            canvas.newPath()
            canvas.addRectangle(PixelRect(xPx: p.xPx - 5, yPx: p.yPx - 5, widthPx: 10, heightPx: 10))
            canvas.setColor(RoutePalette.poi)
            canvas.fill(preserve: true)
            canvas.setColor(.white)
            canvas.setLineWidth(px: 1.5)
            canvas.stroke()
            boxes.append(PixelRect(xPx: p.xPx - 6, yPx: p.yPx - 6, widthPx: 12, heightPx: 12))
        }
        return boxes
    }

    static func drawRoutes(_ routes: [PackRoute], frame: MercatorFrame, on canvas: Canvas) {
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        canvas.setDash(lengthsPx: [])
        canvas.setColor(.white)
        canvas.setLineWidth(px: routeLineWidthPx + 4)
        MapDecorations.strokeLines(routes.map(\.coords), frame: frame, on: canvas)
        for (k, route) in routes.enumerated() {
            canvas.setColor(RoutePalette.routeColor(index: k))
            canvas.setLineWidth(px: routeLineWidthPx)
            MapDecorations.strokeLines([route.coords], frame: frame, on: canvas)
        }
    }

    struct LegendLayout {
        /// Per route: row and x of its swatch.
        var positions: [(row: Int, xPx: Double)]
        /// The row of the trail network nodes' legend; nil without `routing.json`.
        var nodeRow: Int? = nil
        var rows: Int
    }

    /// Flows route legend entries (swatch + "name (id)") into rows left of the scale bar, then
    /// gives the network nodes' legend a row of its own.
    static func legendLayout(_ pack: RegionPack, widthPx: Double) throws(DrawingError) -> LegendLayout {
        let measure = try Canvas(widthPx: 1, heightPx: 1)
        measure.setFont(sizePx: 18)
        var positions: [(Int, Double)] = []
        var row = 0, x = 20.0
        let limit = isStacked(widthPx: widthPx) ? widthPx - 20 : widthPx - 460
        for route in pack.routes {
            let w = 44 + measure.textExtents(legendText(route)).advanceXPx + 28
            if x > 20 && x + w > limit { row += 1; x = 20 }
            positions.append((row, x))
            x += w
        }
        guard pack.network != nil else { return LegendLayout(positions: positions, rows: max(row + 1, 1)) }
        let nodeRow = positions.isEmpty ? 0 : row + 1
        return LegendLayout(positions: positions, nodeRow: nodeRow, rows: nodeRow + 1)
    }

    static func legendText(_ route: PackRoute) -> String { "\(route.name) (\(route.id))" }

    static func drawFooter(_ pack: RegionPack, frame: MercatorFrame, legend: LegendLayout, widthPx: Double, on canvas: Canvas) {
        let y0 = MapDecorations.drawFrameAndTitle(frame, title: "\(pack.manifest.name) (\(pack.manifest.id))", titleSizePx: 26, on: canvas)
        canvas.setFont(sizePx: 18)
        for (k, route) in pack.routes.enumerated() {
            let (row, x) = legend.positions[k]
            let y = y0 + 76 + 34 * Double(row)
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: x, yPx: y - 6))
            canvas.line(to: PixelPoint(xPx: x + 34, yPx: y - 6))
            canvas.setColor(RoutePalette.routeColor(index: k))
            canvas.setLineWidth(px: routeLineWidthPx)
            canvas.setLineCap(.butt)
            canvas.stroke()
            canvas.setColor(MapDecorations.labelColor)
            canvas.setFont(sizePx: 18)
            canvas.showText(legendText(route), at: PixelPoint(xPx: x + 44, yPx: y))
        }
        if let network = pack.network, let nodeRow = legend.nodeRow {
            NetworkNodeLayer.drawLegend(network, baseline: PixelPoint(xPx: 20, yPx: y0 + 76 + 34 * Double(nodeRow)), on: canvas)
        }
        canvas.setColor(DrawingColor(hex: 0x555555))
        var noteY = y0 + 76 + 34 * Double(legend.rows) + 10
        for line in noteLines(pack, widthPx: widthPx, on: canvas) {
            canvas.showText(line, at: PixelPoint(xPx: 20, yPx: noteY))
            noteY += 18
        }
        let stacked = isStacked(widthPx: widthPx)
        let barAt = stacked ? PixelPoint(xPx: 24, yPx: noteY + 14) : PixelPoint(xPx: widthPx - 420, yPx: y0 + 30)
        MapDecorations.drawScaleBar(at: barAt, pixelsPerMetre: frame.pixelsPerGroundMetre, maxLengthPx: min(260, widthPx - 200), on: canvas)
        let arrowAt = stacked ? PixelPoint(xPx: widthPx - 50, yPx: noteY + 40) : PixelPoint(xPx: widthPx - 70, yPx: y0 + 70)
        MapDecorations.drawNorthArrow(at: arrowAt, heightPx: 50, on: canvas)
    }
}
