import Foundation
import PackReader
import PackSpec

/// A file or folder a build or catalog writer left in a pack root, as `validate` reports it.
struct BuildLeftover {
    /// Relative to the pack root, e.g. `regions/.alps.tmp-node7-4242`, `.catalog.lock`.
    var file: String
    var rule: ValidationRule
    /// The region it belongs to; nil for the catalog's.
    var regionId: String?
    /// What it is, whose, and what removes it.
    var found: String
}

/// Every leftover of an interrupted `build` or `catalog` (`StagingFolder`, `RegionLockFile`,
/// `CatalogTemporary`): named with what it is and its fate. A dead process's of this host is
/// removed by the next build or `catalog`; a live process's and another host's are left alone.
enum BuildLeftovers {
    /// The leftovers under `root` (root: the catalog's; `regions/`: the regions'), sorted by
    /// file. `rootPath` is the root as the user named it, for the repair command.
    static func find(root: URL, rootPath: String) -> [BuildLeftover] {
        let regions = root.appendingPathComponent(PackTree.regions)
        return inRegions(regions, rootPath: rootPath).map { var l = $0; l.file = "regions/" + l.file; return l }
            + ofCatalog(root, rootPath: rootPath)
    }

    /// The leftovers in a `regions` folder, files relative to it.
    static func inRegions(_ regions: URL, rootPath: String) -> [BuildLeftover] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [])
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names.compactMap { name -> BuildLeftover? in
            if let folder = StagingFolder(parsing: name) {
                let fate = Self.fate(host: folder.host, pid: folder.pid, regionId: folder.regionId, rootPath: rootPath)
                return BuildLeftover(file: name, rule: .regionStaleTemp, regionId: folder.regionId, found: folder.leftoverDescription + fate)
            }
            guard let lock = RegionLockFile(parsing: name), LockLeftovers.isHeld(regions.appendingPathComponent(name).path) == false else { return nil }
            let holder = holder(regions.appendingPathComponent(name).path)
            let by = holder.map { "build \($0.host) pid \($0.pid)" } ?? "a build"
            let fate = holder.map { Self.fate(host: $0.host, pid: $0.pid, regionId: lock.regionId, rootPath: rootPath) }
                ?? "; the next build of \(lock.regionId) takes it over and removes it"
            return BuildLeftover(file: name, rule: .regionStaleTemp, regionId: lock.regionId,
                                 found: "the lock file of \(by), which no build holds (a killed build's)" + fate)
        }
    }

    /// The catalog's temporaries and its lock file when no process holds it.
    static func ofCatalog(_ root: URL, rootPath: String) -> [BuildLeftover] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names.compactMap { name -> BuildLeftover? in
            if let temp = CatalogTemporary(parsing: name) {
                return BuildLeftover(file: name, rule: .catalogStaleTemp, regionId: nil,
                                     found: "the catalog being written by \(temp.host)-\(temp.pid), never renamed over catalog.json"
                                         + fate(host: temp.host, pid: temp.pid, regionId: nil, rootPath: rootPath))
            }
            let path = root.appendingPathComponent(name).path
            guard name == CatalogTemporary.lockName, LockLeftovers.isHeld(path) == false else { return nil }
            let holder = holder(path)
            return BuildLeftover(file: name, rule: .catalogStaleTemp, regionId: nil,
                                 found: "the catalog's lock file of \(holder.map { "\($0.host) pid \($0.pid)" } ?? "a process"), which no process holds (a killed build's or catalog's)"
                                     + (holder.map { fate(host: $0.host, pid: $0.pid, regionId: nil, rootPath: rootPath) }
                                        ?? "; the next `trailpack build` or `trailpack catalog \(rootPath)` takes it over and removes it"))
        }
    }

    /// Whose a leftover is and what removes it: a dead process of this host's goes with the next
    /// build or `catalog`; a live one's, or another host's, stays.
    static func fate(host: String?, pid: Int32, regionId: String?, rootPath: String) -> String {
        let next = regionId.map { "the next `trailpack build` of \($0) or `trailpack catalog \(rootPath)`" }
            ?? "the next `trailpack build` or `trailpack catalog \(rootPath)`"
        if let host, host != PackDisk.thisHost {
            return "; written on host \(host): left alone here (\(next) on \(host) removes it once pid \(pid) is gone)"
        }
        if PackDisk.isAlive(pid) { return "; process \(pid) is still running: left alone (remove it once no build runs)" }
        return "; its process is gone: \(next) removes it"
    }

    /// The holder line of a lock file.
    static func holder(_ path: String) -> (host: String, pid: Int32)? {
        FileManager.default.contents(atPath: path).flatMap { RegionLockFile.holder(parsing: String(decoding: $0, as: UTF8.self)) }
    }
}
