import Foundation
import TrailpackCore

/// A `routes/<routeId>.json` file read back: vertices, cumulative distances, waypoints, stats.
public struct PackRoute: Sendable, Equatable {
    public var id: String
    public var name: String
    public var blurb: String
    /// Route vertices, lon/lat degrees.
    public var coords: [LonLat]
    /// Elevation of each vertex, metres.
    public var elevationsM: [Double]
    /// Distance from the start to each vertex along the route, metres.
    public var cumulativeM: [Double]
    public var waypoints: [Waypoint]
    public var stats: PackRouteStats
    public var arPatch: PackFileEntry

    private struct Raw: Decodable {
        var id: String
        var name: String
        var blurb: String?
        var coords: [[Double]]
        var cum: [Double]
        var waypoints: [RawWaypoint]
        var stats: PackRouteStats
        var arPatch: PackFileEntry
    }

    private struct RawWaypoint: Decodable {
        var i: Int
        var kind: String
        var name: String?
        var instruction: String
        var dir: String?
    }

    /// Decodes a route file's bytes.
    /// - Throws: `PreviewError.malformed` (labelled with `path`) for JSON that is not a SPEC route.
    public static func decode(_ data: Data, path: String) throws(PreviewError) -> PackRoute {
        let raw: Raw
        do { raw = try JSONDecoder().decode(Raw.self, from: data) } catch {
            throw .malformed(path: path, reason: String(describing: error))
        }
        guard raw.coords.allSatisfy({ $0.count >= 2 }) else { throw .malformed(path: path, reason: "a coordinate has fewer than 2 numbers") }
        guard raw.cum.count == raw.coords.count else {
            throw .malformed(path: path, reason: "cum has \(raw.cum.count) entries for \(raw.coords.count) coords")
        }
        var waypoints: [Waypoint] = []
        for w in raw.waypoints {
            guard let kind = WaypointKind(rawValue: w.kind) else { throw .malformed(path: path, reason: "unknown waypoint kind \"\(w.kind)\"") }
            guard raw.coords.indices.contains(w.i) else { throw .malformed(path: path, reason: "waypoint index \(w.i) is outside coords") }
            waypoints.append(Waypoint(i: w.i, kind: kind, name: w.name, instruction: w.instruction, dir: w.dir.flatMap(TurnDirection.init(rawValue:))))
        }
        return PackRoute(id: raw.id, name: raw.name, blurb: raw.blurb ?? "",
                         coords: raw.coords.map { LonLat($0[0], $0[1]) },
                         elevationsM: raw.coords.map { $0.count > 2 ? $0[2] : 0 },
                         cumulativeM: raw.cum, waypoints: waypoints, stats: raw.stats, arPatch: raw.arPatch)
    }
}
