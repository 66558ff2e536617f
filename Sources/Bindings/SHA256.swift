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
