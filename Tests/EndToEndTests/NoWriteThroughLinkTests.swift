import Foundation
import PackReader
import PackSpec
import Testing
import TestSupport

/// A canary file outside every pack root, to prove a refused command changed nothing there.
struct Canary {
    let url: URL
    let bytes: Data

    init(_ label: String) throws {
        url = TestData.scratchFolder("canary-\(label)").appendingPathComponent("canary.txt")
        bytes = Data("canary \(label) \(UUID().uuidString)\n".utf8)
        try bytes.write(to: url)
    }

    /// True when the canary still holds its bytes.
    var isIntact: Bool { (try? Data(contentsOf: url)) == bytes }
}

/// Issue 40: no file trailpack creates, writes or locks is opened through a link (`SafeFile`).
/// Each case plants a link (or a hard link) where the tool would write, and checks the exit code,
/// that the message names the link, and that the canary outside the pack root kept its bytes.
@Suite(.serialized) struct NoWriteThroughLinkTests {
    static let refusal = "trailpack never writes or locks a file through a link"

    /// The jacksboro recipe built into a copy of the clean pack: the result, the pack's files
    /// before and after.
    func build(_ root: URL, extra: [String] = [], environment: [String: String] = [:]) throws
        -> (run: TestData.Run, before: [String: Data], after: [String: Data]) {
        let before = TestData.tree(root)
        let r = try TestData.run(["build", JacksboroPack.recipe, "--out", root.path, "--quiet"] + extra, environment: environment, timeoutS: 300)
        return (r, before, TestData.tree(root))
    }

    @Test func aCatalogLockSymlinkedOutIsRefusedByBuildAndCatalog() throws {
        let root = try JacksboroPack.copy("link-catalog-lock"), canary = try Canary("catalog-lock")
        let lock = root.appendingPathComponent(CatalogTemporary.lockName)
        try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: canary.url)
        let b = try build(root)
        #expect(b.run.status == 1, "\(b.run.stderr)")
        #expect(b.run.stderr.contains("\(lock.path): a symlink (to \(canary.url.path)); \(Self.refusal)"), "\(b.run.stderr)")
        #expect(b.after == b.before)
        let c = try TestData.run(["catalog", root.path])
        #expect(c.status == 1 && c.stderr.contains("\(lock.path): a symlink (to \(canary.url.path))"), "\(c.stderr)")
        #expect(canary.isIntact)
        #expect(PackDisk.symlinkTarget(lock.path) != nil)
    }

    @Test func aCatalogLockHardLinkedToAFileOutsideIsRefused() throws {
        let root = try JacksboroPack.copy("link-catalog-hard"), canary = try Canary("catalog-hard")
        let lock = root.appendingPathComponent(CatalogTemporary.lockName)
        #expect(link(canary.url.path, lock.path) == 0)
        let b = try build(root)
        #expect(b.run.status == 1, "\(b.run.stderr)")
        #expect(b.run.stderr.contains("\(lock.path): has 2 hard links"), "\(b.run.stderr)")
        #expect(b.after == b.before)
        #expect(canary.isIntact)
    }

    @Test func aRegionLockSymlinkedOutIsRefusedBeforeAnythingIsBuilt() throws {
        let root = try JacksboroPack.copy("link-region-lock"), canary = try Canary("region-lock")
        let lock = root.appendingPathComponent("regions/" + RegionLockFile(regionId: "jacksboro").name)
        try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: canary.url)
        let b = try build(root)
        #expect(b.run.status == 1, "\(b.run.stderr)")
        #expect(b.run.stderr.contains("\(lock.path): a symlink (to \(canary.url.path)); \(Self.refusal)"), "\(b.run.stderr)")
        #expect(b.after == b.before)
        #expect(canary.isIntact)
    }

    @Test func aCatalogSymlinkedOutIsRefusedNotReplaced() throws {
        let root = try JacksboroPack.copy("link-catalog-json"), canary = try Canary("catalog-json")
        let catalog = root.appendingPathComponent(PackTree.catalog)
        try FileManager.default.removeItem(at: catalog)
        try FileManager.default.createSymbolicLink(at: catalog, withDestinationURL: canary.url)
        let c = try TestData.run(["catalog", root.path])
        #expect(c.status == 1 && c.stderr.contains("\(catalog.path): a symlink (to \(canary.url.path)); \(Self.refusal)"), "\(c.stderr)")
        let b = try build(root)
        #expect(b.run.status == 1 && b.run.stderr.contains("\(catalog.path): a symlink"), "\(b.run.stderr)")
        #expect(b.after == b.before)
        #expect(canary.isIntact && PackDisk.symlinkTarget(catalog.path) != nil)
    }

    /// The build's own staging (`.tmp-`) or moved-aside (`.old-`) folder name, made a link to a
    /// folder outside before the build starts: the shell makes it with its own pid, then `exec`s
    /// the build, which keeps that pid.
    @Test(arguments: [StagingFolder.Kind.staging, .previous])
    func aStagingFolderNameSymlinkedOutIsRefused(kind: StagingFolder.Kind) throws {
        let root = try JacksboroPack.copy("link-staging"), canary = try Canary("staging")
        let outside = canary.url.deletingLastPathComponent()
        let sentinel = Int32.max
        let name = StagingFolder(regionId: "jacksboro", kind: kind, host: PackDisk.thisHost, pid: sentinel).name
            .replacingOccurrences(of: "\(sentinel)", with: "$$")
        let before = TestData.tree(root)
        let script = "ln -s \"$1\" \"$2/regions/\(name)\" && exec \"$3\" build \"$4\" --out \"$2\" --quiet"
        let (status, _, err) = try TestData.runProcess(URL(fileURLWithPath: "/bin/sh"),
            ["-c", script, "sh", outside.path, root.path, TestData.binary.path, JacksboroPack.recipe], timeoutS: 300)
        let stderr = String(decoding: err, as: UTF8.self)
        let regions = root.appendingPathComponent(PackTree.regions)
        let plantedName = try #require(try FileManager.default.contentsOfDirectory(atPath: regions.path)
            .first { $0.hasPrefix(".jacksboro.\(kind.rawValue)-") })
        let planted = regions.appendingPathComponent(plantedName)
        #expect(status == 1, "\(stderr)")
        #expect(stderr.contains("\(planted.path): a symlink (to \(outside.path))"), "\(stderr)")
        #expect(PackDisk.symlinkTarget(planted.path) == outside.path, "the link is left as it was")
        try FileManager.default.removeItem(at: planted)
        #expect(TestData.tree(root) == before)
        #expect(canary.isIntact)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["canary.txt"])
    }

    /// Decided: a depfile path that is a symlink is refused, before anything is built (the build
    /// writes no file through a link, and does not silently replace the user's link either).
    @Test func aDepfileSymlinkIsRefusedBeforeAnythingIsBuilt() throws {
        let root = try JacksboroPack.copy("link-depfile"), canary = try Canary("depfile")
        let dep = TestData.scratchFolder("link-depfile-d").appendingPathComponent("jacksboro.d")
        try FileManager.default.createSymbolicLink(at: dep, withDestinationURL: canary.url)
        let b = try build(root, extra: ["--depfile", dep.path])
        #expect(b.run.status == 1, "\(b.run.stderr)")
        #expect(b.run.stderr.contains("\(dep.path): a symlink (to \(canary.url.path)); \(Self.refusal)"), "\(b.run.stderr)")
        #expect(b.after == b.before)
        #expect(canary.isIntact && PackDisk.symlinkTarget(dep.path) != nil)
    }

    @Test func aGlyphCacheEntrySymlinkedOutIsRefused() throws {
        let cache = TestData.scratchFolder("link-glyph-cache").appendingPathComponent("glyphs")
        let first = try TestData.run(["build", JacksboroPack.recipe, "--out", TestData.scratchFolder("link-glyph-pack").path,
                                      "--quiet", "--glyph-cache", cache.path], timeoutS: 300)
        #expect(first.status == 0, "\(first.stderr)")
        let entry = cache.appendingPathComponent(try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted().first))
        let canary = try Canary("glyph-entry")
        try FileManager.default.removeItem(at: entry)
        try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: canary.url)
        let root = try JacksboroPack.copy("link-glyph-root")
        let b = try build(root, extra: ["--glyph-cache", cache.path])
        #expect(b.run.status == 1, "\(b.run.stderr)")
        #expect(b.run.stderr.contains("\(entry.path): a symlink (to \(canary.url.path)); \(Self.refusal)"), "\(b.run.stderr)")
        #expect(b.after == b.before)
        #expect(canary.isIntact)
    }

    @Test func routeOutThroughASymlinkIsRefused() throws {
        let region = try DemoBuild.get().region, canary = try Canary("route-out")
        let out = TestData.scratchFolder("link-route").appendingPathComponent("r.json")
        try FileManager.default.createSymbolicLink(at: out, withDestinationURL: canary.url)
        let r = try TestData.run(["route", region.path, "--from", "-71.3609,44.4943", "--to", "-71.4141,44.5059", "--out", out.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("--out: cannot write \(out.path): a symlink (to \(canary.url.path)); \(Self.refusal)"), "\(r.stderr)")
        #expect(canary.isIntact)
    }

    /// A link at `index.html` is refused before anything is drawn; one at an image's name when
    /// that image is written.
    @Test(arguments: ["index.html", "pliny-kilkenny-overview.png"])
    func previewOutputThroughASymlinkIsRefused(name: String) throws {
        let region = try DemoBuild.get().region, canary = try Canary("preview-\(name)")
        let out = TestData.scratchFolder("link-preview").appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let link = out.appendingPathComponent(name)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: canary.url)
        let r = try TestData.run(["preview", region.path, "--out", out.path], environment: ["TRAILPACK_RENDERER": ""], timeoutS: 300)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(link.path)") && r.stderr.contains("a symlink (to \(canary.url.path)); \(Self.refusal)"),
                "\(r.stderr)")
        #expect(canary.isIntact)
    }

    @Test func initAndPlanOutputsThroughASymlinkAreRefused() throws {
        let folder = TestData.scratchFolder("link-init"), canary = try Canary("init")
        let recipe = folder.appendingPathComponent("r.json5"), regions = folder.appendingPathComponent("regions.txt")
        for link in [recipe, regions] { try FileManager.default.createSymbolicLink(at: link, withDestinationURL: canary.url) }
        let data = TestData.repoRoot.appendingPathComponent("data/white-mountains")
        let i = try TestData.run(["init", "my-range", "--dem", data.appendingPathComponent("N44W072.hgt").path,
                                  "--trails", data.appendingPathComponent("wmnf-pliney.geojson").path, "--out", recipe.path, "--force"])
        #expect(i.status == 1 && i.stderr.contains("\(recipe.path): a symlink (to \(canary.url.path)); \(Self.refusal)"), "\(i.stderr)")
        let p = try TestData.run(["plan", JacksboroPack.recipe, "--regions-file", regions.path])
        #expect(p.status == 1 && p.stderr.contains("\(regions.path): a symlink (to \(canary.url.path)); \(Self.refusal)"), "\(p.stderr)")
        #expect(canary.isIntact)
    }
}

/// Issue 40: `catalog` lists every region folder that has a `manifest.json`; one that is no
/// readable regular file (a FIFO, a directory, a symlink) stops it with exit 1 naming it, and
/// the old catalog stays. (Tests run as root, so a `chmod 000` file would still be readable.)
@Suite(.serialized) struct CatalogManifestTests {
    /// A copy of the jacksboro pack whose manifest is replaced by `plant`; the catalog's bytes.
    func pack(_ label: String, plant: (URL) throws -> Void) throws -> (root: URL, manifest: URL, catalog: Data) {
        let root = try JacksboroPack.copy(label)
        let manifest = root.appendingPathComponent("regions/jacksboro/manifest.json")
        try FileManager.default.removeItem(at: manifest)
        try plant(manifest)
        return (root, manifest, try Data(contentsOf: root.appendingPathComponent(PackTree.catalog)))
    }

    @Test func aFIFOManifestStopsCatalogNamingIt() throws {
        let p = try pack("catalog-fifo") { #expect(mkfifo($0.path, 0o644) == 0) }
        let r = try TestData.run(["catalog", p.root.path], timeoutS: 60)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\(p.manifest.path): is a FIFO, not a regular file"), "\(r.stderr)")
        #expect(try Data(contentsOf: p.root.appendingPathComponent(PackTree.catalog)) == p.catalog)
    }

    @Test func aDirectoryNamedManifestStopsCatalogNamingIt() throws {
        let p = try pack("catalog-dir") { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) }
        let r = try TestData.run(["catalog", p.root.path], timeoutS: 60)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\(p.manifest.path): is a directory, not a regular file"), "\(r.stderr)")
        #expect(try Data(contentsOf: p.root.appendingPathComponent(PackTree.catalog)) == p.catalog)
    }

    @Test func aSymlinkedManifestStopsCatalogNamingItAndTheCanaryKeepsItsBytes() throws {
        let canary = try Canary("catalog-manifest")
        let p = try pack("catalog-link") { try FileManager.default.createSymbolicLink(at: $0, withDestinationURL: canary.url) }
        let r = try TestData.run(["catalog", p.root.path], timeoutS: 60)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\(p.manifest.path): a symlink (to \(canary.url.path))"), "\(r.stderr)")
        #expect(try Data(contentsOf: p.root.appendingPathComponent(PackTree.catalog)) == p.catalog)
        #expect(canary.isIntact)
    }
}
