import Foundation
import TrailpackCore

/// The test suite's independent router: `scripts/independent_route.py` (pyroutelib3, shortest by
/// length on foot, no code shared with trailpack) run with the repo's `.venv` (`make venv`).
public enum IndependentRouter {
    /// A walk found by the independent router.
    public struct Route: Sendable {
        /// WGS84 ellipsoidal length of `coords`, metres.
        public var lengthM: Double
        /// Length of each leg between consecutive points, metres.
        public var legLengthsM: [Double]
        /// The walk's vertices (OSM nodes), lon/lat degrees (7 decimals).
        public var coords: [LonLat]
        /// How far each given point lay from the node it was snapped to, metres.
        public var snapDistancesM: [Double]
    }

    /// A failure other than "no route" (exit status and stderr).
    public struct Failure: Error, CustomStringConvertible {
        public var status: Int32
        public var message: String
        public var description: String { "independent_route.py exited \(status): \(message)" }
    }

    /// The venv's Python, when `make venv` has made it.
    public static var python: URL? {
        let url = TestData.repoRoot.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// True when the router can run (`.venv` exists).
    public static var isAvailable: Bool { python != nil }

    /// The shortest walk through `points` (start, vias, end; each snapped to the nearest walkable
    /// node) over the OSM XML or PBF file at `osmPath`, or nil when a leg has no route.
    /// `highways` limits the walkable `highway` values (default: all).
    public static func route(osmPath: String, through points: [LonLat], highways: [String]? = nil) throws -> Route? {
        guard let python else { throw Failure(status: -1, message: "no .venv: run 'make venv'") }
        var arguments = [TestData.repoRoot.appendingPathComponent("scripts/independent_route.py").path, osmPath]
        if let highways { arguments += ["--highways", highways.joined(separator: ",")] }
        arguments += ["--"] + points.map { String(format: "%.7f,%.7f", $0.lon, $0.lat) }
        let (status, stdout, stderr) = try run(python, arguments)
        if status == 1 { return nil }
        guard status == 0 else { throw Failure(status: status, message: stderr) }
        return try parse(stdout)
    }

    /// Runs `executable` with `arguments`; exit status, stdout and stderr.
    static func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, Data, String) {
        let (status, stdout, stderr) = try TestData.runProcess(executable, arguments)
        return (status, stdout, String(decoding: stderr, as: UTF8.self))
    }

    /// The script's JSON answer.
    static func parse(_ data: Data) throws -> Route {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let lengthM = root["lengthM"] as? Double, let legs = root["legs"] as? [[String: Any]],
              let coords = root["coords"] as? [[Double]], let snaps = root["snaps"] as? [[String: Any]]
        else { throw Failure(status: 0, message: "unexpected output: \(String(decoding: data, as: UTF8.self).prefix(200))") }
        return Route(lengthM: lengthM, legLengthsM: legs.compactMap { $0["lengthM"] as? Double },
                     coords: coords.map { LonLat($0[0], $0[1]) },
                     snapDistancesM: snaps.compactMap { $0["distanceM"] as? Double })
    }
}
