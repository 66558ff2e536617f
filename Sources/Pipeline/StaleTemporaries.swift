import Foundation

/// Leftovers of builds that died without cleaning up (SIGKILL, power loss): a region's staging
/// folder `regions/.<id>.tmp-<pid>` and its previous version moved aside during a commit,
/// `regions/.<id>.old-<pid>`. Only the region being built is touched (another region's folders
/// may belong to a live build on another machine sharing the pack root), and only when `pid`
/// is not a live process here.
public enum StaleTemporaries {
    /// The dead builds' leftovers of `regionID` in `regions`: staging folders are removed; a
    /// previous region moved aside is put back when the region itself is missing (the build
    /// died between the two renames of a commit), else removed.
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
            if kind == "old" && !fm.fileExists(atPath: target.path) {
                if rename(url.path, target.path) == 0 { cleaned.append(name) }
            } else if (try? fm.removeItem(at: url)) != nil {
                cleaned.append(name)
            }
        }
        return cleaned
    }

    /// ("tmp" or "old", pid) for `.<regionID>.tmp-<pid>` / `.<regionID>.old-<pid>`, else nil.
    static func parse(_ name: String, regionID: String) -> (String, pid_t)? {
        for kind in ["tmp", "old"] {
            let prefix = ".\(regionID).\(kind)-"
            if name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 { return (kind, pid) }
        }
        return nil
    }

    /// True when a process `pid` exists on this machine (signal 0 probes without sending).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
