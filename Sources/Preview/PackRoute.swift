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

    /// Reads a route document through PackReader's `RouteView`.
    /// - Throws: `PreviewError.malformed` (naming the file, key path and line) for a document
    ///   that is not a SPEC route.
    public static func decode(_ doc: PackDocument) throws(PreviewError) -> PackRoute {
        do { return try read(doc) } catch { throw PreviewError(error) }
    }

    private static func read(_ doc: PackDocument) throws(PackReadError) -> PackRoute {
        let root = doc.root, path = doc.path
        let view = RouteView(root)
        guard let coords = view.coords else {
            throw PackReadError.at(try root.required("coords", in: path), in: path, "expected [lon, lat, ele] vertices of finite numbers")
        }
        guard let cum = view.cum else { throw PackReadError.at(try root.required("cum", in: path), in: path, "expected numbers") }
        guard cum.count == coords.count else {
            throw PackReadError.at(try root.required("cum", in: path), in: path, "cum has \(cum.count) entries for \(coords.count) coords")
        }
        var waypoints: [Waypoint] = []
        for w in try root.requiredArray("waypoints", in: path) {
            let i = try w.requiredInt("i", in: path)
            let kindText = try w.requiredString("kind", in: path)
            guard let kind = WaypointKind(rawValue: kindText) else { throw PackReadError.at(w, in: path, "unknown waypoint kind \"\(kindText)\"") }
            guard coords.indices.contains(i) else { throw PackReadError.at(w, in: path, "waypoint index \(i) is outside coords") }
            waypoints.append(Waypoint(i: i, kind: kind, name: w["name"]?.stringValue, instruction: try w.requiredString("instruction", in: path),
                                      dir: w["dir"]?.stringValue.flatMap(TurnDirection.init(rawValue:))))
        }
        return PackRoute(id: try root.requiredString("id", in: path), name: try root.requiredString("name", in: path),
                         blurb: view.blurb ?? "", coords: coords.map(\.p), elevationsM: coords.map(\.eleM), cumulativeM: cum,
                         waypoints: waypoints, stats: try PackRouteStats(try root.required("stats", in: path), in: path),
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
