import Foundation

/// Names this process apart from every other process writing into the same pack root, also on
/// other machines sharing the volume (cluster jobs: every container's first process has pid 1).
enum ProcessTag {
    /// `<host>-<pid>`, the host name reduced to letters, digits and `-`.
    static let current: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buffer, buffer.count) == 0 ? String(cString: buffer) : "host"
        let safe = String(host.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" })
        return "\(safe.isEmpty ? "host" : String(safe.prefix(64)))-\(getpid())"
    }()
}
