import Foundation
import PackSpec
import Testing
@testable import Pipeline

/// The build never writes a document over a count cap (`CountCheck`, the same table as
/// `validate`'s `file.count`): at the cap it writes, one over it stops naming the file, the
/// count, the cap and the remedy.
@Suite struct CountCheckTests {
    @Test(arguments: [(PackTree.trails, "features"), (PackTree.pois, "features"), (PackTree.routing, "edges"),
                      (PackTree.routing, "nodes"), (PackTree.catalog, "regions"), (PackTree.routeFile("r"), "landmarks")])
    func oneOverTheCapStopsTheBuild(file: String, key: String) throws {
        let cap = try #require(PackLimits.countCaps(ofPackFile: file).first { $0.key == key }).max
        try CountCheck.check(file, key: key, count: cap, remedy: "do less")
        do {
            try CountCheck.check(file, key: key, count: cap + 1, remedy: "do less")
            Issue.record("no error over the cap")
        } catch let BuildError.output(path, message) {
            #expect(path == file)
            #expect(message == "would hold \(cap + 1) \(key), over the \(cap) a pack's \(file) may hold (validate's file.count): do less")
        }
    }

    @Test func theCatalogsCapNamesTheCatalogUnderItsRoot() throws {
        let root = URL(fileURLWithPath: "/tmp/packs-\(getpid())")
        let cap = try #require(PackLimits.countCaps(ofPackFile: PackTree.catalog).first { $0.key == "regions" }).max
        try CatalogBuilder.checkCount(cap, root: root)
        do {
            try CatalogBuilder.checkCount(cap + 1, root: root)
            Issue.record("no error over the cap")
        } catch let BuildError.output(path, message) {
            #expect(path == "/tmp/packs-\(getpid())/catalog.json")
            #expect(message.hasPrefix("would hold \(cap + 1) regions, over the \(cap)"))
            #expect(message.hasSuffix("split the pack root into several"))
        }
    }
}
