import PackJSON
import PackReader
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

    /// Reads a route document through PackReader's `RouteLine`, adding its stats and AR patch.
    /// - Throws: `PreviewError.malformed` (naming the file, key path and line) for a document
    ///   that is not a SPEC route.
    public static func decode(_ doc: PackDocument) throws(PreviewError) -> PackRoute {
        do { return try read(doc) } catch { throw PreviewError(error) }
    }

    private static func read(_ doc: PackDocument) throws(PackReadError) -> PackRoute {
        let line = try RouteLine.read(doc)
        let root = doc.root, path = doc.path
        return PackRoute(id: line.id, name: line.name, blurb: line.blurb, coords: line.coords, elevationsM: line.elevationsM,
                         cumulativeM: line.cumulativeM, waypoints: line.waypoints,
                         stats: try PackRouteStats(try root.required("stats", in: path), in: path),
                         arPatch: try PackFileEntry(try root.required("arPatch", in: path), in: path))
    }
}

extension PreviewError {
    /// A pack-reading error as a preview error (same file, same place).
    init(_ error: PackReadError) {
        switch error {
        case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
        case .syntax(let path, let e): self = .malformed(path: path, reason: "line \(e.line), column \(e.column): \(e.message)")
        case .malformed(let path, let at, let line, _, let reason):
            self = .malformed(path: path, reason: "\(at)\(line.map { " (line \($0))" } ?? ""): \(reason)")
        }
    }
}
