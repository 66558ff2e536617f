import Bindings
import Foundation
import PackJSON
import PackReader
import PackSpec
import TrailpackCore

/// Builds `catalog.json` of a pack root from the region manifests found on disk.
public enum CatalogBuilder {
    /// Rebuilds and atomically replaces `<root>/catalog.json` from every `regions/*/manifest.json`
    /// (regions sorted by id). Holds an exclusive lock (`<root>/.catalog.lock`, `FileLock`) so
    /// concurrent builds cannot interleave, waiting up to `lockWaitS` seconds for it. First
    /// removes the leftovers of dead builds of this host (`PackLeftovers`: a moved-aside region
    /// whose region is missing is put back). Never reads through a symlink (`PackContainment`),
    /// never writes or locks through one (`SafeFile`). Every region folder holding a
    /// `manifest.json` of any kind is listed, so one that is no readable regular file stops it.
    /// - Returns: the ids of the regions listed.
    /// - Throws: `BuildError` when a manifest is unreadable, not a regular file or malformed
    ///   (`.input` naming it) or the catalog cannot be written (`.io`, transient for a full
    ///   disk), `.busy` (transient) when the lock stays held, `.symlink` for a symlink under
    ///   `regions/` (`regions/` itself, a region folder, a file), `.output` for a link or
    ///   special file at `catalog.json`, `.catalog.lock` or the catalog's temporary.
    @discardableResult
    public static func rebuild(root: URL, lockWaitS: Double = 60, onLockWait: ((String) -> Void)? = nil) throws -> [String] {
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try PackContainment.checkRegionsFolder(root: root)
        try PackContainment.checkCatalogFiles(root: root)
        let lock = try FileLock.acquire(path: root.appendingPathComponent(CatalogTemporary.lockName).path, what: "the catalog",
                                        waitS: lockWaitS, onWait: onLockWait)
        defer { lock.release() }
        PackLeftovers.clean(root: root)
        try PackContainment.checkAllRegions(root: root)
        let regionsDir = root.appendingPathComponent(PackTree.regions)
        let ids = regionIDs(regionsDir)
        try checkCount(ids.count, root: root)
        var entries: [JSONValue] = []
        for id in ids {
            entries.append(try entry(regionFolder: regionsDir.appendingPathComponent(id), id: id))
        }
        let catalog: JSONValue = ["formatVersion": .int(PackTree.formatVersion), "generator": .string(AssembleStage.generator), "regions": .array(entries)]
        try write(try JSONWriter().bytes(catalog), root: root)
        return ids
    }

    /// Refuses a catalog of `regions` regions over the cap (`CountCheck`), naming `root`'s
    /// `catalog.json` by its full path.
    /// - Throws: `BuildError.output` naming the catalog, the count, the cap and what to do.
    static func checkCount(_ regions: Int, root: URL) throws {
        try CountCheck.check(PackTree.catalog, key: "regions", count: regions, remedy: "split the pack root into several",
                             path: root.appendingPathComponent(PackTree.catalog).path)
    }

    /// The names in `regions` (but hidden ones: build leftovers) of folders holding a
    /// `manifest.json` of any kind (a FIFO, a directory: never skipped in silence), or one that
    /// cannot be looked at (`lstat` failing otherwise than "no such file"), sorted by their
    /// bytes: `entry` reads each or names why it cannot.
    static func regionIDs(_ regions: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [])
            .filter { name in
                var info = stat()
                let manifest = regions.appendingPathComponent(name).appendingPathComponent(PackTree.manifest).path
                return !name.hasPrefix(".") && (lstat(manifest, &info) == 0 || (errno != ENOENT && errno != ENOTDIR))
            }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Replaces `<root>/catalog.json` with `bytes` through this process's temporary
    /// (`CatalogTemporary`, removed on SIGINT/SIGTERM) by `SafeFile.replace`: never written
    /// through a link, renamed over the old catalog.
    /// - Throws: `BuildError.io` with the failing call's errno (a full disk: transient),
    ///   `BuildError.output` naming a link or special file at `catalog.json` or the temporary.
    static func write(_ bytes: [UInt8], root: URL) throws {
        let final = root.appendingPathComponent(PackTree.catalog)
        let temp = root.appendingPathComponent(CatalogTemporary(host: ProcessTag.host, pid: getpid()).name)
        try Interrupts.shared.critical {
            Interrupts.shared.register(temp)
            defer { Interrupts.shared.unregister(temp) }
            do throws(SafeFile.Failure) { try SafeFile.replace(final.path, with: bytes, temporary: temp.path) } catch {
                throw BuildError.safeFile(error, message: error.path == final.path ? "cannot replace the catalog" : "cannot write")
            }
        }
    }

    /// One catalog entry from a region's manifest and the files beside it.
    /// - Throws: `BuildError.input` naming the manifest when it cannot be read (what it is
    ///   instead of a regular file, or the errno) or is malformed (its line and key path).
    static func entry(regionFolder: URL, id: String) throws -> JSONValue {
        let manifestURL = regionFolder.appendingPathComponent(PackTree.manifest)
        if let size = PackDisk.oversize(manifestURL.path, maxBytes: PackLimits.maxManifestBytes) {
            throw BuildError.input(file: manifestURL.path, place: "", message: "is \(size) bytes, over the \(PackLimits.sizeText(PackLimits.maxManifestBytes)) "
                                   + "a manifest may be (it was not read); the catalog lists every region, so it was not written: rebuild the region or remove its folder")
        }
        guard let data = PackDisk.readNoFollow(manifestURL.path, maxBytes: PackLimits.maxManifestBytes) else {
            throw BuildError.input(file: manifestURL.path, place: "", message: unreadable(manifestURL.path)
                                   + "; the catalog lists every region, so it was not written: rebuild the region or remove its folder")
        }
        do {
            let m = try JSONParser.parse(data)
            let routes: [JSONValue] = try m.member("routes").array().map { r in
                let s = try r.member("stats")
                return ["id": try r.member("id").value, "name": try r.member("name").value,
                        "distanceM": try s.member("distanceM").value, "ascentM": try s.member("ascentM").value,
                        "descentM": try s.member("descentM").value, "durationS": try s.member("durationS").value]
            }
            return ["id": .string(id), "name": try m.member("name").value, "bbox": try m.member("bbox").value,
                    "manifest": .string("regions/\(id)/manifest.json"), "sha256": .string(SHA256.hex(of: data)),
                    "bytes": .int(folderBytes(regionFolder)), "routes": .array(routes)]
        } catch let e as JSONSyntaxError {
            throw BuildError.input(file: manifestURL.path, place: "line \(e.line)", message: e.message)
        } catch let e as JSONAccessError {
            throw BuildError.input(file: manifestURL.path, place: "\(e.path) (line \(e.line))", message: e.message)
        }
    }

    /// Why the manifest at `path` gave no bytes: "is a FIFO, not a regular file" (a directory,
    /// device, socket or link likewise, by `lstat`), else why opening or reading it failed.
    static func unreadable(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "cannot read the manifest: \(String(cString: strerror(errno)))" }
        if let kind = InputFile.kind(mode: info.st_mode) { return "is \(kind), not a regular file" }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return "cannot read the manifest: \(String(cString: strerror(errno)))" }
        close(fd)
        return "cannot read the manifest"
    }

    /// Total size of the regular files under `folder` (symlinks not followed), bytes.
    static func folderBytes(_ folder: URL) -> Int {
        PackDisk.walk(folder).reduce(0) { $0 + ($1.isRegularFile ? $1.bytes : 0) }
    }
}
