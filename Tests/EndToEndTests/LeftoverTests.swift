import Foundation
import PackReader
import PackSpec
import Testing
import TestSupport

/// Every kind of leftover a killed `build` or `catalog` leaves is named by `validate --strict`
/// (a warning: plain `validate` passes), removed by the next `catalog` or build when its process
/// is dead on this host, and kept (still named) when its process is alive or another host's.
@Suite(.serialized) struct LeftoverTests {
    /// One leftover of each kind by `host`/`pid`, relative to the root: the region's staging and
    /// moved-aside folders and its lock file, the catalog's temporary and its lock.
    func plant(_ root: URL, host: String, pid: Int32, lockHolder: Bool = true) throws -> [String] {
        let fm = FileManager.default
        let staging = "regions/" + StagingFolder(regionId: "jacksboro", kind: .staging, host: host, pid: pid).name
        let aside = "regions/" + StagingFolder(regionId: "jacksboro", kind: .previous, host: host, pid: pid).name
        try fm.createDirectory(at: root.appendingPathComponent(staging), withIntermediateDirectories: true)
        try fm.copyItem(at: root.appendingPathComponent("regions/jacksboro"), to: root.appendingPathComponent(aside))
        let temp = CatalogTemporary(host: host, pid: pid).name
        try Data("{\"partial\":".utf8).write(to: root.appendingPathComponent(temp))
        var names = [staging, aside, temp]
        if lockHolder {
            let holder = Data(RegionLockFile.holderText(host: host, pid: pid).utf8)
            try holder.write(to: root.appendingPathComponent("regions/.jacksboro.lock"))
            try holder.write(to: root.appendingPathComponent(CatalogTemporary.lockName))
            names += ["regions/.jacksboro.lock", CatalogTemporary.lockName]
        }
        return names
    }

    /// The files and folders `validate --strict` names as leftovers, sorted.
    func named(_ root: URL) throws -> (status: Int32, names: [String], text: String) {
        let r = try TestData.run(["validate", root.path, "--strict"])
        let names = r.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("[region.stale-temp]") || line.contains("[catalog.stale-temp]") else { return nil }
            return String(line.prefix { $0 != ":" })
        }
        return (r.status, names.sorted(), r.stdout)
    }

    @Test func aDeadProcessOfThisHostsLeftoversAreNamedThenRemovedByCatalog() throws {
        let root = try JacksboroPack.copy("leftover-dead")
        let clean = TestData.tree(root)
        let dead = try JacksboroPack.deadPid()
        let planted = try plant(root, host: PackDisk.thisHost, pid: dead)

        let strict = try named(root)
        #expect(strict.status == 1)
        #expect(strict.names == planted.sorted(), "\(strict.text)")
        #expect(strict.text.contains("its process is gone: the next `trailpack build` of jacksboro or `trailpack catalog \(root.path)` removes it"),
                "\(strict.text)")
        #expect(try TestData.run(["validate", root.path]).status == 0)

        let catalog = try TestData.run(["catalog", root.path, "--quiet"])
        #expect(catalog.status == 0, "\(catalog.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("regions").path) == ["jacksboro"])
        #expect(TestData.tree(root) == clean)
        #expect(TestData.strictValidationFailure(root) == nil)
    }

    @Test func theNextBuildRemovesThemToo() throws {
        let root = try JacksboroPack.copy("leftover-build")
        let clean = TestData.tree(root)
        _ = try plant(root, host: PackDisk.thisHost, pid: try JacksboroPack.deadPid())
        let build = try TestData.run(["build", JacksboroPack.recipe, "--out", root.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("regions").path) == ["jacksboro"])
        #expect(TestData.tree(root) == clean)
        #expect(TestData.strictValidationFailure(root) == nil)
    }

    @Test func aLiveProcessesAndAnotherHostsAreKeptAndNamed() throws {
        let root = try JacksboroPack.copy("leftover-live")
        // This test process is alive; its lock files hold no flock, so they are leftovers too,
        // but their holder lives: the region's is left alone. The catalog's lock is taken over
        // and removed by the catalog itself (the flock, not the holder line, is the authority).
        let live = try plant(root, host: PackDisk.thisHost, pid: getpid())
        let dead = try JacksboroPack.deadPid()
        let other = try plant(root, host: "other-machine", pid: dead, lockHolder: false)

        #expect(try TestData.run(["catalog", root.path, "--quiet"]).status == 0)
        let strict = try named(root)
        #expect(strict.status == 1)
        #expect(strict.names == (live + other).filter { $0 != CatalogTemporary.lockName }.sorted(), "\(strict.text)")
        #expect(strict.text.contains("process \(getpid()) is still running: left alone"), "\(strict.text)")
        #expect(strict.text.contains("written on host other-machine: left alone here"), "\(strict.text)")
    }

    @Test func aRegionNewerThanItsCatalogNamesTheRepair() throws {
        let root = try JacksboroPack.copy("leftover-stale-catalog")
        let clean = TestData.tree(root)
        let catalog = root.appendingPathComponent("catalog.json")
        // A catalog written before the region's last rename: the region's manifest differs.
        let old = try String(contentsOf: catalog, encoding: .utf8).replacingOccurrences(of: "Jacksboro Ridges", with: "Jacksboro Ridges (old)")
        try old.write(to: catalog, atomically: true, encoding: .utf8)
        let r = try TestData.run(["validate", root.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("catalog.json is older than regions/jacksboro"), "\(r.stdout)")
        #expect(r.stdout.contains("run `trailpack catalog \(root.path)`"), "\(r.stdout)")
        #expect(try TestData.run(["catalog", root.path, "--quiet"]).status == 0)
        #expect(TestData.tree(root) == clean)
    }

    @Test func aRegionMissingWithItsPreviousAsideIsPutBackByCatalog() throws {
        let root = try JacksboroPack.copy("leftover-mid-commit")
        let clean = TestData.tree(root)
        let aside = "regions/" + StagingFolder(regionId: "jacksboro", kind: .previous, host: PackDisk.thisHost, pid: try JacksboroPack.deadPid()).name
        try FileManager.default.moveItem(at: root.appendingPathComponent("regions/jacksboro"), to: root.appendingPathComponent(aside))
        let r = try TestData.run(["validate", root.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("its previous version lies aside in \(aside)"), "\(r.stdout)")
        #expect(r.stdout.contains("run `trailpack catalog \(root.path)`, which puts it back"), "\(r.stdout)")
        #expect(try TestData.run(["catalog", root.path, "--quiet"]).status == 0)
        #expect(TestData.tree(root) == clean)
        #expect(TestData.strictValidationFailure(root) == nil)
    }

    @Test func regionsWithoutACatalogNameTheRepair() throws {
        let root = try JacksboroPack.copy("leftover-no-catalog")
        let clean = TestData.tree(root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("catalog.json"))
        let r = try TestData.run(["validate", root.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("[pack.layout]") && r.stdout.contains("regions/ holds jacksboro but there is no catalog.json")
                && r.stdout.contains("run `trailpack catalog \(root.path)`"), "\(r.stdout)")
        #expect(try TestData.run(["catalog", root.path, "--quiet"]).status == 0)
        #expect(TestData.tree(root) == clean)
    }
}
