import Testing
import TrailpackCore
import RouteCore

@Suite struct TrackAssemblerTests {
    /// A segment of `count` vertices 10 m apart heading east from `start`.
    func segment(from start: LonLat, count: Int = 5) -> [LonLat] {
        (0..<count).map { Geodesic.destination(from: start, bearingDeg: 90, distanceM: 10 * Double($0)) }
    }

    func twoSegments(gapM: Double) -> [[LonLat]] {
        let first = segment(from: LonLat(13.7, 46.4))
        let second = segment(from: Geodesic.destination(from: first.last!, bearingDeg: 90, distanceM: gapM))
        return [first, second]
    }

    @Test func sixtyMetreGapIsAnErrorWithItsLengthAndPosition() {
        let segments = twoSegments(gapM: 60)
        do {
            _ = try TrackAssembler.join(segments)
            Issue.record("a 60 m gap was joined")
        } catch {
            #expect(abs(error.gapM - 60) < 1e-6)
            #expect(error.fromSegment == 0)
            #expect(error.toSegment == 1)
            #expect(error.from == segments[0].last)
            #expect(error.to == segments[1].first)
            #expect(error.description.contains("60.0 m"))
        }
    }

    @Test func fortyMetreGapJoins() throws {
        let segments = twoSegments(gapM: 40)
        let line = try TrackAssembler.join(segments)
        #expect(line == segments[0] + segments[1])
    }

    @Test func reversalReversesTheJoinedLine() throws {
        let segments = twoSegments(gapM: 40)
        let line = try TrackAssembler.join(segments, reversed: true)
        #expect(line == (segments[0] + segments[1]).reversed())
        #expect(line.first == segments[1].last)
    }

    @Test func emptySegmentsAreSkippedAndNumberedByInputPosition() throws {
        let joinable = twoSegments(gapM: 40)
        #expect(try TrackAssembler.join([[], joinable[0], [], joinable[1], []]) == joinable[0] + joinable[1])

        let gapped = twoSegments(gapM: 60)
        #expect(throws: TrackGapError.self) { try TrackAssembler.join([gapped[0], [], gapped[1]]) }
        do {
            _ = try TrackAssembler.join([gapped[0], [], gapped[1]])
        } catch {
            #expect(error.fromSegment == 0 && error.toSegment == 2)
        }
    }

    @Test func maximumGapIsAParameter() throws {
        let segments = twoSegments(gapM: 60)
        #expect(try TrackAssembler.join(segments, maxGapM: 61).count == 10)
        #expect(throws: TrackGapError.self) { try TrackAssembler.join(twoSegments(gapM: 40), maxGapM: 39) }
    }

    @Test func gapIsMeasuredBetweenFiniteEnds() throws {
        var segments = twoSegments(gapM: 40)
        segments[0].append(LonLat(.nan, .nan))
        segments[1].insert(LonLat(.infinity, 0), at: 0)
        #expect(try TrackAssembler.join(segments).count == 12)
    }
}
