import Foundation
import TrailGraph
import TrailpackCore

/// The network a recorded track is matched against, without the track itself.
enum TrackNetwork {
    /// `network` without the trail lines read from the track's own file `trackFile` that are one
    /// of `trackLines` (or one reversed): a recipe that lists the track's file among its trails
    /// must not make the track its own network (which would leave it on the network with no
    /// turns). A line of another file is a trail even when the track was drawn from it vertex for
    /// vertex. Nil when no other trail remains; `isWhole` when nothing was left out.
    static func excludingTrack(_ trackLines: [[LonLat]], file trackFile: String, from network: TrailNetworkGraph?,
                               trails: [TrailLine]) -> (graph: TrailNetworkGraph?, isWhole: Bool) {
        guard let network else { return (nil, false) }
        let own = Set(trackLines.filter { $0.count >= 2 }.flatMap { [key($0), key($0.reversed())] })
        let file = samePath(trackFile)
        let open = trails.filter { !$0.use.closedToHikers }
        let others = open.filter { $0.sourceFile.map(samePath) != file || !own.contains(key($0.coords)) }
        guard others.count < open.count else { return (network, true) }
        guard !others.isEmpty else { return (nil, false) }
        return (try? TrailNetworkGraph(lines: others), false)
    }

    private static func samePath(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    private static func key(_ coords: [LonLat]) -> [Double] { coords.flatMap { [$0.lon, $0.lat] } }

    /// A track's line related to `network`: a recording that walks the trails follows them as
    /// mapped (`snap`: GPS drift then moves no junction and turns no branch), else the line is
    /// matched to the trails it runs along (names, junctions), else it is guided from its own
    /// line. Each rule that refuses says why and by how much in a note. A snapped track also
    /// gives the points on the trails its snap kept, in order (`snapVias`).
    static func path(_ line: [LonLat], file: String, over network: TrailNetworkGraph?, snap: Bool)
        -> (path: RoutePath, trailNames: [String?], notes: [String], snapVias: [LonLat]?) {
        guard let network else { return (RoutePath(coords: line), [], [], nil) }
        var notes: [String] = []
        if snap {
            do {
                let snapped = try network.snap(line)
                notes.append(String(format: "%@: the recorded track (%.2f km on the ground) walks the trail network; it follows the trails as mapped (%.2f km; track.snap: false keeps the recorded line)",
                                    file, TrailNetworkGraph.groundLengthM(line) / 1000, snapped.lengthM / 1000))
                return (snapped.path, snapped.trailNames, notes, snapped.viaIndices.map { snapped.path.coords[$0] })
            } catch {
                notes.append("\(file): the recorded track is not snapped to the trails as mapped: \(error)")
            }
        }
        let path = network.matchTrack(line)
        if !path.onNetwork {
            let share = network.networkShare(line)
            notes.append(String(format: "%@: the track is not matched to the trail network: %.0f%% of it lies within %.0f m of a trail (%.0f%% needed); its cues come from its own line (turns, no junctions or trail names)",
                                file, share * 100, TrailNetworkGraph.matchToleranceM, TrailNetworkGraph.onNetworkMinShare * 100))
        }
        return (path, RoutedPath.collapsingRepeats(path.segmentTrailNames), notes, nil)
    }
}
