import Drawing
import Testing

@Suite struct CanvasTests {
    @Test func filledRectangleHasItsColourAndTheRestStaysTransparent() throws {
        let canvas = try Canvas(widthPx: 20, heightPx: 10)
        canvas.addRectangle(PixelRect(xPx: 2, yPx: 3, widthPx: 5, heightPx: 4))
        canvas.setColor(DrawingColor(hex: 0xd55e00))
        canvas.fill()
        let image = try canvas.rgbaImage()
        #expect(image.widthPx == 20 && image.heightPx == 10 && image.channels == 4)
        #expect(image.rgba(x: 2, y: 3) == [0xd5, 0x5e, 0x00, 255])
        #expect(image.rgba(x: 6, y: 6) == [0xd5, 0x5e, 0x00, 255])
        #expect(image.rgba(x: 7, y: 6) == [0, 0, 0, 0])
        #expect(image.rgba(x: 2, y: 7) == [0, 0, 0, 0])
    }

    @Test func translucentPaintIsUnpremultiplied() throws {
        let canvas = try Canvas(widthPx: 4, heightPx: 4)
        canvas.clear(to: DrawingColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5))
        let p = try canvas.rgbaImage().rgba(x: 1, y: 1)
        // Straight alpha: 0.2*255 = 51, 0.4*255 = 102, 0.8*255 = 204, alpha 128 (premultiplied storage loses at most 1-2 levels).
        #expect(abs(Int(p[0]) - 51) <= 2 && abs(Int(p[1]) - 102) <= 2 && abs(Int(p[2]) - 204) <= 2)
        #expect(abs(Int(p[3]) - 128) <= 1)
    }

    @Test func rgbaImageRoundTripsChannelOrder() throws {
        // Distinct r, g, b per pixel catch a byte-order mistake in the ARGB32 conversion.
        let source = PixelImage(widthPx: 2, heightPx: 1, channels: 4, pixels: [10, 20, 30, 255, 200, 150, 100, 255])
        let canvas = try Canvas(widthPx: 4, heightPx: 2)
        try canvas.draw(source, into: PixelRect(xPx: 0, yPx: 0, widthPx: 4, heightPx: 2), smooth: false)
        let out = try canvas.rgbaImage()
        #expect(out.rgba(x: 0, y: 0) == [10, 20, 30, 255])
        #expect(out.rgba(x: 1, y: 1) == [10, 20, 30, 255])
        #expect(out.rgba(x: 2, y: 0) == [200, 150, 100, 255])
        #expect(out.rgba(x: 3, y: 1) == [200, 150, 100, 255])
    }

    @Test func greyImageIsExpandedAndScaled() throws {
        let grey = PixelImage(widthPx: 2, heightPx: 2, channels: 1, pixels: [0, 60, 120, 255])
        let canvas = try Canvas(widthPx: 10, heightPx: 10)
        try canvas.draw(grey, into: PixelRect(xPx: 0, yPx: 0, widthPx: 10, heightPx: 10), smooth: false)
        let out = try canvas.rgbaImage()
        #expect(out.rgba(x: 1, y: 1) == [0, 0, 0, 255])
        #expect(out.rgba(x: 8, y: 2) == [60, 60, 60, 255])
        #expect(out.rgba(x: 2, y: 8) == [120, 120, 120, 255])
        #expect(out.rgba(x: 9, y: 9) == [255, 255, 255, 255])
    }

    @Test func textInksInsideItsMeasuredBox() throws {
        let canvas = try Canvas(widthPx: 200, heightPx: 60)
        canvas.clear(to: .white)
        canvas.setFont(sizePx: 30)
        let extents = canvas.textExtents("Summit")
        #expect(extents.widthPx > 60 && extents.widthPx < 140)
        #expect(extents.bearingYPx < -15)
        canvas.setColor(.black)
        canvas.showText("Summit", at: PixelPoint(xPx: 10, yPx: 45))
        let image = try canvas.rgbaImage()
        var darkInside = 0, darkOutside = 0
        for y in 0..<60 {
            for x in 0..<200 where image.rgba(x: x, y: y)[0] < 128 {
                let inBox = Double(x) >= 10 + extents.bearingXPx - 1 && Double(x) <= 10 + extents.bearingXPx + extents.widthPx + 1
                    && Double(y) >= 45 + extents.bearingYPx - 1 && Double(y) <= 45 + extents.bearingYPx + extents.heightPx + 1
                if inBox { darkInside += 1 } else { darkOutside += 1 }
            }
        }
        #expect(darkInside > 100)
        #expect(darkOutside == 0)
    }

    @Test func impossibleSizeThrows() {
        #expect(throws: DrawingError.self) { try Canvas(widthPx: 0, heightPx: 10) }
        #expect(throws: DrawingError.self) { try Canvas(widthPx: 40000, heightPx: 10) }
    }

    @Test func cairoErrorsSurfaceAsDrawingError() throws {
        let canvas = try Canvas(widthPx: 10, heightPx: 10)
        try canvas.checkStatus()
        // A negative dash length puts Cairo's context into CAIRO_STATUS_INVALID_DASH.
        canvas.setDash(lengthsPx: [-1])
        let error = #expect(throws: DrawingError.self) { try canvas.rgbaImage() }
        #expect(error?.reason.contains("dash") == true)
        #expect(error?.statusCode != 0)
    }

    @Test func colourHexFormatting() {
        #expect(DrawingColor(hex: 0x0072b2).hexString == "#0072b2")
        #expect(DrawingColor(hex: 0x0072b2).rgbBytes == [0x00, 0x72, 0xb2])
    }
}
