/// Appends little-endian integers and unsigned LEB128 varints to a byte array.
struct ByteWriter {
    /// The bytes written so far.
    var bytes: [UInt8] = []

    /// Appends `value` as an unsigned LEB128 varint (1...10 bytes).
    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends the low `width` bytes of `value`, least significant first.
    mutating func littleEndian(_ value: UInt64, width: Int) {
        for i in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * i))) }
    }
}

/// Reads unsigned LEB128 varints from a byte array, front to back, refusing truncated and
/// over-long ones.
struct VarintReader {
    /// The bytes being read.
    let bytes: [UInt8]
    /// Index of the next byte to read.
    var position = 0
    /// File offset reported in errors (the directory's first byte).
    let errorOffset: UInt64
    /// What the bytes are, for error messages ("root directory", "leaf directory").
    let what: String

    /// True when every byte has been read.
    var isAtEnd: Bool { position == bytes.count }

    /// The next varint.
    /// - Throws: `PMTilesError.badDirectory` when the bytes end inside a varint, or it is longer
    ///   than 10 bytes or exceeds 64 bits.
    @inline(__always)
    mutating func next() throws(PMTilesError) -> UInt64 {
        if position < bytes.count, bytes[position] < 0x80 {  // the common one-byte varint
            position += 1
            return UInt64(bytes[position - 1])
        }
        return try nextLong()
    }

    /// `next()` for a varint of two or more bytes, or at the end of the bytes.
    private mutating func nextLong() throws(PMTilesError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else {
                throw PMTilesError(.badDirectory, at: errorOffset, "\(what) ends inside a varint (decompressed byte \(position))")
            }
            let byte = bytes[position]
            position += 1
            if shift == 63, byte > 1 {
                throw PMTilesError(.badDirectory, at: errorOffset, "\(what) has a varint wider than 64 bits (decompressed byte \(position - 1))")
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }
}

/// Little-endian reads at fixed positions of a byte array the caller has checked is long enough.
enum LittleEndian {
    /// The unsigned integer of `width` bytes at `offset`.
    static func unsigned(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<width { value |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        return value
    }

    /// The two's-complement 32-bit integer at `offset`.
    static func int32(_ bytes: [UInt8], at offset: Int) -> Int32 {
        Int32(bitPattern: UInt32(truncatingIfNeeded: unsigned(bytes, at: offset, width: 4)))
    }
}
