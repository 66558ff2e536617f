import Bindings
import Foundation
import PMTiles
import TestSupport
import Testing

@Suite struct PMTilesWriterTests {
    /// Writer → reader on seeded tilesets with duplicates and runs: every tile comes back,
    /// absent ids give nil, and the listing is the input with runs expanded.
    @Test(arguments: [(UInt64(1), 1, 0), (2, 40, 5), (3, 3000, 10), (4, 9000, 12)])
    func roundTrip(seed: UInt64, count: Int, zoom: Int) throws {
        let tiles = Kit.randomTileset(seed: seed, count: count, zoom: zoom)
        let archive = try PMTilesArchive(bytes: try Kit.write(tiles), decompress: Kit.gunzip)
        try expectSame(archive, tiles)
        var rng = SeededRandom(seed: seed)
        let present = Set(tiles.map(\.tileID))
        for _ in 0..<300 {
            let tile = tiles[Int.random(in: 0..<tiles.count, using: &rng)]
            #expect(try archive.tile(id: tile.tileID) == tile.bytes)
            let z = TileID.tile(of: tile.tileID)!
            #expect(try archive.tile(z: z.z, x: z.x, y: z.y) == tile.bytes)
            let other = UInt64.random(in: 0...tiles.last!.tileID + 100, using: &rng)
            if !present.contains(other) { #expect(try archive.tile(id: other) == nil) }
        }
        #expect(try archive.tile(z: 40, x: 0, y: 0) == nil)
        #expect(try archive.tile(id: TileID.maxID) == nil)
    }

    /// 50,000 tiles at zoom 14 do not fit a 16 kB root: they go to leaf directories, and all
    /// come back. Prints the sizes and times.
    @Test func fiftyThousandTilesUseLeafDirectories() throws {
        let tiles = Kit.randomTileset(seed: 14, count: 50_000, zoom: 14)
        let clock = ContinuousClock()
        var bytes: [UInt8] = []
        let writeTime = try clock.measure { bytes = try Kit.write(tiles, zooms: 14...14) }
        var archive: PMTilesArchive?
        var listed: [PMTilesAddressedTile] = []
        let readTime = try clock.measure {
            archive = try PMTilesArchive(bytes: bytes, decompress: Kit.gunzip)
            listed = try archive!.entries()
        }
        let header = try #require(archive).header
        #expect(header.leafDirectories.lengthBytes > 0)
        #expect(header.root.offsetBytes == 127 && 127 + header.root.lengthBytes <= 16_384)
        #expect(listed.count == tiles.count)
        try expectSame(archive!, tiles)
        for tile in tiles.prefix(200) + tiles.suffix(200) { #expect(try archive!.tile(id: tile.tileID) == tile.bytes) }
        print("50,000 z14 tiles: archive \(bytes.count) bytes, root \(header.root.lengthBytes) bytes, leaves \(header.leafDirectories.lengthBytes) bytes in \(archive!.rootEntries.count) leaves; write \(writeTime), open + list \(readTime)")
    }

    @Test func sameInputSameBytes() throws {
        let tiles = Kit.randomTileset(seed: 5, count: 20_000, zoom: 13)
        #expect(try Kit.write(tiles) == Kit.write(tiles))
    }

    /// Identical contents are stored once; consecutive ids with one content are one entry.
    @Test func dedupesContentsAndMergesRuns() throws {
        let a = Array("tile A".utf8), b = Array("tile B".utf8)
        let first = TileID.firstID(zoom: 10)
        var tiles: Tiles = (0..<1000).map { (first + UInt64($0), a) }
        tiles += [(first + 1000, b), (first + 1001, a), (first + 5000, a), (first + 5001, a), (first + 9000, b)]
        let bytes = try Kit.write(tiles)
        let archive = try PMTilesArchive(bytes: bytes, decompress: Kit.gunzip)
        #expect(archive.header.addressedTilesCount == 1005)
        #expect(archive.header.tileEntriesCount == 5)
        #expect(archive.header.tileContentsCount == 2)
        #expect(archive.header.tileData.lengthBytes == UInt64(a.count + b.count))
        #expect(archive.rootEntries.map(\.runLength) == [1000, 1, 1, 2, 1])
        #expect(archive.rootEntries.map(\.offsetBytes) == [0, 6, 0, 0, 6])
        try expectSame(archive, tiles)
    }

    /// Header fields the writer sets from its arguments.
    @Test func headerDescribesTheArchive() throws {
        let tiles: Tiles = [(TileID.id(z: 12, x: 2138, y: 1430)!, [1]), (TileID.id(z: 14, x: 8555, y: 5723)!, [2])]
        let writer = PMTilesWriter(tileType: .mvt, tileCompression: .gzip, internalCompression: .gzip, compress: { Gzip.compress($0) })
        let bytes = try writer.archive(tiles: tiles, metadataJSON: Array(#"{"vector_layers":[]}"#.utf8),
                                       bounds: PMTilesBounds(minLonDegrees: 7.9, minLatDegrees: 46.5, maxLonDegrees: 8.05, maxLatDegrees: 46.62),
                                       minZoom: 12, maxZoom: 14, center: PMTilesCenter(lonDegrees: 7.975, latDegrees: 46.56, zoom: 13))
        let archive = try PMTilesArchive(bytes: bytes, decompress: Kit.gunzip)
        let h = archive.header
        #expect((h.minLonE7, h.minLatE7, h.maxLonE7, h.maxLatE7) == (79_000_000, 465_000_000, 80_500_000, 466_200_000))
        #expect((h.centerLonE7, h.centerLatE7, h.centerZoom, h.minZoom, h.maxZoom) == (79_750_000, 465_600_000, 13, 12, 14))
        #expect(h.clustered && h.internalCompression == .gzip && h.tileCompression == .gzip && h.tileType == .mvt)
        #expect(archive.metadata == Array(#"{"vector_layers":[]}"#.utf8))
        #expect(h.metadata.offsetBytes == h.root.endBytes && h.leafDirectories.lengthBytes == 0)
        #expect(h.tileData.endBytes == UInt64(bytes.count))
    }

    /// Without internal compression, and with a small root limit and small leaves: many leaves.
    @Test func uncompressedDirectoriesAndManyLeaves() throws {
        var writer = Kit.plainWriter
        writer.headerAndRootLimitBytes = 400
        writer.minimumLeafEntries = 50
        let tiles = Kit.randomTileset(seed: 77, count: 5000, zoom: 11)
        let archive = try PMTilesArchive(bytes: try Kit.write(tiles, with: writer), decompress: { _, _, _ in
            Issue.record("no decompression expected")
            return []
        })
        #expect(archive.header.root.lengthBytes <= 400 - 127)
        #expect(archive.rootEntries.count > 10 && archive.rootEntries.allSatisfy(\.isLeafPointer))
        try expectSame(archive, tiles)
        for tile in tiles.prefix(300) { #expect(try archive.tile(id: tile.tileID) == tile.bytes) }
    }

    @Test func refusesBadInput() {
        let ok: Tiles = [(1, [1]), (2, [2])]
        func problem(_ tiles: Tiles, zooms: ClosedRange<Int> = 0...31, writer: PMTilesWriter = Kit.gzipWriter,
                     bounds: PMTilesBounds = PMTilesBounds(minLonDegrees: 0, minLatDegrees: 0, maxLonDegrees: 1, maxLatDegrees: 1)) -> String {
            do {
                _ = try writer.archive(tiles: tiles, metadataJSON: [], bounds: bounds, minZoom: zooms.lowerBound,
                                       maxZoom: zooms.upperBound, center: PMTilesCenter(lonDegrees: 0, latDegrees: 0, zoom: zooms.lowerBound))
                return "no error"
            } catch {
                return "\(error.problem.rawValue)@\(error.tileIndex.map(String.init) ?? "-")"
            }
        }
        var unknown = Kit.gzipWriter
        unknown.internalCompression = .unknown
        var tiny = Kit.gzipWriter
        tiny.headerAndRootLimitBytes = 130
        #expect(problem(ok) == "no error")
        #expect(problem([]) == "noTiles@-")
        #expect(problem([(2, [1]), (1, [2])]) == "unsortedTiles@1")
        #expect(problem([(2, [1]), (2, [2])]) == "unsortedTiles@1")
        #expect(problem([(1, [1]), (2, [])]) == "badTileLength@1")
        #expect(problem([(0, [1])], zooms: 1...3) == "tileIDOutOfRange@0")
        #expect(problem([(1, [1]), (5, [1])], zooms: 1...1) == "tileIDOutOfRange@1")
        #expect(problem([(TileID.maxID + 1, [1])]) == "tileIDOutOfRange@0")
        #expect(problem(ok, zooms: 0...32) == "badZoom@-")
        #expect(problem(ok, bounds: PMTilesBounds(minLonDegrees: .nan, minLatDegrees: 0, maxLonDegrees: 1, maxLatDegrees: 1)) == "badCoordinates@-")
        #expect(problem(ok, bounds: PMTilesBounds(minLonDegrees: 0, minLatDegrees: 0, maxLonDegrees: 1, maxLatDegrees: 91)) == "badCoordinates@-")
        #expect(problem(ok, writer: unknown) == "badCompression@-")
        #expect(problem(ok, writer: tiny) == "rootDoesNotFit@-")
    }

    /// The archive lists exactly `tiles` (runs expanded), each at bytes equal to its input,
    /// contents in tile-id order of first use, and the header counts them right.
    func expectSame(_ archive: PMTilesArchive, _ tiles: Tiles, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let listed = try archive.entries()
        #expect(listed.map(\.tileID) == tiles.map(\.tileID), sourceLocation: sourceLocation)
        let mismatched = zip(listed, tiles).filter { Array(archive.bytes(of: $0.0)) != $0.1.bytes }
        #expect(mismatched.isEmpty, "\(mismatched.count) tiles differ", sourceLocation: sourceLocation)
        #expect(listed.allSatisfy { TileID.id(of: $0.tile) == $0.tileID }, sourceLocation: sourceLocation)
        let h = archive.header
        #expect(h.addressedTilesCount == UInt64(tiles.count), sourceLocation: sourceLocation)
        #expect(h.tileEntriesCount == UInt64(Kit.expectedRuns(tiles)), sourceLocation: sourceLocation)
        let contents = Set(tiles.map(\.bytes))
        #expect(h.tileContentsCount == UInt64(contents.count), sourceLocation: sourceLocation)
        #expect(h.tileData.lengthBytes == UInt64(contents.reduce(0) { $0 + $1.count }), sourceLocation: sourceLocation)
        var firstUse: [UInt64] = []
        var seen = Set<UInt64>()
        for tile in listed where seen.insert(tile.fileOffsetBytes).inserted { firstUse.append(tile.fileOffsetBytes) }
        #expect(h.clustered && firstUse == firstUse.sorted(), sourceLocation: sourceLocation)
        #expect(127 + h.root.lengthBytes <= 16_384, sourceLocation: sourceLocation)
    }
}
