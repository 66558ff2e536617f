import Foundation
import Testing
import TestSupport
import TrailpackCore

/// What the harness refuses or reports as a failure, and the `mbtiles://` URLs it resolves.
@Suite(.serialized, .enabled(if: MapRenderer.isAvailable, "no mapli in .venv: run 'make venv'"))
struct MapRenderFailureTests {
    /// The failure `body` throws, or nil.
    static func failure(_ body: () throws -> Void) -> MapRenderer.Failure? {
        do { try body() } catch let failure as MapRenderer.Failure { return failure } catch { return nil }
        return nil
    }

    @Test func aNetworkURLIsRefused() throws {
        let fixture = try StyleFixture { style in
            var sources = style["sources"] as! [String: Any]
            sources["remote"] = ["type": "raster", "tiles": ["https://tiles.example.invalid/{z}/{x}/{y}.png"]]
            style["sources"] = sources
        }
        let failure = Self.failure { _ = try MapRenderer.run(style: fixture.style, MapRenderTests.request()) }
        #expect(failure?.status == 1)
        #expect(failure?.errors.first?.hasPrefix("sources.remote.tiles: network URL refused") == true, "\(String(describing: failure))")
    }

    @Test func aRenderThatHangsIsKilledAfterTheTimeout() throws {
        // MapLibre's still render waits forever for an image source no layer uses.
        let fixture = try StyleFixture { style in
            style["layers"] = (style["layers"] as! [[String: Any]]).filter { $0["id"] as? String != "hillshade" }
        }
        var request = MapRenderTests.request()
        request.timeoutS = 3
        let start = Date()
        let failure = Self.failure { _ = try MapRenderer.run(style: fixture.style, request) }
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(failure?.errors == ["timeout: the renderer did not finish within 3 s (killed)"])
        #expect(failure?.warnings.contains { $0.hasPrefix("source hillshade: used by no layer") } == true)
    }

    @Test func missingGlyphsFailTheWholeRender() throws {
        // No glyph PBFs here: a label whose glyph range is missing fails the render, not just the label.
        let fixture = try StyleFixture { style in
            style["glyphs"] = "map/glyphs/{fontstack}/{range}.pbf"
            style["layers"] = style["layers"] as! [[String: Any]] + [[
                "id": "labels", "type": "symbol", "source": "trails",
                "layout": ["text-field": ["get", "name"], "text-font": ["Noto Sans Regular"], "symbol-placement": "line"],
            ]]
        }
        let failure = Self.failure { _ = try MapRenderer.run(style: fixture.style, MapRenderTests.request()) }
        #expect(failure?.errors.first?.contains("RenderError") == true, "\(String(describing: failure))")
    }

    @Test func mbtilesURLsResolveAgainstTheStyleFolder() throws {
        let fixture = try StyleFixture { style in
            var sources = style["sources"] as! [String: Any]
            sources["tiles"] = ["type": "raster", "url": "mbtiles://map/tiles.mbtiles", "tileSize": 256]
            style["sources"] = sources
            style["layers"] = style["layers"] as! [[String: Any]] + [["id": "tiles", "type": "raster", "source": "tiles"]]
        }
        try MBTilesFixture.writeBlue(to: fixture.folder.appendingPathComponent("map/tiles.mbtiles"))
        var request = MapRenderTests.request(zoom: 2, only: ["tiles"])
        request.size = (64, 64)
        let image = try RenderedImage(MapRenderer.run(style: fixture.style, request).png)
        #expect(RenderedImage.near(image.rgb(32, 32), 0, 0, 255, tolerance: 2))
    }
}
