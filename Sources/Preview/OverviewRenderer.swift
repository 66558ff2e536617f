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
    /// Boxes of every label the map's `LabelLayout` placed (point labels, and on the overview
    /// the contours' elevations along their lines), pixels: never overlapping, inside the map.
    public var labelBoxes: [PixelRect] = []
    /// Texts of the labels left out for want of room.
    public var droppedLabels: [String] = []
    /// Texts of the point labels drawn, in placing order.
    public var labelTexts: [String] = []
    /// Texts of the contour labels drawn along their lines (overview).
    public var contourLabelTexts: [String] = []
    /// Texts of the labels left out because the map's `LabelBudget` was spent (overview).
    public var overBudgetLabels: [String] = []
    /// How many POI and landmark markers the map has (`OverviewMarkers.all`), and the boxes of
    /// those drawn: the ones whose label was placed.
    public var markerCount = 0
    public var drawnMarkers: [PixelRect] = []
    /// The contours drawn at the map's scale (overview; nil when drawn as the pack has them).
    public var contourScale: ContourScale?
    /// The contour lines as drawn (overview), with their elevation and whether they are index lines.
    public var contourLines: [(eleM: Double, isIndex: Bool, parts: [[LonLat]])] = []
}

/// Draws a region overview.
///
/// Layout: the map fills a `MercatorFrame` over the hillshade's pixel-edge `bounds` with its
/// long side `mapLongSidePx`, top-left at (0, 0); the hillshade PNG is scaled into that frame
/// (bilinear) and washed 20 % toward white. A footer below the map holds the title, the route
/// legend, attribution (wrapped), a scale bar and a north arrow; the canvas is `canvasWidthPx` wide
/// (`minimumWidthPx`, or a narrow map's own width with the footer stacked). Layers bottom to top: hillshade, contours at the
/// map's scale (`OverviewContours`, `ContourScale`: index contours thicker, labelled along the line), filled DEM voids (`FilledVoidLayer`), trails (white casing, dark line),
/// the trail network's nodes (`NetworkNodeLayer`, when the region has `routing.json`; a legend row
/// of their kinds below the routes' legend), POIs with names, routes (white
/// casing under all, then each route `routeLineWidthPx` wide in its `RoutePalette` colour,
/// in manifest order), waypoint markers by kind, then every label (`OverviewLabels`: at most a `LabelBudget` of point labels
/// in its order, placed by `LabelLayout`, never overlapping each other, markers or routes, inside the map, a leader line when
/// moved off its anchor, left out when there is no room; then the index contours' elevations where their boxes are free).
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
        try render(pack, budget: nil)
    }

    /// The overview with the label budget `budget` (nil: the map's own, `LabelBudget(widthPx:heightPx:)`).
    static func render(_ pack: RegionPack, budget given: LabelBudget?) throws(PreviewError) -> MapRendering {
        let bounds = try pack.hillshadeBounds()
        let mapWidthPx = MercatorFrame(bounds: bounds, longSidePx: mapLongSidePx).rect.widthPx
        let widthPx = canvasWidthPx(mapWidthPx: mapWidthPx)
        // A map narrower than the canvas is centred on it.
        let frame = MercatorFrame(bounds: bounds, longSidePx: mapLongSidePx, xPx: ((widthPx - mapWidthPx) / 2).rounded(.down))
        let landmarks = try PackLandmarks.read(pack)
        let contours = OverviewContours(pack.contours, packIntervalM: pack.manifest.files.contours.intervalM,
                                        terrain: try? PackLandmarks.regionTerrain(pack), frame: frame)
        do throws(DrawingError) {
            let legend = try legendLayout(pack, widthPx: widthPx)
            let footerPx = try footerHeightPx(pack, legend: legend, widthPx: widthPx)
            let canvas = try Canvas(widthPx: Int(widthPx), heightPx: Int(frame.rect.heightPx + footerPx))
            canvas.clear(to: .white)
            // Point labels are laid out first: a POI or landmark marker is drawn only with its label.
            var labels = MapDecorations.LabelPlacer(bounds: frame.rect.insetBy(marginPx: -3))
            let markers = OverviewMarkers.all(pack, landmarks: landmarks, frame: frame)
            for m in markers { labels.reserve(m.box) }
            for route in pack.routes { labels.avoid(line: route.coords.map(frame.point), halfWidthPx: routeLineWidthPx / 2 + 2) }
            var above = waypointMarkerBoxes(pack.routes, frame: frame)
            for box in above { labels.reserve(box) }
            let budget = given ?? LabelBudget(widthPx: frame.rect.widthPx, heightPx: frame.rect.heightPx)
            let outcome = OverviewLabels.place(pack, landmarks: landmarks, frame: frame, budget: budget, labels: &labels, on: canvas)
            try canvas.withSavedState { () throws(DrawingError) in
                canvas.clip(to: frame.rect)
                try drawHillshade(pack.hillshade, frame: frame, on: canvas)
                contours.draw(frame: frame, on: canvas)
                FilledVoidLayer.draw(pack.manifest.filledVoidAreas, frame: frame, on: canvas)
                drawTrails(pack.trails, frame: frame, on: canvas)
                NetworkNodeLayer.draw(pack.network, frame: frame, on: canvas)
                OverviewMarkers.draw(markers, labelled: outcome.labelledMarkers, on: canvas)
                drawRoutes(pack.routes, frame: frame, on: canvas)
            }
            drawWaypointMarkers(pack.routes, frame: frame, on: canvas)
            above += outcome.waypointBoxes
            let pointLabels = labels.labels.map { $0.text }
            let lineLabels = contours.placeLabels(frame: frame, labels: &labels, on: canvas)
            OverviewContours.draw(lineLabels, on: canvas)
            labels.draw(on: canvas)
            drawFooter(pack, frame: frame, legend: legend, widthPx: widthPx, on: canvas)
            return MapRendering(image: try canvas.rgbaImage(), frame: frame, aboveRouteBoxes: above, labelBoxes: labels.layout.placed,
                                droppedLabels: labels.dropped, labelTexts: pointLabels, contourLabelTexts: lineLabels.map(\.text),
                                overBudgetLabels: outcome.overBudget, markerCount: markers.count,
                                drawnMarkers: outcome.labelledMarkers.sorted().map { markers[$0].box }, contourScale: contours.scale,
                                contourLines: contours.minor.map { ($0.eleM, false, $0.parts) } + contours.index.map { ($0.eleM, true, $0.parts) })
        } catch {
            throw .drawing(error)
        }
    }

    /// Draws every route's waypoint markers.
    static func drawWaypointMarkers(_ routes: [PackRoute], frame: MercatorFrame, on canvas: Canvas) {
        for route in routes {
            for w in route.waypoints where route.coords.indices.contains(w.i) {
                MapDecorations.drawWaypointMarker(w.kind, at: frame.point(route.coords[w.i]), on: canvas)
            }
        }
    }

    /// The boxes of every route's waypoint markers (`drawWaypointMarkers`).
    static func waypointMarkerBoxes(_ routes: [PackRoute], frame: MercatorFrame) -> [PixelRect] {
        let r = MapDecorations.markerReachPx
        return routes.flatMap { route in
            route.waypoints.filter { route.coords.indices.contains($0.i) }.map { w in
                let p = frame.point(route.coords[w.i])
                return PixelRect(xPx: p.xPx - r, yPx: p.yPx - r, widthPx: 2 * r, heightPx: 2 * r)
            }
        }
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
