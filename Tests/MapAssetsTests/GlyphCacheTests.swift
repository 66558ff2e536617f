import Foundation
import Glyphs
@testable import MapAssets
import TestSupport
import Testing

@Suite struct GlyphCacheTests {
    static let labels: Set<Unicode.Scalar> = Set("Mount Cabot – Šetnjica 1245 m".unicodeScalars)

    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aWarmCacheGivesTheBytesACleanBuildGives() throws {
        let folder = TestData.scratchFolder("glyph-cache").appendingPathComponent("cache")
        let clean = try GlyphRanges.make(characters: Self.labels)
        let cold = try GlyphRanges.make(characters: Self.labels, cacheFolder: folder.path)
        let names = try Self.entries(folder)
        #expect(names.count == 3 && names.allSatisfy { $0.hasSuffix(".pbf") && $0.count == 64 + 4 })
        let warm = try GlyphRanges.make(characters: Self.labels, cacheFolder: folder.path)
        for made in [cold, warm] {
            #expect(made.files.map(\.name) == clean.files.map(\.name) && made.files.map(\.bytes) == clean.files.map(\.bytes))
            #expect(made.missing == clean.missing)
        }
        #expect(try Self.entries(folder) == names, "a warm run writes nothing new")
    }

    @Test func anEntryHoldsItsDigestThenThePayload() throws {
        let folder = TestData.scratchFolder("glyph-cache")
        let cache = try GlyphCache(folder: folder.path, fontPath: try GlyphFont.dejaVuSans.path())
        cache.keep([1, 2, 3], forKey: "k")
        let entry = try Data(contentsOf: cache.entryURL(forKey: "k"))
        #expect(String(decoding: entry.prefix(64), as: UTF8.self) == "039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81")
        #expect(Array(entry.dropFirst(64)) == [1, 2, 3])
        #expect(cache.bytes(forKey: "k") == [1, 2, 3] && cache.bytes(forKey: "other") == nil)
    }

    /// A flipped byte or a cut entry is not read: the range is rendered again and the entry replaced.
    @Test(arguments: ["flip", "truncate", "empty"])
    func aDamagedEntryIsMadeAgain(_ damage: String) throws {
        let folder = TestData.scratchFolder("glyph-cache")
        let clean = try GlyphRanges.make(characters: ["a"])
        _ = try GlyphRanges.make(characters: ["a"], cacheFolder: folder.path)
        let entry = folder.appendingPathComponent(try #require(try Self.entries(folder).first))
        let good = try Data(contentsOf: entry)
        var bad = good
        switch damage {
        case "flip": bad[good.count / 2] ^= 0x10
        case "truncate": bad = good.prefix(good.count - 9)
        default: bad = Data()
        }
        try bad.write(to: entry)
        let cache = try GlyphCache(folder: folder.path, fontPath: try GlyphFont.dejaVuSans.path())
        #expect(cache.bytes(forKey: "any") == nil)
        let again = try GlyphRanges.make(characters: ["a"], cacheFolder: folder.path)
        #expect(again.files.map(\.bytes) == clean.files.map(\.bytes))
        #expect(try Data(contentsOf: entry) == good)
    }

    @Test func anotherFontNeverReadsTheEntriesOfThisOne() throws {
        let folder = TestData.scratchFolder("glyph-cache")
        let book = try GlyphCache(folder: folder.path, fontPath: try GlyphFont.dejaVuSans.path())
        let bold = try GlyphCache(folder: folder.path, fontPath: try GlyphFont.dejaVuSansBold.path())
        #expect(book.entryURL(forKey: "k") != bold.entryURL(forKey: "k"))
        book.keep([7], forKey: "k")
        #expect(bold.bytes(forKey: "k") == nil)
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorNamingIt() throws {
        let blocker = TestData.scratchFolder("glyph-cache").appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let folder = blocker.appendingPathComponent("cache").path
        #expect { _ = try GlyphRanges.make(characters: ["a"], cacheFolder: folder) } throws: { error in
            "\(error)" == "\(folder): cannot keep glyph ranges there (--glyph-cache, TRAILPACK_GLYPH_CACHE): \(blocker.path) is a file, not a folder"
        }
    }

    @Test func anEntryThatCannotBeWrittenOnlyCostsARenderNextTime() throws {
        let folder = TestData.scratchFolder("glyph-cache")
        let cache = try GlyphCache(folder: folder.path, fontPath: try GlyphFont.dejaVuSans.path())
        try FileManager.default.createDirectory(at: cache.entryURL(forKey: "k"), withIntermediateDirectories: true)
        cache.keep([1], forKey: "k")
        #expect(cache.bytes(forKey: "k") == nil)
    }
}

/// Issue 40: an entry is never read or written through a symlink; the link is kept as it was
/// and recorded, so the build names it (`GlyphRanges.make`).
@Suite struct GlyphCacheLinkTests {
    @Test func anEntrySymlinkedOutIsNeitherReadNorWrittenAndIsRecorded() throws {
        let folder = TestData.scratchFolder("glyph-cache-link")
        let canary = folder.appendingPathComponent("canary.txt")
        let canaryBytes = Data("canary".utf8)
        try canaryBytes.write(to: canary)
        let cache = try GlyphCache(folder: folder.appendingPathComponent("cache").path, fontPath: try GlyphFont.dejaVuSans.path())
        let entry = cache.entryURL(forKey: "k")
        try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: canary)
        #expect(cache.bytes(forKey: "k") == nil)
        cache.keep([1, 2, 3], forKey: "k")
        #expect(try Data(contentsOf: canary) == canaryBytes)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: entry.path) == canary.path)
        #expect(cache.refusedLink?.path == entry.path)
    }

    @Test func aCacheFolderHoldingALinkIsRefusedBeforeTheBuild() throws {
        let folder = TestData.scratchFolder("glyph-cache-link").appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("x.pbf")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc/hostname")
        #expect { try GlyphRanges.checkCache(folder.path) } throws: { error in
            "\(error)".contains("\(link.path): a symlink (to ")
        }
    }
}
