import Drawing
import Foundation
import PackReader
import Landmarks
import TrailpackCore

/// What `PanoramaRenderer.render` drew, for reviewers and tests.
public struct PanoramaRendering: Sendable {
    public var image: PixelImage
    /// The route vertex the panorama is seen from (its highest).
    public var vertex: Int
    public var skyline: Skyline
    /// Landmarks in sight from that vertex (per the route file), labelled: name, bearing and
    /// elevation angle in degrees, and where the label's marker sits.
    public var labelled: [(name: String, bearingDeg: Double, elevationDeg: Double, marker: PixelPoint)]
    /// The route's landmarks hidden from that vertex (seen elsewhere on the route), listed.
    public var hidden: [String]
    /// Boxes of the landmark labels drawn (never overlapping, inside the image), pixels.
    public var labelBoxes: [PixelRect] = []
    /// The line under the band: landmarks in sight and the skyline's reach.
    public var summary: String = ""
    /// Elevation angles the band spans, degrees (`PanoramaText.angleRangeDeg`).
    public var angleRangeDeg: ClosedRange<Double> = -3...3
    /// The azimuths the picture spans and its width.
    public var layout: PanoramaLayout? = nil
    /// The footer's lines as drawn (each fits the width less the margins).
    public var footerLines: [String] = []
}

/// Draws the panorama from a route's high point: the skyline computed from the region
/// terrain and the route's AR patch (curvature and refraction as in `LineOfSight`, out to
/// 25 km, or to the region's edge where nearer, as the footer says: `PanoramaText.reach`), each
/// landmark the route file lists as visible from that vertex marked at its bearing and elevation
/// angle (clamped to the band) and labelled with its name and distance where `LabelRows` finds room, and a footer listing the
/// route's landmarks hidden from there and those not labelled for room, wrapped to the width.
///
/// Layout (`PanoramaLayout`): azimuth runs left to right clockwise, `pixelsPerDegree` wide, over
/// the azimuths the skyline has terrain on (the whole circle from north unless the region ends
/// at the observer), 40 px margins; the label rows the labels use (`LabelRows`, at most eight)
/// above the skyline band `bandPx` tall; the
/// elevation-angle axis spans the skyline and the tops of landmarks at least
/// `PanoramaText.scaleMinimumDistanceM` away plus one degree each way (`PanoramaText.angleRangeDeg`).
public enum PanoramaRenderer {
    public static let pixelsPerDegree = 5.0
    public static let bandPx = 380.0
    public static let maxDistanceM = 25_000.0
    static let marginPx = 40.0

    /// Renders the panorama of `route` (its `landmarks` given apart) over `region` and `patch`.
    /// - Throws: `PreviewError.drawing` when Cairo fails.
    public static func render(route: PackRoute, landmarks: [PackLandmark], region: TerrainGrid, patch: TerrainGrid?,
                              color: DrawingColor) throws(PreviewError) -> PanoramaRendering {
        let vertex = route.elevationsM.indices.max { route.elevationsM[$0] < route.elevationsM[$1] } ?? 0
        let observer = route.coords[vertex]
        let eyeM = route.elevationsM[vertex] + SightConstants.eyeHeightM
        let sight = LineOfSight(region: TerrainSurface(region), patch: patch.map(TerrainSurface.init))
        let skyline = Skyline.compute(from: observer, eyeM: eyeM, sight: sight, maxDistanceM: maxDistanceM, stepDeg: 0.5)
        let seen = landmarks.filter { $0.isVisible(from: vertex) }
        let hidden = landmarks.filter { !$0.isVisible(from: vertex) }
        let tops = seen.map { l in
            (l, Geodesic.bearingDeg(observer, l.location),
             LineOfSight.elevationAngleDeg(from: observer, eyeM: eyeM, to: l.location, eleM: l.ele),
             Geodesic.distanceM(observer, l.location))
        }
        let range = PanoramaText.angleRangeDeg(skylineDeg: skyline.elevationDeg, landmarkTops: tops.map { ($0.2, $0.3) })
        let lo = range.lowerBound, hi = range.upperBound
        let summary = PanoramaText.landmarkCount(seen: seen.count, total: landmarks.count) + "; "
            + PanoramaText.reach(edgeDistancesM: PanoramaText.edgeDistancesM(from: observer, region: region.bounds, count: skyline.elevationDeg.count),
                                 limitM: maxDistanceM) + ", curvature and refraction k = 0.13."
        let layout = PanoramaLayout(skyline: skyline, bearingsDeg: tops.map(\.1))
        let widthPx = layout.widthPx
        let sorted = tops.sorted(by: { ($0.1, $0.0.name) < ($1.1, $1.0.name) })
        let texts = sorted.map { PanoramaText.label(name: $0.0.name, distanceM: $0.3) }
        let boxes: [PixelRect?]
        do throws(DrawingError) { boxes = try labelBoxes(texts, anchorsXPx: sorted.map { layout.xPx($0.1) }, imageWidthPx: widthPx) } catch { throw .drawing(error) }
        // The skyline band sits under the label rows used (none: right under the title).
        let bandTop = (boxes.compactMap { $0?.maxYPx }.max() ?? 50) + 24
        func y(_ angleDeg: Double) -> Double { bandTop + (hi - angleDeg) / (hi - lo) * bandPx }
        let markers = sorted.map { PixelPoint(xPx: layout.xPx($0.1), yPx: y(min(max($0.2, lo), hi))) }
        let unlabelled = zip(texts, boxes).filter { $0.1 == nil }.map(\.0)
        do throws(DrawingError) {
            let measure = try Canvas(widthPx: 1, heightPx: 1)
            let footer = footerLines(summary: summary, hidden: landmarks.isEmpty ? nil : hidden, unlabelled: unlabelled, route: route,
                                     widthPx: widthPx - 2 * marginPx, on: measure)
            let heightPx = bandTop + bandPx + 60 + 24 * Double(footer.count)
            let canvas = try Canvas(widthPx: Int(widthPx), heightPx: Int(heightPx))
            canvas.clear(to: .white)
            drawTitle("\(route.name): panorama from the high point (vertex \(vertex), \(MetresFormat.wholeMetres(route.elevationsM[vertex])), eye +1.7 m)",
                      widthPx: widthPx, on: canvas)
            let band = PixelRect(xPx: layout.bandXPx, yPx: bandTop, widthPx: layout.spanDeg * pixelsPerDegree, heightPx: bandPx)
            drawBand(skyline, band: band, layout: layout, angleRangeDeg: range, on: canvas)
            // Landmarks: a marker at bearing and elevation angle, a leader up to its label.
            var labelled: [(String, Double, Double, PixelPoint)] = []
            for (k, top) in sorted.enumerated() {
                drawLandmark(marker: markers[k], text: texts[k], box: boxes[k], color: color, on: canvas)
                labelled.append((top.0.name, top.1, top.2, markers[k]))
            }
            canvas.setFont(sizePx: 16)
            canvas.setColor(.black)
            for (k, line) in footer.enumerated() {
                canvas.showText(line, at: PixelPoint(xPx: marginPx, yPx: band.maxYPx + 60 + 24 * Double(k)))
            }
            return PanoramaRendering(image: try canvas.rgbaImage(), vertex: vertex, skyline: skyline,
                                     labelled: labelled.map { (name: $0.0, bearingDeg: $0.1, elevationDeg: $0.2, marker: $0.3) },
                                     hidden: hidden.map(\.name), labelBoxes: boxes.compactMap { $0 }, summary: summary, angleRangeDeg: range,
                                     layout: layout, footerLines: footer)
        } catch {
            throw .drawing(error)
        }
    }

    /// The title in bold 22 px, shrunk (down to 60 %) to fit `widthPx` less the margins.
    static func drawTitle(_ title: String, widthPx: Double, on canvas: Canvas) {
        var sizePx = 22.0
        canvas.setFont(sizePx: sizePx, bold: true)
        let textPx = canvas.textExtents(title).advanceXPx, roomPx = widthPx - 2 * marginPx
        if textPx > roomPx {
            sizePx = max(22 * 0.6, 22 * roomPx / textPx)
            canvas.setFont(sizePx: sizePx, bold: true)
        }
        canvas.setColor(.black)
        canvas.showText(title, at: PixelPoint(xPx: marginPx, yPx: 34))
    }

    /// The footer's lines at 16 px, each at most `widthPx` wide: the summary, the landmarks
    /// hidden from here (`hidden` nil: the route has none), and those not labelled for room.
    static func footerLines(summary: String, hidden: [PackLandmark]?, unlabelled: [String], route: PackRoute, widthPx: Double,
                            on canvas: Canvas) -> [String] {
        canvas.setFont(sizePx: 16)
        var texts = [summary]
        if let hidden { texts.append(hiddenText(hidden)) }
        if !unlabelled.isEmpty { texts.append("Not labelled for room: " + unlabelled.joined(separator: ", ") + ".") }
        return texts.flatMap { RerouteCheckRenderer.wrap($0, widthPx: widthPx, on: canvas) }
    }

    /// The skyline band: sky, terrain below the skyline, the horizontal (when inside the band),
    /// the compass ticks on the band and the band's angle range, elevation angles mapped
    /// linearly onto `band`, azimuths from `layout.startDeg` over `layout.spanDeg`.
    static func drawBand(_ skyline: Skyline, band: PixelRect, layout: PanoramaLayout, angleRangeDeg range: ClosedRange<Double>, on canvas: Canvas) {
        let lo = range.lowerBound, hi = range.upperBound
        func y(_ angleDeg: Double) -> Double { band.yPx + (hi - angleDeg) / (hi - lo) * band.heightPx }
        // Sky, then the terrain below the skyline.
        canvas.newPath()
        canvas.addRectangle(band)
        canvas.setColor(DrawingColor(red: 0.86, green: 0.92, blue: 0.98))
        canvas.fill()
        var outline = [PixelPoint(xPx: band.xPx, yPx: band.maxYPx)]
        let count = skyline.elevationDeg.count, first = Int((layout.startDeg / skyline.stepDeg).rounded())
        // One point per azimuth on the band (a whole circle closes on its first azimuth at 360°).
        for step in 0...Int((layout.spanDeg / skyline.stepDeg).rounded()) where count > 0 {
            let angle = skyline.elevationDeg[(first + step) % count]
            outline.append(PixelPoint(xPx: band.xPx + Double(step) * skyline.stepDeg * pixelsPerDegree, yPx: min(band.maxYPx, y(max(angle, lo)))))
        }
        outline.append(PixelPoint(xPx: band.maxXPx, yPx: band.maxYPx))
        canvas.newPath()
        canvas.addPolyline(outline, closed: true)
        canvas.setColor(DrawingColor(red: 0.42, green: 0.50, blue: 0.40))
        canvas.fill()
        if range.contains(0) {
            canvas.setLineWidth(px: 1)
            canvas.setDash(lengthsPx: [6, 6])
            canvas.setColor(DrawingColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.6))
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: band.xPx, yPx: y(0)))
            canvas.line(to: PixelPoint(xPx: band.maxXPx, yPx: y(0)))
            canvas.stroke()
            canvas.setDash(lengthsPx: [])
        }
        drawCompass(band: band, layout: layout, on: canvas)
        canvas.setFont(sizePx: 14)
        canvas.setColor(.black)
        canvas.showText(String(format: "%+.1f°", hi), at: PixelPoint(xPx: band.xPx - 38, yPx: band.yPx + 14))
        canvas.showText(String(format: "%+.1f°", lo), at: PixelPoint(xPx: band.xPx - 38, yPx: band.maxYPx - 4))
    }

    /// Ticks and names of the eight compass points that lie on the band (north at both ends of a whole circle).
    static func drawCompass(band: PixelRect, layout: PanoramaLayout, on canvas: Canvas) {
        canvas.setLineWidth(px: 1)
        canvas.setFont(sizePx: 16, bold: true)
        let points = [(0.0, "N"), (45, "NE"), (90, "E"), (135, "SE"), (180, "S"), (225, "SW"), (270, "W"), (315, "NW")]
        var ticks = points.filter { layout.covers($0.0) }.map { (layout.xPx($0.0), $0.1) }
        if layout.spanDeg >= 360 { ticks.append((band.maxXPx, "N")) }
        for (px, name) in ticks {
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: px, yPx: band.maxYPx))
            canvas.line(to: PixelPoint(xPx: px, yPx: band.maxYPx + 8))
            canvas.setColor(.black)
            canvas.stroke()
            let w = canvas.textExtents(name).advanceXPx
            canvas.showText(name, at: PixelPoint(xPx: px - w / 2, yPx: band.maxYPx + 28))
        }
    }

    /// The label boxes of the landmarks (`texts` in bold 15 px over points at `anchorsXPx`): eight
    /// rows in the band above the skyline; nil for a label with no room.
    static func labelBoxes(_ texts: [String], anchorsXPx: [Double], imageWidthPx: Double) throws(DrawingError) -> [PixelRect?] {
        let measure = try Canvas(widthPx: 1, heightPx: 1)
        measure.setFont(sizePx: 15, bold: true)
        let rows = LabelRows(rowCount: 8, firstRowTopPx: 62, rowStepPx: 26, rowHeightPx: 22, paddingPx: 4, imageWidthPx: imageWidthPx)
        return rows.boxes(widthsPx: texts.map { measure.textExtents($0).advanceXPx }, anchorsXPx: anchorsXPx)
    }

    /// A landmark's marker (a triangle in the route's colour) and, when it has a `box`, a
    /// leader up to its label.
    static func drawLandmark(marker: PixelPoint, text: String, box: PixelRect?, color: DrawingColor, on canvas: Canvas) {
        canvas.setColor(color)
        canvas.setLineWidth(px: 1.5)
        if let box {
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: marker.xPx, yPx: box.maxYPx))
            canvas.line(to: marker)
            canvas.stroke()
        }
        canvas.newPath()
        canvas.addPolyline([PixelPoint(xPx: marker.xPx - 6, yPx: marker.yPx + 2), PixelPoint(xPx: marker.xPx + 6, yPx: marker.yPx + 2),
                            PixelPoint(xPx: marker.xPx, yPx: marker.yPx - 8)], closed: true)
        canvas.fill()
        guard let box else { return }
        canvas.setFont(sizePx: 15, bold: true)
        canvas.showText(text, at: PixelPoint(xPx: box.xPx + 4, yPx: box.yPx + 16), color: .black, halo: .white, haloWidthPx: 3)
    }

    /// "Hidden from here: A (seen from 3-40), B (seen from 7)." or that none is.
    static func hiddenText(_ hidden: [PackLandmark]) -> String {
        guard !hidden.isEmpty else { return "Hidden from here: none of the route's landmarks." }
        let items = hidden.map { l in
            l.name + " (seen from " + l.visible.map { $0.count == 2 ? (($0[0] == $0[1]) ? "\($0[0])" : "\($0[0])-\($0[1])") : "?" }.joined(separator: ", ") + ")"
        }
        return "Hidden from here: " + items.joined(separator: ", ") + "."
    }
}
