import Bindings
import Foundation
import Testing

@Suite struct PNGImageTests {
    @Test(arguments: [1, 2, 3, 4])
    func roundTripsEveryChannelCount(channels: Int) throws {
        let w = 17, h = 9
        let pixels = (0..<(w * h * channels)).map { UInt8(($0 * 31 + 7) % 256) }
        let image = PNGImage(width: w, height: h, channels: channels, pixels: pixels)
        let bytes = try image.encoded()
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height big-endian at bytes 16 and 20.
        #expect(bytes[19] == 17 && bytes[23] == 9)
        let back = try PNGImage.decode(bytes)
        if channels == 2 || channels == 4 {
            // Fully transparent pixels may lose colour; compare opaque ones only.
            for k in stride(from: 0, to: pixels.count, by: channels) where pixels[k + channels - 1] == 255 {
                #expect(Array(back.pixels[k..<k + channels]) == Array(pixels[k..<k + channels]))
            }
        } else {
            #expect(back == image)
        }
    }

    @Test func encodingIsDeterministic() throws {
        let image = PNGImage(width: 64, height: 64, channels: 1, pixels: (0..<4096).map { UInt8($0 % 251) })
        #expect(try image.encoded() == image.encoded())
    }

    @Test func rejectsGarbageWithAMessage() {
        do {
            _ = try PNGImage.decode([0x89, 0x50, 0x4E, 0x47, 1, 2, 3], label: "broken.png")
            Issue.record("garbage decoded")
        } catch {
            #expect(error.subject == "broken.png")
            #expect(!error.reason.isEmpty)
        }
    }
}

@Suite struct SHA256Tests {
    @Test func matchesTheFIPS180Vectors() throws {
        // FIPS 180-2 appendix B test vectors.
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: [UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func fileDigestEqualsBufferDigest() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }
        let file = dir.appendingPathComponent("blob")
        try Data(bytes).write(to: file)
        #expect(try SHA256.hex(ofFile: file.path) == SHA256.hex(of: bytes))
    }
}
