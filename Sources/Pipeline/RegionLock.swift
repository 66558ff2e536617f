import Foundation
import PackSpec
import TrailpackCore

/// The lock one build holds on its region (`PACKS/regions/.<id>.lock`, `RegionLockFile`), so two
/// builds of one region into one pack root never race (a Slurm requeue after a node failure can
/// start a second while the first still runs): the second waits, or gives up with
/// `BuildError.busy`. Folders it had to create for the lock file are removed again on release
/// when still empty, so a failed first build leaves no trace.
public final class RegionLock: @unchecked Sendable {
    private let lock: FileLock
    private let createdFolders: [URL]

    /// Takes the lock of `regionID` under `root`, waiting up to `waitS` seconds.
    /// - Parameter onWait: told once, with the lock file and its holder, when the lock is held.
    /// - Throws: `BuildError.busy` (transient) when another build still holds it after
    ///   `waitS`; `BuildError.io` when the file cannot be made or locked; `BuildError.output`
    ///   when a file stands where the pack root or its regions folder should be.
    public init(root: URL, regionID: String, waitS: Double, onWait: ((_ lockFile: String, _ holder: String) -> Void)? = nil) throws {
        precondition(PackTree.isValidId(regionID), "region id must be checked before locking")
        let regions = root.appendingPathComponent(PackTree.regions)
        let fm = FileManager.default
        createdFolders = [root, regions].filter { !fm.fileExists(atPath: $0.path) }
        try FileErrorText.makeFolder(regions, role: "the pack root's regions folder (--out)")
        let path = regions.appendingPathComponent(RegionLockFile(regionId: regionID).name).path
        do {
            lock = try FileLock.acquire(path: path, what: "region \(regionID)", waitS: waitS) { onWait?(path, $0) }
        } catch {
            Self.removeIfEmpty(createdFolders)
            throw error
        }
    }

    /// Removes the lock file and releases the lock (idempotent); then the folders made for it,
    /// when empty.
    public func release() {
        lock.release()
        Self.removeIfEmpty(createdFolders)
    }

    /// `rmdir` of each folder, deepest first: only empty ones go.
    private static func removeIfEmpty(_ folders: [URL]) {
        for folder in folders.reversed() { rmdir(folder.path) }
    }
}
