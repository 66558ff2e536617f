import Foundation
import PackReader
import PackSpec

/// Names this process apart from every other process writing into the same pack root, also on
/// other machines sharing the volume (cluster jobs: every container's first process has pid 1).
enum ProcessTag {
    /// `<host>-<pid>`.
    static let current = "\(host)-\(getpid())"

    /// This machine's host name as `StagingFolder` tags hold it.
    static let host: String = PackDisk.thisHost

    /// This process's staging or moved-aside folder of `regionID`.
    static func folder(_ regionID: String, _ kind: StagingFolder.Kind) -> StagingFolder {
        StagingFolder(regionId: regionID, kind: kind, host: host, pid: getpid())
    }
}
