import Foundation
import PackSpec

/// Names this process apart from every other process writing into the same pack root, also on
/// other machines sharing the volume (cluster jobs: every container's first process has pid 1).
enum ProcessTag {
    /// `<host>-<pid>`.
    static let current = "\(host)-\(getpid())"

    /// This machine's host name as `StagingFolder` tags hold it.
    static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let named = gethostname(&buffer, buffer.count) == 0
        return StagingFolder.tagHost(named ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "")
    }()

    /// This process's staging or moved-aside folder of `regionID`.
    static func folder(_ regionID: String, _ kind: StagingFolder.Kind) -> StagingFolder {
        StagingFolder(regionId: regionID, kind: kind, host: host, pid: getpid())
    }
}
