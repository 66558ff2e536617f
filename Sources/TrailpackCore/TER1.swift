import Foundation

/// The TER1 codec: a 44-byte little-endian header (`TER1`, w, h, west, south, east, north)
/// followed by `w*h` int16 elevations, row 0 at the north edge.
public enum TER1 {
    public static let magic: [UInt8] = Array("TER1".utf8)
    public static let headerBytes = 44

    /// Why a byte buffer is not a valid TER1 grid.
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case tooShort(bytes: Int)
        case wrongMagic(found: [UInt8])
        case sizeTooSmall(width: UInt32, height: UInt32)
        case sizeMismatch(width: UInt32, height: UInt32, expectedBytes: Int, foundBytes: Int)
        case badBounds(BBox, reason: String)

        /// Byte offset of the problem in the file.
        public var offset: Int {
            switch self {
            case .tooShort: 0
            case .wrongMagic: 0
            case .sizeTooSmall: 4
            case .sizeMismatch(_, _, let expected, let found): min(expected, found)
            case .badBounds: 12
            }
        }

        public var description: String {
            switch self {
            case .tooShort(let n):
                "file is \(n) bytes, shorter than the 44-byte TER1 header"
            case .wrongMagic(let found):
                "magic is \(found.map { String(format: "%02x", $0) }.joined(separator: " ")), expected 54 45 52 31 (\"TER1\")"
            case .sizeTooSmall(let w, let h):
                "grid is \(w)x\(h), both dimensions must be at least 2"
            case .sizeMismatch(let w, let h, let expected, let found):
                "file is \(found) bytes, expected \(expected) for a \(w)x\(h) grid (44 + 2*w*h)"
            case .badBounds(let b, let reason):
                "bounds \(b) are invalid: \(reason)"
            }
        }
    }

    /// Encodes a grid into TER1 bytes.
    public static func encode(_ grid: TerrainGrid) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(headerBytes + 2 * grid.elevationsM.count)
        out += magic
        appendLE(UInt32(grid.width), to: &out)
        appendLE(UInt32(grid.height), to: &out)
        for v in [grid.bounds.west, grid.bounds.south, grid.bounds.east, grid.bounds.north] {
            appendLE(v.bitPattern, to: &out)
        }
        grid.elevationsM.withUnsafeBufferPointer { samples in
            for z in samples { appendLE(UInt16(bitPattern: z), to: &out) }
        }
        return out
    }

    /// Decodes TER1 bytes, checking magic, dimensions, exact file size and bounds.
    /// - Throws: `DecodeError` describing the first problem found.
    public static func decode<B: Collection<UInt8>>(_ bytes: B) throws(DecodeError) -> TerrainGrid where B.Index == Int {
        let base = bytes.startIndex
        guard bytes.count >= headerBytes else { throw .tooShort(bytes: bytes.count) }
        let head = Array(bytes[base..<base + 4])
        guard head == magic else { throw .wrongMagic(found: head) }
        let w: UInt32 = readLE(bytes, at: base + 4)
        let h: UInt32 = readLE(bytes, at: base + 8)
        guard w >= 2, h >= 2 else { throw .sizeTooSmall(width: w, height: h) }
        // Forged headers can name up to 2^64 samples: compute the size without trapping.
        let (sampleCount, o1) = Int(w).multipliedReportingOverflow(by: Int(h))
        let (sampleBytes, o2) = sampleCount.multipliedReportingOverflow(by: 2)
        let expected = o1 || o2 ? Int.max : headerBytes + sampleBytes
        guard bytes.count == expected else {
            throw .sizeMismatch(width: w, height: h, expectedBytes: expected, foundBytes: bytes.count)
        }
        let v: [Double] = (0..<4).map { Double(bitPattern: readLE(bytes, at: base + 12 + 8 * $0)) }
        let bounds = BBox(west: v[0], south: v[1], east: v[2], north: v[3])
        if let reason = bounds.problem { throw .badBounds(bounds, reason: reason) }
        let count = Int(w) * Int(h)
        var samples = [Int16](repeating: 0, count: count)
        samples.withUnsafeMutableBufferPointer { dst in
            var k = base + headerBytes
            for i in 0..<count {
                dst[i] = Int16(bitPattern: UInt16(bytes[k]) | UInt16(bytes[k + 1]) << 8)
                k += 2
            }
        }
        return TerrainGrid(width: Int(w), height: Int(h), bounds: bounds, elevationsM: samples)
    }

    private static func appendLE<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        var v = value.littleEndian
        withUnsafeBytes(of: &v) { out += $0 }
    }

    private static func readLE<T: FixedWidthInteger, B: Collection<UInt8>>(_ bytes: B, at offset: Int) -> T where B.Index == Int {
        var v: T = 0
        for k in 0..<MemoryLayout<T>.size { v |= T(bytes[offset + k]) << (8 * k) }
        return v
    }
}
