import CCrypto
import Foundation

/// SHA-256 digests through OpenSSL's libcrypto, as lowercase hex.
public enum SHA256 {
    /// Digest of a byte buffer.
    public static func hex<B: ContiguousBytes>(of bytes: B) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        bytes.withUnsafeBytes { buf in
            _ = EVP_Digest(buf.baseAddress, buf.count, &digest, &length, EVP_sha256(), nil)
        }
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// Writes `bytes` to the open file descriptor `fd` in 1 MiB blocks, hashing each block as it
    /// is written (one pass over the bytes), and returns the digest.
    /// - Throws: `POSIXError` with `errno` when a write fails.
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws -> String {
        try write([bytes], to: fd)
    }

    /// `write(_:to:)` for a file made of `parts`, in order.
    public static func write(_ parts: [UnsafeRawBufferPointer], to fd: Int32) throws -> String {
        try write(partCount: parts.count, to: fd) { k, body in try body(parts[k]) }
    }

    /// `write(_:to:)` for a file made of the byte arrays `arrays`, in order (none copied).
    public static func write(arrays: [[UInt8]], to fd: Int32) throws -> String {
        try write(partCount: arrays.count, to: fd) { k, body in try arrays[k].withUnsafeBytes { try body($0) } }
    }

    /// Writes and hashes `partCount` parts, each lent by `part` for the time of its write.
    static func write(partCount: Int, to fd: Int32,
                      part: (Int, (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> String {
        guard let ctx = EVP_MD_CTX_new() else { throw POSIXError(.ENOMEM) }
        defer { EVP_MD_CTX_free(ctx) }
        EVP_DigestInit_ex(ctx, EVP_sha256(), nil)
        for k in 0..<partCount {
            try part(k) { bytes in try writeHashing(bytes, ctx: ctx, fd: fd) }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(ctx, &digest, &length)
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// Writes `bytes` to `fd` in 1 MiB blocks, adding each block to `ctx`.
    private static func writeHashing(_ bytes: UnsafeRawBufferPointer, ctx: OpaquePointer, fd: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let block = UnsafeRawBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + (1 << 20))])
            EVP_DigestUpdate(ctx, block.baseAddress, block.count)
            var done = 0
            while done < block.count {
                let n = Foundation.write(fd, block.baseAddress! + done, block.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                done += n
            }
            offset += block.count
        }
    }

    /// Digest of a file, streamed in 1 MiB blocks.
    /// - Throws: the Foundation error when the file cannot be read.
    public static func hex(ofFile path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        guard let ctx = EVP_MD_CTX_new() else { throw CocoaError(.fileReadUnknown) }
        defer { EVP_MD_CTX_free(ctx) }
        EVP_DigestInit_ex(ctx, EVP_sha256(), nil)
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { _ = EVP_DigestUpdate(ctx, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(ctx, &digest, &length)
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }
}
