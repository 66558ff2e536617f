import Foundation
import PackReader
import Testing
import TestSupport

/// The jacksboro pack (Recipes/jacksboro.json5), built once per test process by the binary;
/// each test works on its own copy.
enum JacksboroPack {
    static let recipe = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path

    /// The clean serial build: a pack root, and the seconds the build took.
    static let built: Result<(root: URL, seconds: Double), any Error> = Result {
        let root = TestData.scratchFolder("jacksboro-clean")
        let started = Date()
        let r = try TestData.run(["build", recipe, "--out", root.path, "--quiet"])
        guard r.status == 0 else { throw BuildFailed(stderr: r.stderr) }
        return (root, Date().timeIntervalSince(started))
    }

    struct BuildFailed: Error { var stderr: String }

    /// A copy of the clean pack in a fresh scratch folder (`<scratch>/pack`).
    static func copy(_ label: String) throws -> URL {
        let root = TestData.scratchFolder(label).appendingPathComponent("pack")
        try FileManager.default.copyItem(at: try built.get().root, to: root)
        return root
    }

    /// The pid of a process that ran and is gone.
    static func deadPid() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }
}

/// A pack root is a closed world: build, catalog, validate and preview never follow a symlink
/// under `regions/` (out of the root or not), name it, and read nothing through it; a preview
/// is never written into a pack root.
@Suite(.serialized) struct ClosedPackTests {
    /// A copy of the jacksboro region outside the pack, its manifest's id changed to `secretId`.
    func outsideRegion(_ label: String, secretId: String) throws -> URL {
        let outside = TestData.scratchFolder(label).appendingPathComponent("elsewhere")
        try FileManager.default.copyItem(at: try JacksboroPack.built.get().root.appendingPathComponent("regions/jacksboro"), to: outside)
        let manifest = outside.appendingPathComponent("manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "\"jacksboro\"", with: "\"\(secretId)\"")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        return outside
    }

    @Test func aRegionFolderSymlinkedOutIsRefusedByEveryCommandAndNothingIsReadThroughIt() throws {
        let root = try JacksboroPack.copy("closed-region-link")
        let outside = try outsideRegion("closed-outside", secretId: "secret-outside")
        let link = root.appendingPathComponent("regions/secret-outside")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        let before = TestData.tree(root)

        let catalog = try TestData.run(["catalog", root.path])
        #expect(catalog.status == 1, "\(catalog.stderr)")
        #expect(catalog.stderr.contains("\(link.path): a symlink (to \(outside.path))"), "\(catalog.stderr)")
        let build = try TestData.run(["build", JacksboroPack.recipe, "--out", root.path, "--quiet"])
        #expect(build.status == 1, "\(build.stderr)")
        #expect(build.stderr.contains("\(link.path): a symlink (to \(outside.path))"), "\(build.stderr)")
        #expect(TestData.tree(root) == before)
        #expect(!String(decoding: TestData.tree(root)["catalog.json"] ?? Data(), as: UTF8.self).contains("secret-outside"))

        let validate = try TestData.run(["validate", root.path])
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("regions/secret-outside: error [region.symlink]") && validate.stdout.contains("a symlink to \(outside.path): not read"),
                "\(validate.stdout)")
        #expect(!validate.stdout.contains("secret-outside/"), "\(validate.stdout)")
        let region = try TestData.run(["validate", link.path])
        #expect(region.status == 1 && region.stdout.contains("[region.symlink]"), "\(region.stdout)")

        let out = TestData.scratchFolder("closed-preview-out")
        let preview = try TestData.run(["preview", link.path, "--out", out.path])
        #expect(preview.status == 1, "\(preview.stderr)")
        #expect(preview.stderr.contains("\(link.path) is a symlink (to \(outside.path))"), "\(preview.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func aManifestSymlinkedOutIsRefusedAndNeverRead() throws {
        let root = try JacksboroPack.copy("closed-manifest-link")
        let outside = try outsideRegion("closed-manifest-outside", secretId: "secret-manifest")
        let manifest = root.appendingPathComponent("regions/jacksboro/manifest.json")
        try FileManager.default.removeItem(at: manifest)
        try FileManager.default.createSymbolicLink(at: manifest, withDestinationURL: outside.appendingPathComponent("manifest.json"))
        let catalogBefore = try Data(contentsOf: root.appendingPathComponent("catalog.json"))

        let catalog = try TestData.run(["catalog", root.path])
        #expect(catalog.status == 1)
        #expect(catalog.stderr.contains("\(manifest.path): a symlink (to \(outside.path)/manifest.json)"), "\(catalog.stderr)")
        #expect(try Data(contentsOf: root.appendingPathComponent("catalog.json")) == catalogBefore)

        let validate = try TestData.run(["validate", root.path])
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("regions/jacksboro/manifest.json: error [path.symlink]"), "\(validate.stdout)")
        #expect(!validate.stdout.contains("secret-manifest"), "\(validate.stdout)")

        let out = TestData.scratchFolder("closed-manifest-preview")
        let preview = try TestData.run(["preview", root.path, "--out", out.path])
        #expect(preview.status == 1, "\(preview.stderr)")
        #expect(preview.stderr.contains("manifest.json"), "\(preview.stderr)")
    }

    @Test func aSymlinkThatStaysInsideTheRootIsRefusedToo() throws {
        let root = try JacksboroPack.copy("closed-inside-link")
        let regions = root.appendingPathComponent("regions")
        let moved = root.appendingPathComponent("kept-aside")
        try FileManager.default.moveItem(at: regions, to: moved)
        try FileManager.default.createSymbolicLink(atPath: regions.path, withDestinationPath: "kept-aside")

        let build = try TestData.run(["build", JacksboroPack.recipe, "--out", root.path, "--quiet"])
        #expect(build.status == 1)
        #expect(build.stderr.contains("\(regions.path): a symlink (to \(moved.path))"), "\(build.stderr)")
        #expect(try TestData.run(["catalog", root.path]).status == 1)
        let validate = try TestData.run(["validate", root.path])
        #expect(validate.stdout.contains("regions: error [region.symlink]"), "\(validate.stdout)")
        #expect(validate.stdout.contains("[catalog.region-missing]"), "\(validate.stdout)")
    }

    @Test func previewOutInsideThePackRootIsRefused() throws {
        let root = try JacksboroPack.copy("closed-preview-inside")
        let region = root.appendingPathComponent("regions/jacksboro")
        let before = TestData.tree(root)
        for out in [region.path, root.appendingPathComponent("previews").path] {
            let r = try TestData.run(["preview", region.path, "--out", out])
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr.contains("--out \(out) lies inside the pack root \(PackDisk.resolved(root.path))"), "\(r.stderr)")
        }
        // From the pack root as cwd, the default out (previews/jacksboro) lies inside it too.
        let r = try TestData.run(["preview", "regions/jacksboro"], cwd: root)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(TestData.tree(root) == before)
        #expect(TestData.strictValidationFailure(root) == nil)
    }
}
