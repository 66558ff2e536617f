import PackJSON
import TrailpackCore

/// What a `routes/<routeId>.json` file says about the line a hiker walks (SPEC routes section):
/// its vertices, elevations, distances along, waypoints and landmarks. Read here, below the
/// preview and the navigation engine, so both read a route file one way.
public struct RouteLine: Sendable, Equatable {
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
    /// The optional `landmarks` (files that predate the key give an empty list).
    public var landmarks: [PackLandmark]

    /// Reads a route document through `RouteView`.
    /// - Throws: `PackReadError.malformed` (the file, key path and line) for a document whose
    ///   `id`, `name`, `coords`, `cum`, `waypoints` or `landmarks` are not the SPEC's.
    public static func read(_ doc: PackDocument) throws(PackReadError) -> RouteLine {
        let root = doc.root, path = doc.path
        let view = RouteView(root)
        guard let coords = view.coords else {
            throw PackReadError.at(try root.required("coords", in: path), in: path, "expected [lon, lat, ele] vertices of finite numbers")
        }
        guard let cum = view.cum else { throw PackReadError.at(try root.required("cum", in: path), in: path, "expected numbers") }
        guard cum.count == coords.count else {
            throw PackReadError.at(try root.required("cum", in: path), in: path, "cum has \(cum.count) entries for \(coords.count) coords")
        }
        return RouteLine(id: try root.requiredString("id", in: path), name: try root.requiredString("name", in: path),
                         blurb: view.blurb ?? "", coords: coords.map(\.p), elevationsM: coords.map(\.eleM), cumulativeM: cum,
                         waypoints: try waypoints(doc, vertexCount: coords.count), landmarks: try PackLandmark.read(doc))
    }

    private static func waypoints(_ doc: PackDocument, vertexCount: Int) throws(PackReadError) -> [Waypoint] {
        let path = doc.path
        var out: [Waypoint] = []
        for w in try doc.root.requiredArray("waypoints", in: path) {
            let i = try w.requiredInt("i", in: path)
            let kindText = try w.requiredString("kind", in: path)
            guard let kind = WaypointKind(rawValue: kindText) else { throw PackReadError.at(w, in: path, "unknown waypoint kind \"\(kindText)\"") }
            guard (0..<vertexCount).contains(i) else { throw PackReadError.at(w, in: path, "waypoint index \(i) is outside coords") }
            out.append(Waypoint(i: i, kind: kind, name: w["name"]?.stringValue, instruction: try w.requiredString("instruction", in: path),
                                dir: w["dir"]?.stringValue.flatMap(TurnDirection.init(rawValue:))))
        }
        return out
    }
}
