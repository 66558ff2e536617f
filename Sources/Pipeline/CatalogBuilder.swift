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
    /// whose region is missing is put back). Never reads through a symlink (`PackContainment`).
    /// - Returns: the ids of the regions listed.
    /// - Throws: `BuildError` when a manifest is unreadable or the catalog cannot be written
    ///   (`.io`, transient for a full disk), `.busy` (transient) when the lock stays held,
    ///   `.symlink` for a symlink under `regions/` (`regions/` itself, a region folder, a file).
    @discardableResult
    public static func rebuild(root: URL, lockWaitS: Double = 60, onLockWait: ((String) -> Void)? = nil) throws -> [String] {
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try PackContainment.checkRegionsFolder(root: root)
        let lock = try FileLock.acquire(path: root.appendingPathComponent(CatalogTemporary.lockName).path, what: "the catalog",
                                        waitS: lockWaitS, onWait: onLockWait)
        defer { lock.release() }
        PackLeftovers.clean(root: root)
        try PackContainment.checkAllRegions(root: root)
        let regionsDir = root.appendingPathComponent("regions")
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: regionsDir.path)) ?? [])
            .filter { !$0.hasPrefix(".") && PackDisk.isRegularFile(regionsDir.appendingPathComponent($0).appendingPathComponent("manifest.json").path) }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var entries: [JSONValue] = []
        for id in ids {
            entries.append(try entry(regionFolder: regionsDir.appendingPathComponent(id), id: id))
        }
        let catalog: JSONValue = ["formatVersion": .int(PackTree.formatVersion), "generator": .string(AssembleStage.generator), "regions": .array(entries)]
        let bytes = try JSONWriter().bytes(catalog)
        let final = root.appendingPathComponent("catalog.json")
        let temp = root.appendingPathComponent(CatalogTemporary(host: ProcessTag.host, pid: getpid()).name)
        try Interrupts.shared.critical {
            Interrupts.shared.register(temp)
            defer { Interrupts.shared.unregister(temp) }
            do { _ = try bytes.withUnsafeBytes { try RegionWriter.writeHashing([$0], to: temp.path) } } catch {
                unlink(temp.path)
                throw error
            }
            if rename(temp.path, final.path) != 0 {
                let code = errno
                unlink(temp.path)
                throw BuildError.io(path: final.path, message: "cannot replace the catalog", errno: code)
            }
        }
        return ids
    }

    /// One catalog entry from a region's manifest and the files beside it.
    static func entry(regionFolder: URL, id: String) throws -> JSONValue {
        let manifestURL = regionFolder.appendingPathComponent("manifest.json")
        guard let data = PackDisk.readNoFollow(manifestURL.path) else {
            throw BuildError.input(file: manifestURL.path, place: "", message: "cannot read the manifest")
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

    /// Total size of the regular files under `folder` (symlinks not followed), bytes.
    static func folderBytes(_ folder: URL) -> Int {
        PackDisk.walk(folder).reduce(0) { $0 + ($1.isRegularFile ? $1.bytes : 0) }
    }
}
