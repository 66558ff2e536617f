import Foundation

/// Names this process apart from every other process writing into the same pack root, also on
/// other machines sharing the volume (cluster jobs: every container's first process has pid 1).
enum ProcessTag {
    /// `<host>-<pid>`.
    static let current = "\(host)-\(getpid())"

    /// This machine's host name reduced to ASCII letters, digits and `-` (at most 64 characters).
    static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let name = gethostname(&buffer, buffer.count) == 0 ? String(cString: buffer) : "host"
        let safe = String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" })
        return safe.isEmpty ? "host" : String(safe.prefix(64))
    }()
}
