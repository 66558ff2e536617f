import Bindings

/// The hillshade PNG rules: a PNG that decodes (libpng), 8-bit grey or grey+alpha (read from
/// the IHDR chunk, since the decoder converts), and the listed width and height.
enum PNGCheck {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The IHDR fields, or nil after reporting `png.decode`.
    struct Header: Equatable {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colourType: Int
    }

    /// Checks `bytes`; `expectedWidth`/`expectedHeight` come from the manifest (nil when it
    /// does not say). Returns the decoded size when the image decodes.
    @discardableResult
    static func check(_ bytes: [UInt8], file: String, expectedWidth: Int?, expectedHeight: Int?, log: ProblemLog) -> Header? {
        guard bytes.count >= 33, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            log.add(.pngDecode, file: file, at: .byte(0), expected: "a PNG signature and IHDR chunk",
                    found: bytes.count < 33 ? "\(bytes.count) bytes" : "other bytes")
            return nil
        }
        let header = Header(width: Int(readUInt32BE(bytes, at: 16)), height: Int(readUInt32BE(bytes, at: 20)),
                            bitDepth: Int(bytes[24]), colourType: Int(bytes[25]))
        if header.bitDepth != 8 || (header.colourType != 0 && header.colourType != 4) {
            let kinds = [0: "grey", 2: "RGB", 3: "palette", 4: "grey+alpha", 6: "RGBA"]
            log.add(.pngFormat, file: file, at: .byte(24), expected: "8-bit grey (colour type 0) or grey+alpha (4)",
                    found: "\(header.bitDepth)-bit \(kinds[header.colourType] ?? "colour type \(header.colourType)")")
        }
        if let expectedWidth, let expectedHeight, header.width != expectedWidth || header.height != expectedHeight {
            log.add(.pngSize, file: file, at: .byte(16), expected: "\(expectedWidth)x\(expectedHeight) (manifest)",
                    found: "\(header.width)x\(header.height)")
        }
        guard header.width > 0, header.height > 0, header.width <= 1 << 16, header.height <= 1 << 16 else {
            log.add(.pngDecode, file: file, at: .byte(16), expected: "a size from 1x1 to 65536x65536",
                    found: "\(header.width)x\(header.height)")
            return nil
        }
        do {
            let image = try PNGImage.decode(bytes, label: file)
            guard image.width == header.width, image.height == header.height else {
                log.add(.pngDecode, file: file, at: .byte(16), expected: "decoded size equal to IHDR",
                        found: "\(image.width)x\(image.height)")
                return nil
            }
        } catch {
            log.add(.pngDecode, file: file, at: .file, expected: "a PNG that decodes", found: error.reason)
            return nil
        }
        return header
    }

    private static func readUInt32BE(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
