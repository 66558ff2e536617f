import Drawing
import Foundation
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
}

/// Draws the 360° panorama from a route's high point: the skyline computed from the region
/// terrain and the route's AR patch (curvature and refraction as in `LineOfSight`, out to
/// 25 km, or to the region's edge where nearer, as the footer says: `PanoramaText.reach`), each
/// landmark the route file lists as visible from that vertex marked at its bearing and elevation
/// angle (clamped to the band) and labelled with its name and distance where `LabelRows` finds room, and a footer listing the
/// route's landmarks hidden from there.
///
/// Layout: azimuth runs left to right from north (0°) through east, `pixelsPerDegree` wide,
/// 40 px margins; a label band `labelBandPx` tall above the skyline band `bandPx` tall; the
/// elevation-angle axis spans the skyline and the tops of landmarks at least
/// `PanoramaText.scaleMinimumDistanceM` away plus one degree each way (`PanoramaText.angleRangeDeg`).
public enum PanoramaRenderer {
    public static let pixelsPerDegree = 5.0
    public static let bandPx = 380.0
    public static let labelBandPx = 220.0
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
        let widthPx = 360 * pixelsPerDegree + 2 * marginPx
        let bandTop = 60 + labelBandPx
        func x(_ bearingDeg: Double) -> Double { marginPx + bearingDeg.truncatingRemainder(dividingBy: 360) * pixelsPerDegree }
        func y(_ angleDeg: Double) -> Double { bandTop + (hi - angleDeg) / (hi - lo) * bandPx }
        let sorted = tops.sorted(by: { ($0.1, $0.0.name) < ($1.1, $1.0.name) })
        let texts = sorted.map { "\($0.0.name) " + PanoramaText.km($0.3) }
        let markers = sorted.map { PixelPoint(xPx: x($0.1), yPx: y(min(max($0.2, lo), hi))) }
        let boxes: [PixelRect?]
        do throws(DrawingError) { boxes = try labelBoxes(texts, anchorsXPx: markers.map(\.xPx), imageWidthPx: widthPx) } catch { throw .drawing(error) }
        let unlabelled = zip(texts, boxes).filter { $0.1 == nil }.map(\.0)
        var footerLines = landmarks.isEmpty ? [] : hiddenLines(hidden, route: route)
        if !unlabelled.isEmpty { footerLines.append("Not labelled for room: " + unlabelled.joined(separator: ", ") + ".") }
        let heightPx = bandTop + bandPx + 60 + 24 * Double(footerLines.count + 1)
        do throws(DrawingError) {
            let canvas = try Canvas(widthPx: Int(widthPx), heightPx: Int(heightPx))
            canvas.clear(to: .white)
            canvas.setFont(sizePx: 22, bold: true)
            canvas.setColor(.black)
            canvas.showText("\(route.name): panorama from the high point (vertex \(vertex), \(Int(route.elevationsM[vertex].rounded())) m, eye +1.7 m)",
                            at: PixelPoint(xPx: marginPx, yPx: 34))
            let band = PixelRect(xPx: marginPx, yPx: bandTop, widthPx: 360 * pixelsPerDegree, heightPx: bandPx)
            drawBand(skyline, band: band, angleRangeDeg: range, on: canvas)
            // Landmarks: a marker at bearing and elevation angle, a leader up to its label.
            var labelled: [(String, Double, Double, PixelPoint)] = []
            for (k, top) in sorted.enumerated() {
                drawLandmark(marker: markers[k], text: texts[k], box: boxes[k], color: color, on: canvas)
                labelled.append((top.0.name, top.1, top.2, markers[k]))
            }
            canvas.setFont(sizePx: 16)
            canvas.setColor(.black)
            var lineY = band.maxYPx + 60
            canvas.showText(summary, at: PixelPoint(xPx: marginPx, yPx: lineY))
            for line in footerLines {
                lineY += 24
                canvas.showText(line, at: PixelPoint(xPx: marginPx, yPx: lineY))
            }
            return PanoramaRendering(image: try canvas.rgbaImage(), vertex: vertex, skyline: skyline,
                                     labelled: labelled.map { (name: $0.0, bearingDeg: $0.1, elevationDeg: $0.2, marker: $0.3) },
                                     hidden: hidden.map(\.name), labelBoxes: boxes.compactMap { $0 }, summary: summary, angleRangeDeg: range)
        } catch {
            throw .drawing(error)
        }
    }

    /// The skyline band: sky, terrain below the skyline, the dashed horizontal, the compass
    /// ticks and the band's angle range, elevation angles mapped linearly onto `band`.
    static func drawBand(_ skyline: Skyline, band: PixelRect, angleRangeDeg range: ClosedRange<Double>, on canvas: Canvas) {
        let lo = range.lowerBound, hi = range.upperBound
        func y(_ angleDeg: Double) -> Double { band.yPx + (hi - angleDeg) / (hi - lo) * band.heightPx }
        // Sky, then the terrain below the skyline.
        canvas.newPath()
        canvas.addRectangle(band)
        canvas.setColor(DrawingColor(red: 0.86, green: 0.92, blue: 0.98))
        canvas.fill()
        var outline = [PixelPoint(xPx: band.xPx, yPx: band.maxYPx)]
        // One point per azimuth, the first repeated at 360° to close the circle.
        let closed = skyline.elevationDeg + [skyline.elevationDeg.first ?? lo]
        for (k, angle) in closed.enumerated() {
            outline.append(PixelPoint(xPx: marginPx + Double(k) * skyline.stepDeg * pixelsPerDegree, yPx: min(band.maxYPx, y(max(angle, lo)))))
        }
        outline.append(PixelPoint(xPx: band.maxXPx, yPx: band.maxYPx))
        canvas.newPath()
        canvas.addPolyline(outline, closed: true)
        canvas.setColor(DrawingColor(red: 0.42, green: 0.50, blue: 0.40))
        canvas.fill()
        // The horizontal (0°) and the compass.
        canvas.setLineWidth(px: 1)
        canvas.setDash(lengthsPx: [6, 6])
        canvas.setColor(DrawingColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.6))
        canvas.newPath()
        canvas.move(to: PixelPoint(xPx: band.xPx, yPx: y(0)))
        canvas.line(to: PixelPoint(xPx: band.maxXPx, yPx: y(0)))
        canvas.stroke()
        canvas.setDash(lengthsPx: [])
        canvas.setFont(sizePx: 16, bold: true)
        for (deg, name) in [(0.0, "N"), (45, "NE"), (90, "E"), (135, "SE"), (180, "S"), (225, "SW"), (270, "W"), (315, "NW"), (360, "N")] {
            let px = marginPx + deg * pixelsPerDegree
            canvas.newPath()
            canvas.move(to: PixelPoint(xPx: px, yPx: band.maxYPx))
            canvas.line(to: PixelPoint(xPx: px, yPx: band.maxYPx + 8))
            canvas.setColor(.black)
            canvas.stroke()
            let w = canvas.textExtents(name).advanceXPx
            canvas.showText(name, at: PixelPoint(xPx: px - w / 2, yPx: band.maxYPx + 28))
        }
        canvas.setFont(sizePx: 14)
        canvas.showText(String(format: "%+.1f°", hi), at: PixelPoint(xPx: 2, yPx: band.yPx + 14))
        canvas.showText(String(format: "%+.1f°", lo), at: PixelPoint(xPx: 2, yPx: band.maxYPx - 4))
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

    /// "Hidden from here: ..." wrapped to about 150 characters a line.
    static func hiddenLines(_ hidden: [PackLandmark], route: PackRoute) -> [String] {
        guard !hidden.isEmpty else { return ["Hidden from here: none of the route's landmarks."] }
        let items = hidden.map { l in
            l.name + " (seen from " + l.visible.map { $0.count == 2 ? (($0[0] == $0[1]) ? "\($0[0])" : "\($0[0])-\($0[1])") : "?" }.joined(separator: ", ") + ")"
        }
        var lines: [String] = [], current = "Hidden from here:"
        for (k, item) in items.enumerated() {
            let piece = item + (k < items.count - 1 ? "," : ".")
            if current.count + piece.count > 150 { lines.append(current); current = "  " + piece } else { current += " " + piece }
        }
        lines.append(current)
        return lines
    }
}
