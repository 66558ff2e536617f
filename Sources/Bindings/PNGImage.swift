import CPNG
import Foundation
import TrailpackCore

/// An 8-bit PNG image: grey (1 channel), grey+alpha (2), RGB (3) or RGBA (4), read and written
/// with libpng's simplified API (no longjmp crosses Swift frames).
public struct PNGImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var channels: Int
    /// Row-major samples, `width * height * channels` bytes, row 0 at the top.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * channels, "pixel buffer does not match \(width)x\(height)x\(channels)")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    private static func format(channels: Int) -> UInt32 {
        switch channels {
        case 1: 0
        case 2: UInt32(PNG_FORMAT_FLAG_ALPHA)
        case 3: UInt32(PNG_FORMAT_FLAG_COLOR)
        default: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        }
    }

    /// Encodes the image as PNG bytes (no time or text chunks: deterministic).
    /// - Throws: `GDALError` with libpng's message.
    public func encoded() throws(GDALError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = Self.format(channels: channels)
        let stride = Int32(width * channels)
        // One compression pass into a buffer sized for the worst case (stored zlib blocks:
        // the filtered rows plus block, chunk and header overhead); measure first only if that
        // ever falls short.
        let filtered = height * (1 + width * channels)
        var size = filtered + (filtered / 8192 + 1) * 32 + 1024
        var out = [UInt8](repeating: 0, count: size)
        var ok = pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &size, 0, src.baseAddress, stride, nil) }
        }
        if ok == 0 {
            png_image_free(&image)
            image.warning_or_error = 0
            size = 0
            let measured = pixels.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, stride, nil) }
            guard measured != 0 else { throw Self.failure(image, "encoding PNG") }
            out = [UInt8](repeating: 0, count: size)
            ok = pixels.withUnsafeBytes { src in
                out.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &size, 0, src.baseAddress, stride, nil) }
            }
        }
        guard ok != 0 else { throw Self.failure(image, "encoding PNG") }
        return Array(out.prefix(size))
    }

    /// Writes the image to `path`, replacing what is there (`SafeFile.replace`: a new temporary
    /// renamed over it; a symlink or special file at `path` is refused, nothing written through it).
    /// - Throws: `GDALError` naming `path`: libpng's message, the refusal, or the failed call and
    ///   its errno (its kind: a full disk is transient).
    public func write(to path: String) throws(GDALError) {
        let bytes = try encoded()
        do throws(SafeFile.Failure) { try SafeFile.replace(path, with: bytes) } catch {
            throw GDALError(subject: path, operation: "writing PNG", reason: error.message, failureKind: error.failureKind)
        }
    }

    /// Decodes PNG bytes, keeping the file's channel count (grey stays grey, palettes expand to RGB(A)).
    /// - Throws: `GDALError` with libpng's message for anything that is not a valid PNG.
    public static func decode(_ bytes: [UInt8], label: String = "PNG") throws(GDALError) -> PNGImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw failure(image, "decoding", label) }
        let channels: Int
        if image.format & UInt32(PNG_FORMAT_FLAG_COLOR) != 0 {
            channels = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0 ? 4 : 3
        } else {
            channels = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0 ? 2 : 1
        }
        image.format = format(channels: channels)
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width * height <= 1 << 28 else {
            png_image_free(&image)
            throw GDALError(subject: label, operation: "decoding", reason: "image size \(width)x\(height) is out of range")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let ok = bytes.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * channels), nil) }
        }
        guard ok != 0 else { throw failure(image, "decoding", label) }
        return PNGImage(width: width, height: height, channels: channels, pixels: pixels)
    }

    /// Reads and decodes the PNG file at `path`.
    public static func read(path: String) throws(GDALError) -> PNGImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GDALError(subject: path, operation: "reading PNG", reason: "no such file or unreadable")
        }
        return try decode([UInt8](data), label: path)
    }

    private static func failure(_ image: png_image, _ operation: String, _ label: String = "PNG") -> GDALError {
        var copy = image
        let message = withUnsafeBytes(of: &copy.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        png_image_free(&copy)
        return GDALError(subject: label, operation: operation, reason: message, failureKind: .permanent)
    }
}
