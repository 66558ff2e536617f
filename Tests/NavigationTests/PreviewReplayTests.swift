import Foundation
import Testing
import TestSupport
@testable import Navigation

/// "The preview links a replay for each route built from a recording, which replays that
/// recording": `trailpack preview REGION --recipes RECIPE` on a region built from a real timed walk
/// (`RecordedRegion`), through the built binary.
@Suite(.serialized) struct PreviewReplayTests {
    static let region = Result { try RecordedRegion.make(file: "cerknicko-jezero.gpx", track: 1) }

    @Test func theIndexLinksTheReplayOfTheRecordingAndItsBytesAreTheSameTwice() throws {
        let region = try Self.region.get()
        let recipe = region.folder.appendingPathComponent("walk.json5").path
        var pages: [Data] = []
        for n in 0..<2 {
            let out = region.folder.appendingPathComponent("preview-\(n)")
            let run = try TestData.run(["preview", region.region.path, "--recipes", recipe, "--out", out.path, "--quiet"])
            try #require(run.status == 0, "\(run.stderr)")
            let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(index.contains("<a href=\"walk-walk-replay.html\">Replay</a>: Replay of walk.gpx (\(region.fixes.count) fixes): arrived at fix"))
            let page = try Data(contentsOf: out.appendingPathComponent("walk-walk-replay.html"))
            #expect(String(decoding: page, as: UTF8.self).contains("<title>Replay of walk.gpx on walk</title>"))
            pages.append(page)
        }
        #expect(pages[0] == pages[1])
        // The page is the one `trailpack replay --html` writes for the recording.
        let html = region.folder.appendingPathComponent("replay.html")
        let replay = try TestData.run(["replay", region.region.path, "--route", "walk", "--track", region.walkGPX.path, "--html", html.path])
        try #require(replay.status == 0, "\(replay.stderr)")
        #expect(try Data(contentsOf: html) == pages[0])
    }

    @Test func aDrawnTrackGetsALineSayingWhyThereIsNoReplay() throws {
        let region = try Self.region.get()
        let recipe = region.folder.appendingPathComponent("walk.json5")
        let drawn = region.folder.appendingPathComponent("walk-drawn.json5")
        let text = try String(contentsOf: recipe, encoding: .utf8).replacingOccurrences(of: "track: \"walk.gpx\"", with: "track: { file: \"walk.gpx\", drawn: true }")
        try #require(text.contains("drawn: true"))
        try Data(text.utf8).write(to: drawn)
        let out = region.folder.appendingPathComponent("preview-drawn")
        let run = try TestData.run(["preview", region.region.path, "--recipes", drawn.path, "--out", out.path, "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<p class=\"replay-none\">No replay of ") && index.contains("walk.gpx: the track was drawn (track.drawn), not recorded.</p>"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("walk-walk-replay.html").path))
    }
}
