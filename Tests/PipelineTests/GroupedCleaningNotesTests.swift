@testable import Pipeline
import RouteCore
import Testing
import TrailpackCore

/// Repeated cleaning notes of one kind are one line with the count, the largest and the first.
@Suite struct GroupedCleaningNotesTests {
    /// A loop edit `k` of a long track: 1 m across and 1 m of track, except loop 7 (12 m, 30 m).
    static func loop(_ k: Int) -> CleaningEdit {
        let big = k == 7
        return CleaningEdit(kind: .loop, firstIndex: 100 * k, lastIndex: 100 * k + 9, location: LonLat(-71.4 + Double(k) * 0.001, 44.5),
                            sizeM: big ? 6 : 0.5, lengthRemovedM: big ? 30 : 1)
    }

    @Test func twentyLoopsAreOneLineWithTheLargestAndTheFirst() {
        let spike = CleaningEdit(kind: .spike, firstIndex: 50, lastIndex: 50, location: LonLat(-71.41, 44.51), sizeM: 310, lengthRemovedM: 621)
        let stops = [CleaningEdit(kind: .stop, firstIndex: 300, lastIndex: 339, location: LonLat(-71.42, 44.52), sizeM: 12, lengthRemovedM: 80),
                     CleaningEdit(kind: .stop, firstIndex: 900, lastIndex: 919, location: LonLat(-71.43, 44.53), sizeM: 15, lengthRemovedM: 40)]
        let edits = [spike] + (0..<20).map(Self.loop) + stops
        let cleaned = CleanedLine(coords: [LonLat(-71.4, 44.5), LonLat(-71.3, 44.5)], droppedSpikes: 1, droppedStopPoints: 58,
                                  droppedLoopPoints: 180, edits: edits)
        let lines = CleaningNotes.lines(cleaned, inputPoints: 3000)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[0].hasPrefix("cleaning kept 2 of 3000 points") && lines[0].contains("cut 20 loops (180 points)"), "\(lines[0])")
        // One spike: its own line, as before.
        #expect(lines[1] == spike.description)
        #expect(lines[2] == "20 loops removed (largest 12 m across, 30 m of track, at points 700-709 (-71.39300, 44.50000); "
                + "the first at points 0-9 (-71.40000, 44.50000); 49 m of track in all)", "\(lines[2])")
        #expect(lines[3].hasPrefix("2 stops removed (largest 20 fixes within 15 m, 40 m of track, at points 900-919 ")
                && lines[3].hasSuffix("the first at points 300-339 (-71.42000, 44.52000); 120 m of track in all)"), "\(lines[3])")
    }

    @Test func nothingCleanedIsNoNote() {
        #expect(CleaningNotes.lines(CleanedLine(coords: [LonLat(0, 0), LonLat(0, 1)]), inputPoints: 2).isEmpty)
    }
}
