import Bindings
import Foundation
import TestSupport

/// A raster MBTiles file (zooms 0-3, every tile a blue 256-px PNG), written with the venv's
/// Python (sqlite3).
enum MBTilesFixture {
    static let script = """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1]); png = open(sys.argv[2], "rb").read()
    db.execute("create table metadata (name text, value text)")
    db.execute("create table tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)")
    db.executemany("insert into metadata values (?, ?)", [("name", "blue"), ("format", "png"),
        ("minzoom", "0"), ("maxzoom", "3"), ("bounds", "-180,-85,180,85")])
    db.executemany("insert into tiles values (?, ?, ?, ?)",
        [(z, x, y, png) for z in range(4) for x in range(2 ** z) for y in range(2 ** z)])
    db.commit()
    """

    struct Failure: Error { var message: String }

    static func writeBlue(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let tile = url.deletingLastPathComponent().appendingPathComponent("blue.png")
        let pixels = (0..<256 * 256).flatMap { _ in [0, 0, 255] as [UInt8] }
        try PNGImage(width: 256, height: 256, channels: 3, pixels: pixels).write(to: tile.path)
        let (status, _, stderr) = try MapRenderer.runPython(["-c", script, url.path, tile.path])
        guard status == 0 else { throw Failure(message: "writing \(url.path) exited \(status): \(stderr)") }
    }
}
