/// What the catalog's writer leaves at a pack root while it writes: the lock `.catalog.lock`
/// (an exclusive `flock` whose text names the holder, like `RegionLockFile`) and the catalog
/// being written, `.catalog.json.tmp-<host>-<pid>` (renamed over `catalog.json` when complete).
/// A killed writer leaves either behind; the next `build` or `catalog` of this host removes a
/// dead process's, `validate` names them.
public struct CatalogTemporary: Sendable, Equatable {
    /// The catalog lock's file name at the pack root.
    public static let lockName = ".catalog.lock"
    /// The prefix of the catalog's temporary file name.
    public static let tempPrefix = ".catalog.json.tmp-"

    /// The writing machine's host name as `StagingFolder.tagHost` makes it.
    public var host: String
    public var pid: Int32

    public init(host: String, pid: Int32) {
        self.host = host
        self.pid = pid
    }

    /// The file name, e.g. `.catalog.json.tmp-node7-4242`.
    public var name: String { Self.tempPrefix + "\(host)-\(pid)" }

    /// Reads a file name; nil when it is no catalog temporary of the `<host>-<pid>` form.
    public init?(parsing name: String) {
        guard name.hasPrefix(Self.tempPrefix),
              let folder = StagingFolder(parsing: ".x.tmp-" + name.dropFirst(Self.tempPrefix.count)),
              let host = folder.host else { return nil }
        self.init(host: host, pid: folder.pid)
    }
}
