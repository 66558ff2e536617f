import CZlib

/// Why gzip data could not be inflated.
public enum GzipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data inflates to more than the caller's limit (a zip bomb, or a limit too small);
    /// inflating stopped at `maxBytes` + 1 bytes.
    case outputTooLarge(maxBytes: Int)
    /// The data ends before its gzip stream does (or is empty).
    case truncated
    /// The data is not gzip, or is damaged (zlib's message).
    case corrupt(String)
    /// zlib could not start or ran out of memory (the call and its status code).
    case zlib(operation: String, status: Int32)

    public var description: String {
        switch self {
        case .outputTooLarge(let maxBytes): "gzip data inflates to more than \(maxBytes) bytes"
        case .truncated: "gzip data ends before its stream does"
        case .corrupt(let message): "gzip data is damaged: \(message)"
        case .zlib(let operation, let status): "zlib \(operation) failed with status \(status)"
        }
    }
}

/// gzip streams (RFC 1952) through zlib: the map's tiles and the PMTiles directories.
public enum Gzip {
    /// Size of the output buffer filled per zlib call, bytes.
    static let chunkBytes = 1 << 16
    /// The most input handed to zlib per call (its counters are 32-bit), bytes.
    static let feedBytes = 1 << 30

    /// `bytes` as one gzip member at `level` (0 none ... 9 best, 6 zlib's default), with a
    /// modification time of 0 and no file name, so the same bytes and level give the same output.
    /// Never fails: zlib's only failure here is running out of memory, which stops the process.
    public static func compress(_ bytes: [UInt8], level: Int = 6) -> [UInt8] {
        precondition((0...9).contains(level), "gzip level \(level) outside 0...9")
        var stream = z_stream()
        // windowBits 15 + 16: a gzip wrapper; memLevel 8: zlib's default.
        let status = deflateInit2_(&stream, Int32(level), Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                                   ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib deflateInit2_ failed with status \(status)")
        defer { deflateEnd(&stream) }
        return bytes.withUnsafeBufferPointer { input in deflateAll(&stream, input) }
    }

    /// Runs deflate over all of `input` until the stream ends.
    private static func deflateAll(_ stream: inout z_stream, _ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        var consumed = 0
        var status = Z_OK
        while status != Z_STREAM_END {
            if stream.avail_in == 0 { consumed += feed(&stream, input, from: consumed) }
            let flush = consumed == input.count ? Z_FINISH : Z_NO_FLUSH
            let produced = chunk.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                status = deflate(&stream, flush)
                return out.count - Int(stream.avail_out)
            }
            precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "zlib deflate failed with status \(status)")
            output += chunk[0..<produced]
        }
        return output
    }

    /// Points the stream at up to `feedBytes` of `input` from index `start`; returns how many.
    private static func feed(_ stream: inout z_stream, _ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = min(input.count - start, feedBytes)
        stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0 + start) }
        stream.avail_in = uInt(count)
        return count
    }

    /// The bytes of the gzip data `bytes` (one member or several, concatenated), refusing to
    /// produce more than `maxBytes`: memory stays bounded by the limit whatever the input claims.
    /// - Throws: `GzipError.outputTooLarge` beyond `maxBytes`, `.truncated` for data that ends
    ///   early or is empty, `.corrupt` for data that is not gzip or fails its checks,
    ///   `.zlib` when zlib cannot start or runs out of memory.
    public static func decompress(_ bytes: ArraySlice<UInt8>, maxBytes: Int) throws(GzipError) -> [UInt8] {
        guard !bytes.isEmpty else { throw .truncated }
        var stream = z_stream()
        let status = inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .zlib(operation: "inflateInit2_", status: status) }
        defer { inflateEnd(&stream) }
        let result = bytes.withUnsafeBufferPointer { input in inflateAll(&stream, input, maxBytes: max(0, maxBytes)) }
        return try result.get()
    }

    /// `decompress(_:maxBytes:)` of a whole array.
    public static func decompress(_ bytes: [UInt8], maxBytes: Int) throws(GzipError) -> [UInt8] {
        try decompress(bytes[...], maxBytes: maxBytes)
    }

    /// Runs inflate over all of `input`, member after member, into at most `maxBytes` + 1 bytes.
    private static func inflateAll(_ stream: inout z_stream, _ input: UnsafeBufferPointer<UInt8>,
                                   maxBytes: Int) -> Result<[UInt8], GzipError> {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        var consumed = 0
        while true {
            if stream.avail_in == 0, consumed < input.count { consumed += feed(&stream, input, from: consumed) }
            let room = min(chunk.count, maxBytes - output.count + 1)
            var status = Z_OK
            let produced = chunk.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(room)
                status = inflate(&stream, Z_NO_FLUSH)
                return room - Int(stream.avail_out)
            }
            output += chunk[0..<produced]
            if output.count > maxBytes { return .failure(.outputTooLarge(maxBytes: maxBytes)) }
            let inputLeft = stream.avail_in > 0 || consumed < input.count
            switch status {
            case Z_OK: continue
            case Z_STREAM_END where !inputLeft: return .success(output)
            case Z_STREAM_END: inflateReset(&stream)  // another member follows
            case Z_BUF_ERROR where !inputLeft: return .failure(.truncated)
            case Z_MEM_ERROR: return .failure(.zlib(operation: "inflate", status: status))
            default: return .failure(.corrupt(stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"))
            }
        }
    }
}
