import TrailNetwork
import TrailpackCore

/// The network a recorded track is matched against, without the track itself.
enum TrackNetwork {
    /// `network` without the trail lines that are one of `trackLines` (or one reversed): a recipe
    /// that lists the track's file among its trails must not make the track its own network
    /// (which would leave it on the network with no turns). Nil when no other trail remains.
    static func excludingTrack(_ trackLines: [[LonLat]], from network: TrailNetworkGraph?, trails: [TrailLine]) -> TrailNetworkGraph? {
        guard let network else { return nil }
        let own = Set(trackLines.filter { $0.count >= 2 }.flatMap { [key($0), key($0.reversed())] })
        let others = trails.filter { !own.contains(key($0.coords)) }
        guard others.count < trails.count else { return network }
        guard !others.isEmpty else { return nil }
        return try? TrailNetworkGraph(lines: others)
    }

    private static func key(_ coords: [LonLat]) -> [Double] { coords.flatMap { [$0.lon, $0.lat] } }
}
