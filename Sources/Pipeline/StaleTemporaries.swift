import Foundation
import PackReader
import PackSpec

/// Leftovers of builds that died without cleaning up (SIGKILL, power loss): a region's staging
/// folder `regions/.<id>.tmp-<host>-<pid>` and its previous version moved aside during a commit,
/// `regions/.<id>.old-<host>-<pid>` (`ProcessTag`; older builds wrote `<pid>` alone). Only the
/// region being built is touched, only folders of this host (another host's may belong to a live
/// build on another machine sharing the pack root), and only when `pid` is not a live process.
/// A dead build's region lock file (`regions/.<id>.lock`) needs no cleanup here: it holds no
/// `flock` once its process is gone, so the next build of the region takes it over
/// (`RegionLock`, before this runs) and removes it when done.
public enum StaleTemporaries {
    /// The dead builds' leftovers of `regionID` in `regions`: staging folders are removed; a
    /// previous region moved aside is put back when the region itself is missing (the build
    /// died between the two renames of a commit), else removed. A symlink at such a name is
    /// removed as a link (its target untouched), never put back as the region.
    /// - Returns: the names cleaned up.
    @discardableResult
    public static func clean(regions: URL, regionID: String) -> [String] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: regions.path) else { return [] }
        var cleaned: [String] = []
        for name in names.sorted() {
            guard let (kind, pid) = parse(name, regionID: regionID), pid != getpid(), !isAlive(pid) else { continue }
            let url = regions.appendingPathComponent(name)
            let target = regions.appendingPathComponent(regionID)
            if kind == .previous && !fm.fileExists(atPath: target.path) && PackDisk.symlinkTarget(url.path) == nil {
                if rename(url.path, target.path) == 0 { cleaned.append(name) }
            } else if (try? fm.removeItem(at: url)) != nil {
                cleaned.append(name)
            }
        }
        return cleaned
    }

    /// The kind and pid of `name` when it is a staging or moved-aside folder of `regionID`
    /// written on this host (or in the older `<pid>` form); nil otherwise (another host's, or not ours).
    static func parse(_ name: String, regionID: String, host: String = ProcessTag.host) -> (StagingFolder.Kind, pid_t)? {
        guard let folder = StagingFolder(parsing: name), folder.regionId == regionID, folder.host == nil || folder.host == host else {
            return nil
        }
        return (folder.kind, folder.pid)
    }

    /// True when a process `pid` exists on this machine (signal 0 probes without sending).
    static func isAlive(_ pid: pid_t) -> Bool { PackDisk.isAlive(pid) }
}
