import Drawing
import Foundation
import TrailpackCore

/// Drawing pieces the overview and AR close-up share: waypoint markers, non-overlapping
/// labels, a scale bar and a north arrow.
enum MapDecorations {
    static let labelColor = DrawingColor(hex: 0x111111)
    static let haloColor = DrawingColor(red: 1, green: 1, blue: 1, alpha: 0.9)

    /// Radius in pixels that a waypoint marker reaches from its centre (outline included).
    static let markerReachPx = 11.0

    /// Draws the marker of a waypoint kind centred at `p`: start circle, end square, summit
    /// triangle, junction diamond, turn small circle, poi circle; dark outline.
    /// Outlines the map `frame` and writes `title` in the footer below it; returns the footer's
    /// top edge (the map's bottom), pixels.
    static func drawFrameAndTitle(_ frame: MercatorFrame, title: String, titleSizePx: Double, on canvas: Canvas) -> Double {
        canvas.newPath()
        canvas.addRectangle(frame.rect)
        canvas.setColor(.black)
        canvas.setLineWidth(px: 2)
        canvas.stroke()
        let y0 = frame.rect.maxYPx
        canvas.setColor(labelColor)
        // The title shrinks (down to 60 %) to fit a narrow canvas.
        var sizePx = titleSizePx
        canvas.setFont(sizePx: sizePx, bold: true)
        let fitPx = Double(canvas.widthPx) - 40, widthPx = canvas.textExtents(title).advanceXPx
        if widthPx > fitPx {
            sizePx = max(titleSizePx * 0.6, titleSizePx * fitPx / widthPx)
            canvas.setFont(sizePx: sizePx, bold: true)
        }
        canvas.showText(title, at: PixelPoint(xPx: 20, yPx: y0 + titleSizePx * 1.55))
        return y0
    }

    static func drawWaypointMarker(_ kind: WaypointKind, at p: PixelPoint, on canvas: Canvas) {
        canvas.newPath()
        switch kind {
        case .start: canvas.addCircle(center: p, radiusPx: 9)
        case .end: canvas.addRectangle(PixelRect(xPx: p.xPx - 8, yPx: p.yPx - 8, widthPx: 16, heightPx: 16))
        case .summit:
            canvas.addPolyline([PixelPoint(xPx: p.xPx, yPx: p.yPx - 10), PixelPoint(xPx: p.xPx + 9, yPx: p.yPx + 7),
                                PixelPoint(xPx: p.xPx - 9, yPx: p.yPx + 7)], closed: true)
        case .junction:
            canvas.addPolyline([PixelPoint(xPx: p.xPx, yPx: p.yPx - 9), PixelPoint(xPx: p.xPx + 9, yPx: p.yPx),
                                PixelPoint(xPx: p.xPx, yPx: p.yPx + 9), PixelPoint(xPx: p.xPx - 9, yPx: p.yPx)], closed: true)
        case .turn: canvas.addCircle(center: p, radiusPx: 6)
        case .poi: canvas.addCircle(center: p, radiusPx: 7)
        }
        canvas.setColor(RoutePalette.waypointColor(kind))
        canvas.fill(preserve: true)
        canvas.setColor(DrawingColor(hex: 0x111111))
        canvas.setLineWidth(px: 2)
        canvas.setDash(lengthsPx: [])
        canvas.stroke()
    }

    /// Places text labels next to anchor points through a `LabelLayout` (no overlap, inside
    /// `bounds`, clear of reserved boxes and avoided lines; a label with no free spot is left
    /// out and named in `dropped`), then draws them all at once with `draw(on:)`, so that they
    /// sit above every symbol and line.
    struct LabelPlacer {
        private(set) var layout: LabelLayout
        /// Labels placed, with their text and font, in placing order.
        private(set) var labels: [(text: String, sizePx: Double, bold: Bool, placed: PlacedLabel)] = []
        /// Texts of the labels left out for want of room.
        private(set) var dropped: [String] = []

        init(bounds: PixelRect) { layout = LabelLayout(bounds: bounds) }

        /// Records a box (a marker, a symbol) that later labels must avoid.
        mutating func reserve(_ box: PixelRect) { layout.reserve(box) }

        /// Records a line (a route) that labels must not cover.
        mutating func avoid(line points: [PixelPoint], halfWidthPx: Double) { layout.avoid(line: points, halfWidthPx: halfWidthPx) }

        /// Takes `box` for a label drawn elsewhere (along a line) when it is free; see `LabelLayout.claim`.
        mutating func claim(_ box: PixelRect) -> Bool { layout.claim(box) }

        /// Places `text` near `anchor`, `gapPx` away from it when there is room (else farther
        /// out with a leader line), and returns the box it will cover, or nil when it was left out.
        @discardableResult
        mutating func place(_ text: String, near anchor: PixelPoint, gapPx: Double, sizePx: Double, bold: Bool = false,
                            on canvas: Canvas) -> PixelRect? {
            canvas.setFont(sizePx: sizePx, bold: bold)
            let widthPx = canvas.textExtents(text).advanceXPx + 4
            guard let placed = layout.place(widthPx: widthPx, heightPx: sizePx * 1.25, anchor: anchor, gapPx: gapPx) else {
                dropped.append(text)
                return nil
            }
            labels.append((text, sizePx, bold, placed))
            return placed.box
        }

        /// Draws every placed label: leader lines first, then the texts with a white halo.
        func draw(on canvas: Canvas) {
            canvas.setDash(lengthsPx: [])
            for label in labels {
                guard let from = label.placed.leaderFrom else { continue }
                let box = label.placed.box
                let to = PixelPoint(xPx: min(max(from.xPx, box.xPx), box.maxXPx), yPx: min(max(from.yPx, box.yPx), box.maxYPx))
                canvas.newPath()
                canvas.move(to: from)
                canvas.line(to: to)
                canvas.setColor(DrawingColor(hex: 0x333333, alpha: 0.8))
                canvas.setLineWidth(px: 1.2)
                canvas.stroke()
            }
            for label in labels {
                canvas.setFont(sizePx: label.sizePx, bold: label.bold)
                let e = canvas.textExtents(label.text), box = label.placed.box
                // Baseline sits so the text's ink is vertically centred in the box.
                let baseline = box.yPx + box.heightPx / 2 - (e.bearingYPx + e.heightPx / 2)
                canvas.showText(label.text, at: PixelPoint(xPx: box.xPx + 2, yPx: baseline), color: labelColor, halo: haloColor, haloWidthPx: 4)
            }
        }
    }

    /// The longest "nice" length (1, 2 or 5 x 10^k metres) no longer than `maxM`.
    static func niceLengthM(atMost maxM: Double) -> Double {
        guard maxM > 0 else { return 1 }
        let power = pow(10, floor(log10(maxM)))
        for m in [5.0, 2.0, 1.0] where m * power <= maxM { return m * power }
        return power
    }

    /// "500 m" or "2 km" for a scale-bar length in metres.
    static func lengthLabel(metres: Double) -> String {
        metres >= 1000 ? "\(formatNumber(metres / 1000, maxDecimals: 1)) km" : "\(Int(metres.rounded())) m"
    }

    /// Draws a two-part black/white scale bar whose left end is at `origin` (bar top edge),
    /// at most `maxLengthPx` long; returns its length in pixels.
    @discardableResult
    static func drawScaleBar(at origin: PixelPoint, pixelsPerMetre: Double, maxLengthPx: Double, on canvas: Canvas) -> Double {
        let metres = niceLengthM(atMost: maxLengthPx / pixelsPerMetre)
        let lengthPx = metres * pixelsPerMetre
        let heightPx = 10.0
        for k in 0..<2 {
            canvas.newPath()
            canvas.addRectangle(PixelRect(xPx: origin.xPx + Double(k) * lengthPx / 2, yPx: origin.yPx, widthPx: lengthPx / 2, heightPx: heightPx))
            canvas.setColor(k == 0 ? .black : .white)
            canvas.fill(preserve: true)
            canvas.setColor(.black)
            canvas.setLineWidth(px: 1.5)
            canvas.stroke()
        }
        canvas.setFont(sizePx: 16)
        canvas.setColor(labelColor)
        canvas.showText("0", at: PixelPoint(xPx: origin.xPx - 4, yPx: origin.yPx + heightPx + 20))
        let label = lengthLabel(metres: metres)
        let w = canvas.textExtents(label).advanceXPx
        canvas.showText(label, at: PixelPoint(xPx: origin.xPx + lengthPx - w / 2, yPx: origin.yPx + heightPx + 20))
        return lengthPx
    }

    /// Draws an upward arrow with an "N" above it; `center` is the arrow's middle.
    static func drawNorthArrow(at center: PixelPoint, heightPx: Double, on canvas: Canvas) {
        let top = PixelPoint(xPx: center.xPx, yPx: center.yPx - heightPx / 2)
        let bottom = center.yPx + heightPx / 2
        canvas.newPath()
        canvas.addPolyline([top, PixelPoint(xPx: center.xPx + heightPx * 0.3, yPx: bottom),
                            PixelPoint(xPx: center.xPx, yPx: bottom - heightPx * 0.25),
                            PixelPoint(xPx: center.xPx - heightPx * 0.3, yPx: bottom)], closed: true)
        canvas.setColor(.black)
        canvas.fill()
        canvas.setFont(sizePx: 20, bold: true)
        let w = canvas.textExtents("N").advanceXPx
        canvas.showText("N", at: PixelPoint(xPx: center.xPx - w / 2, yPx: top.yPx - 6))
    }

    /// Strokes every part as a polyline in the current style.
    static func strokeLines(_ parts: [[LonLat]], frame: MercatorFrame, on canvas: Canvas) {
        canvas.newPath()
        for part in parts where part.count > 1 { canvas.addPolyline(part.map(frame.point)) }
        canvas.stroke()
    }
}

/// `value` with at most `maxDecimals` decimals and no trailing zeros, "." as separator.
func formatNumber(_ value: Double, maxDecimals: Int) -> String {
    var s = String(format: "%.\(maxDecimals)f", value)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}

/// "2 h 05 min" for a duration in seconds.
func formatDuration(seconds: Int) -> String {
    let minutes = (seconds + 30) / 60
    return String(format: "%d h %02d min", minutes / 60, minutes % 60)
}
