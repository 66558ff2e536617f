import Foundation
import PackReader
import PackSpec

/// Every leftover of a dead build or catalog writer of this host under a pack root, removed by
/// `catalog` (and so by every build, which rebuilds the catalog): the catalog's temporary
/// `.catalog.json.tmp-<host>-<pid>`, and per region its staging and moved-aside folders and its
/// lock file (`StaleTemporaries`), each region under its own lock, taken without waiting (a
/// region a live build holds is left alone). A live process's leftovers and another host's are
/// left alone (`trailpack validate --strict` names them).
enum PackLeftovers {
    /// Removes the dead leftovers of this host under `root`; the caller holds the catalog lock.
    /// - Returns: the names removed (or put back: a moved-aside region whose region is missing),
    ///   relative to `root`, sorted.
    @discardableResult
    static func clean(root: URL) -> [String] {
        var cleaned = cleanCatalogTemporaries(root: root)
        let regions = root.appendingPathComponent(PackTree.regions)
        for (id, deadLock) in regionsWithDeadLeftovers(regions) {
            // Taking the lock takes a dead holder's file over; releasing it removes the file.
            guard let lock = try? RegionLock(root: root, regionID: id, waitS: 0) else { continue }
            cleaned += StaleTemporaries.clean(regions: regions, regionID: id).map { "\(PackTree.regions)/\($0)" }
            lock.release()
            if deadLock { cleaned.append("\(PackTree.regions)/\(RegionLockFile(regionId: id).name)") }
        }
        return cleaned.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Removes `.catalog.json.tmp-<host>-<pid>` files of this host whose process is dead.
    static func cleanCatalogTemporaries(root: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().filter { name in
            guard let temp = CatalogTemporary(parsing: name), temp.host == ProcessTag.host, temp.pid != getpid(),
                  !StaleTemporaries.isAlive(temp.pid) else { return false }
            return unlink(root.appendingPathComponent(name).path) == 0
        }
    }

    /// The regions with a staging or moved-aside folder of a dead process of this host, or a
    /// lock file whose holder is one; true when the region's lock file is such.
    static func regionsWithDeadLeftovers(_ regions: URL) -> [(id: String, deadLock: Bool)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? []
        var ids: [String: Bool] = [:]
        for name in names {
            if let folder = StagingFolder(parsing: name), StaleTemporaries.parse(name, regionID: folder.regionId) != nil,
               folder.pid != getpid(), !StaleTemporaries.isAlive(folder.pid) {
                ids[folder.regionId] = ids[folder.regionId] ?? false
            } else if let lock = RegionLockFile(parsing: name), isDeadHolder(regions.appendingPathComponent(name).path) {
                ids[lock.regionId] = true
            }
        }
        return ids.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// True when the lock file at `path` names a dead process of this host as its holder (read
    /// never through a link: `PackDisk.readNoFollow`).
    static func isDeadHolder(_ path: String) -> Bool {
        guard let data = PackDisk.readNoFollow(path),
              let holder = RegionLockFile.holder(parsing: String(decoding: data, as: UTF8.self)) else { return false }
        return holder.host == ProcessTag.host && holder.pid != getpid() && !StaleTemporaries.isAlive(holder.pid)
    }
}
