import Drawing
import Foundation
import TrailpackCore

/// Draws the close-up of one route's AR patch.
///
/// The shading is computed from the TER1 patch itself (`PatchHillshade`, 315° / 45°), one
/// grey pixel per sample, each sample treated as a pixel centred on it, so the picture spans
/// the patch's pixel-edge bounds (`GridGeometry.pixelEdgeBounds`, half a cell beyond the
/// sample bounds). That frame's long side is `mapLongSidePx`, top-left at (0, 0); the shading
/// is scaled in bilinearly and washed 15 % toward white. Above it: trails of the region
/// (dashed), the route (white casing, then `routeLineWidthPx` in its colour), waypoint markers
/// by kind and their names (else instructions), placed by `LabelLayout` (no overlap, clear of the
/// route, inside the map, left out when there is no room). A footer holds the title, the patch's size and
/// resolution, and a scale bar (stacked below the note when the patch is narrower than
/// `minimumWidthPx`: the canvas then keeps the patch's own width, at least 640 px).
public enum ARPatchRenderer {
    public static let mapLongSidePx = 1400.0
    public static let minimumWidthPx = 900.0
    public static let routeLineWidthPx = 6.0

    /// Renders the AR patch `patch` of `route` with the region's `trails` for context.
    /// - Throws: `PreviewError.drawing` when Cairo fails.
    public static func render(route: PackRoute, patch: TerrainGrid, trails: [TrailFeature], color: DrawingColor) throws(PreviewError) -> MapRendering {
        let geometry = GridGeometry(width: patch.width, height: patch.height, bounds: patch.bounds)
        let mapWidthPx = MercatorFrame(bounds: geometry.pixelEdgeBounds, longSidePx: mapLongSidePx).rect.widthPx
        // A narrow patch keeps its own width (at least 640 px, the patch centred) with the footer stacked.
        let widthPx = mapWidthPx >= minimumWidthPx ? mapWidthPx : max(mapWidthPx, OverviewRenderer.narrowMinimumWidthPx)
        let frame = MercatorFrame(bounds: geometry.pixelEdgeBounds, longSidePx: mapLongSidePx, xPx: ((widthPx - mapWidthPx) / 2).rounded(.down))
        let stacked = widthPx < minimumWidthPx
        do throws(DrawingError) {
            let canvas = try Canvas(widthPx: Int(widthPx), heightPx: Int(frame.rect.heightPx + (stacked ? 190 : 100)))
            canvas.clear(to: .white)
            var labels = MapDecorations.LabelPlacer(bounds: frame.rect.insetBy(marginPx: -3))
            var above: [PixelRect] = []
            try canvas.withSavedState { () throws(DrawingError) in
                canvas.clip(to: frame.rect)
                let grey = PixelImage(widthPx: patch.width, heightPx: patch.height, channels: 1, pixels: PatchHillshade.shade(patch))
                try canvas.draw(grey, into: frame.rect, smooth: true)
                canvas.newPath()
                canvas.addRectangle(frame.rect)
                canvas.setColor(DrawingColor(red: 1, green: 1, blue: 1, alpha: 0.15))
                canvas.fill()
                OverviewRenderer.drawTrails(trails, frame: frame, on: canvas)
                canvas.setLineCap(.round)
                canvas.setLineJoin(.round)
                canvas.setColor(.white)
                canvas.setLineWidth(px: routeLineWidthPx + 4)
                MapDecorations.strokeLines([route.coords], frame: frame, on: canvas)
                canvas.setColor(color)
                canvas.setLineWidth(px: routeLineWidthPx)
                MapDecorations.strokeLines([route.coords], frame: frame, on: canvas)
                for w in route.waypoints where route.coords.indices.contains(w.i) {
                    let p = frame.point(route.coords[w.i])
                    MapDecorations.drawWaypointMarker(w.kind, at: p, on: canvas)
                    let r = MapDecorations.markerReachPx
                    let box = PixelRect(xPx: p.xPx - r, yPx: p.yPx - r, widthPx: 2 * r, heightPx: 2 * r)
                    above.append(box)
                    labels.reserve(box)
                }
                labels.avoid(line: route.coords.map(frame.point), halfWidthPx: routeLineWidthPx / 2 + 2)
                for w in route.waypoints where route.coords.indices.contains(w.i) {
                    var text = w.name ?? w.instruction
                    if text.count > 40 { text = String(text.prefix(39)) + "…" }
                    if let box = labels.place(text, near: frame.point(route.coords[w.i]), gapPx: 14, sizePx: 17, on: canvas) { above.append(box) }
                }
                labels.draw(on: canvas)
            }
            let y0 = MapDecorations.drawFrameAndTitle(frame, title: "\(route.name) (\(route.id)): AR patch", titleSizePx: 22, on: canvas)
            canvas.setFont(sizePx: 15)
            canvas.setColor(DrawingColor(hex: 0x555555))
            let note = "\(patch.width) x \(patch.height) samples, \(formatNumber(geometry.resolutionM, maxDecimals: 1)) m; shading computed from the patch (315°, 45°); north up"
                + (labels.dropped.isEmpty ? "" : "; \(labels.dropped.count) label(s) left out for room")
            var noteY = y0 + (stacked ? 60 : 86)
            for line in RerouteCheckRenderer.wrap(note, widthPx: widthPx - 40, on: canvas).prefix(2) {
                canvas.showText(line, at: PixelPoint(xPx: 20, yPx: noteY))
                noteY += 20
            }
            MapDecorations.drawScaleBar(at: PixelPoint(xPx: stacked ? 24 : widthPx - 300, yPx: stacked ? noteY + 4 : y0 + 22),
                                        pixelsPerMetre: frame.pixelsPerGroundMetre, maxLengthPx: 220, on: canvas)
            return MapRendering(image: try canvas.rgbaImage(), frame: frame, aboveRouteBoxes: above,
                                labelBoxes: labels.labels.map(\.placed.box), droppedLabels: labels.dropped)
        } catch {
            throw .drawing(error)
        }
    }
}
