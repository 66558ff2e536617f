import Foundation
import PackReader
import PackSpec
import TrailpackCore

/// The pack root is a closed world: `build` and `catalog` never read or write through a
/// symlink under it. `regions/`, each region folder and every file and folder in one must be
/// real (no symlink at all, even one that stays inside the root: the builder never makes one,
/// and a pack server publishing the root would publish whatever a link points to).
enum PackContainment {
    /// Refuses a `regions` folder that is a symlink.
    /// - Throws: `BuildError.symlink` naming `<root>/regions` and where it points.
    static func checkRegionsFolder(root: URL) throws {
        let regions = root.appendingPathComponent(PackTree.regions).path
        if let target = PackDisk.symlinkTarget(regions) { throw BuildError.symlink(path: regions, target: target) }
    }

    /// Refuses a link or special file where the catalog's own files go, before anything is made
    /// or locked: `catalog.json` (replaced by a rename) and `.catalog.lock` (written in place, so
    /// a hard-linked one too); `SafeFile` refuses them again when they are opened.
    /// - Throws: `BuildError.output` naming the file and what it is (`SafeFile.check`).
    static func checkCatalogFiles(root: URL) throws {
        do throws(SafeFile.Failure) {
            try SafeFile.check(root.appendingPathComponent(CatalogTemporary.lockName).path, inPlace: true)
            try SafeFile.check(root.appendingPathComponent(PackTree.catalog).path)
        } catch {
            throw BuildError.safeFile(error, message: "cannot check")
        }
    }

    /// Refuses a region folder that is a symlink or holds one (a missing folder is fine).
    /// - Throws: `BuildError.symlink` naming the first link and where it points.
    static func checkRegion(_ folder: URL) throws {
        if let link = PackDisk.firstSymlink(region: folder) { throw BuildError.symlink(path: link.path, target: link.target) }
    }

    /// Refuses any symlink under `<root>/regions` but the build leftovers (hidden names, which
    /// no reader opens): `regions/` itself, every region folder and everything in one.
    /// - Throws: `BuildError.symlink` naming the first link (by name) and where it points.
    static func checkAllRegions(root: URL) throws {
        try checkRegionsFolder(root: root)
        let regions = root.appendingPathComponent(PackTree.regions)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names { try checkRegion(regions.appendingPathComponent(name)) }
    }
}
