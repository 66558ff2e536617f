import CCairo

/// An ARGB32 Cairo image surface with its drawing context, owned by this object and freed
/// exactly once when it goes away. Coordinates are pixels (see `PixelPoint`). Drawing calls
/// do not throw one by one: Cairo keeps the first error in the context, and `checkStatus()`
/// or `rgbaImage()` turn it into a `DrawingError`.
///
/// Not thread-safe: use one canvas from one task.
public final class Canvas {
    public let widthPx: Int
    public let heightPx: Int
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// How stroke ends look.
    public enum LineCap: Sendable { case butt, round, square }
    /// How stroke corners look.
    public enum LineJoin: Sendable { case miter, round, bevel }

    /// A blank, fully transparent canvas.
    /// - Throws: `DrawingError` when the size is not positive or Cairo cannot allocate it.
    public init(widthPx: Int, heightPx: Int) throws(DrawingError) {
        guard widthPx > 0, heightPx > 0, widthPx <= 32767, heightPx <= 32767 else {
            throw DrawingError(operation: "creating a \(widthPx)x\(heightPx) surface", statusCode: Int(CAIRO_STATUS_INVALID_SIZE.rawValue),
                               reason: "size must be 1...32767 pixels on each side")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(widthPx), Int32(heightPx)) else {
            throw DrawingError(operation: "creating surface", statusCode: Int(CAIRO_STATUS_NO_MEMORY.rawValue), reason: "out of memory")
        }
        if let error = DrawingError.check(cairo_surface_status(surface), "creating a \(widthPx)x\(heightPx) surface") {
            cairo_surface_destroy(surface)
            throw error
        }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw DrawingError(operation: "creating context", statusCode: Int(CAIRO_STATUS_NO_MEMORY.rawValue), reason: "out of memory")
        }
        if let error = DrawingError.check(cairo_status(context), "creating context") {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw error
        }
        self.widthPx = widthPx
        self.heightPx = heightPx
        self.surface = surface
        self.context = context
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The first error Cairo recorded on this canvas, thrown.
    /// - Throws: `DrawingError` when any drawing call so far failed.
    public func checkStatus(_ operation: String = "drawing") throws(DrawingError) {
        if let error = DrawingError.check(cairo_status(context), operation) { throw error }
        if let error = DrawingError.check(cairo_surface_status(surface), operation) { throw error }
    }

    // MARK: state

    /// Runs `body` between `cairo_save` and `cairo_restore` (transform, clip, colour, line style).
    public func withSavedState<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        cairo_save(context)
        defer { cairo_restore(context) }
        return try body()
    }

    public func setColor(_ color: DrawingColor) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    public func setLineWidth(px: Double) { cairo_set_line_width(context, px) }

    public func setLineCap(_ cap: LineCap) {
        let value: cairo_line_cap_t = switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        cairo_set_line_cap(context, value)
    }

    public func setLineJoin(_ join: LineJoin) {
        let value: cairo_line_join_t = switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
        cairo_set_line_join(context, value)
    }

    /// Dashes for later strokes: alternating on/off lengths in pixels; empty for solid lines.
    public func setDash(lengthsPx: [Double], offsetPx: Double = 0) {
        cairo_set_dash(context, lengthsPx, Int32(lengthsPx.count), offsetPx)
    }

    /// Moves the origin by (`dxPx`, `dyPx`).
    public func translate(dxPx: Double, dyPx: Double) { cairo_translate(context, dxPx, dyPx) }

    /// Rotates later drawing clockwise (y is down) by `radians`.
    public func rotate(radians: Double) { cairo_rotate(context, radians) }

    /// Restricts later drawing to `rect` (until the saved state is restored).
    public func clip(to rect: PixelRect) {
        cairo_new_path(context)
        cairo_rectangle(context, rect.xPx, rect.yPx, rect.widthPx, rect.heightPx)
        cairo_clip(context)
    }

    // MARK: paths

    public func newPath() { cairo_new_path(context) }
    public func move(to p: PixelPoint) { cairo_move_to(context, p.xPx, p.yPx) }
    public func line(to p: PixelPoint) { cairo_line_to(context, p.xPx, p.yPx) }
    public func closePath() { cairo_close_path(context) }

    /// Adds an open (or, with `closed`, closed) polyline as a new sub-path.
    public func addPolyline(_ points: [PixelPoint], closed: Bool = false) {
        guard let first = points.first else { return }
        cairo_move_to(context, first.xPx, first.yPx)
        for p in points.dropFirst() { cairo_line_to(context, p.xPx, p.yPx) }
        if closed { cairo_close_path(context) }
    }

    public func addRectangle(_ rect: PixelRect) {
        cairo_rectangle(context, rect.xPx, rect.yPx, rect.widthPx, rect.heightPx)
    }

    public func addCircle(center: PixelPoint, radiusPx: Double) {
        cairo_new_sub_path(context)
        cairo_arc(context, center.xPx, center.yPx, radiusPx, 0, 2 * Double.pi)
        cairo_close_path(context)
    }

    /// Strokes the current path with the current colour and line style, then clears it unless `preserve`.
    public func stroke(preserve: Bool = false) {
        if preserve { cairo_stroke_preserve(context) } else { cairo_stroke(context) }
    }

    /// Fills the current path (non-zero winding), then clears it unless `preserve`.
    public func fill(preserve: Bool = false) {
        if preserve { cairo_fill_preserve(context) } else { cairo_fill(context) }
    }

    /// Paints the whole clip area with `color`, replacing what is there (alpha included).
    public func clear(to color: DrawingColor) {
        withSavedState {
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            setColor(color)
            cairo_paint(context)
        }
    }

    // MARK: text (Cairo's toy API)

    /// Selects DejaVu Sans (or its bold face) at `sizePx` pixels for later text.
    public func setFont(sizePx: Double, bold: Bool = false) {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, sizePx)
    }

    /// How big `text` is in the current font.
    public func textExtents(_ text: String) -> TextExtents {
        var e = cairo_text_extents_t()
        cairo_text_extents(context, text, &e)
        return TextExtents(bearingXPx: e.x_bearing, bearingYPx: e.y_bearing, widthPx: e.width,
                           heightPx: e.height, advanceXPx: e.x_advance)
    }

    /// Draws `text` in the current colour with its baseline origin at `origin`.
    public func showText(_ text: String, at origin: PixelPoint) {
        cairo_move_to(context, origin.xPx, origin.yPx)
        cairo_show_text(context, text)
        cairo_new_path(context)
    }

    /// Adds the outline of `text` (baseline origin at `origin`) to the current path, for halos.
    public func addTextPath(_ text: String, at origin: PixelPoint) {
        cairo_move_to(context, origin.xPx, origin.yPx)
        cairo_text_path(context, text)
    }

    /// Draws `text` in `color` over a `halo`-coloured outline `haloWidthPx` wide, readable on
    /// any background.
    public func showText(_ text: String, at origin: PixelPoint, color: DrawingColor, halo: DrawingColor, haloWidthPx: Double) {
        withSavedState {
            cairo_new_path(context)
            addTextPath(text, at: origin)
            setColor(halo)
            setLineWidth(px: haloWidthPx)
            setLineJoin(.round)
            setDash(lengthsPx: [])
            stroke()
            setColor(color)
            showText(text, at: origin)
        }
    }

    // MARK: images

    /// Draws `image` scaled to fill `rect`, with bilinear smoothing or (when `smooth` is false)
    /// nearest-neighbour pixels.
    /// - Throws: `DrawingError` when Cairo cannot create the image surface.
    public func draw(_ image: PixelImage, into rect: PixelRect, smooth: Bool = true) throws(DrawingError) {
        guard let source = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.widthPx), Int32(image.heightPx)) else {
            throw DrawingError(operation: "creating image surface", statusCode: Int(CAIRO_STATUS_NO_MEMORY.rawValue), reason: "out of memory")
        }
        defer { cairo_surface_destroy(source) }
        if let error = DrawingError.check(cairo_surface_status(source), "creating a \(image.widthPx)x\(image.heightPx) image surface") {
            throw error
        }
        cairo_surface_flush(source)
        let stride = Int(cairo_image_surface_get_stride(source))
        guard let data = cairo_image_surface_get_data(source) else {
            throw DrawingError(operation: "drawing image", statusCode: Int(CAIRO_STATUS_NULL_POINTER.rawValue), reason: "image surface has no data")
        }
        for y in 0..<image.heightPx {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.widthPx {
                let p = image.rgba(x: x, y: y)
                row[x] = Self.premultipliedARGB(r: p[0], g: p[1], b: p[2], a: p[3])
            }
        }
        cairo_surface_mark_dirty(source)
        withSavedState {
            cairo_translate(context, rect.xPx, rect.yPx)
            cairo_scale(context, rect.widthPx / Double(image.widthPx), rect.heightPx / Double(image.heightPx))
            cairo_set_source_surface(context, source, 0, 0)
            let pattern = cairo_get_source(context)
            cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_new_path(context)
            cairo_rectangle(context, 0, 0, Double(image.widthPx), Double(image.heightPx))
            cairo_fill(context)
        }
        try checkStatus("drawing a \(image.widthPx)x\(image.heightPx) image")
    }

    /// Cairo's native-endian ARGB32 word for straight-alpha 8-bit components.
    static func premultipliedARGB(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * UInt32(a) + 127) / 255 }
        return UInt32(a) << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
    }

    // MARK: output

    /// The canvas as straight-alpha RGBA bytes (4 channels), unpremultiplied from Cairo's
    /// native-endian ARGB32.
    /// - Throws: `DrawingError` when any drawing call on this canvas failed.
    public func rgbaImage() throws(DrawingError) -> PixelImage {
        try checkStatus()
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            throw DrawingError(operation: "reading pixels", statusCode: Int(CAIRO_STATUS_NULL_POINTER.rawValue), reason: "surface has no data")
        }
        var out = [UInt8](repeating: 0, count: widthPx * heightPx * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<heightPx {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<widthPx {
                    let word = row[x]
                    let a = word >> 24
                    let k = (y * widthPx + x) * 4
                    if a == 0 { continue }
                    func unpm(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
                    dst[k] = unpm((word >> 16) & 0xff)
                    dst[k + 1] = unpm((word >> 8) & 0xff)
                    dst[k + 2] = unpm(word & 0xff)
                    dst[k + 3] = UInt8(a)
                }
            }
        }
        return PixelImage(widthPx: widthPx, heightPx: heightPx, channels: 4, pixels: out)
    }
}
