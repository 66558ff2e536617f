import PackJSON
import TrailpackCore

/// One entry of a route file's `landmarks` (SPEC routes section).
public struct PackLandmark: Sendable, Equatable {
    public var name: String
    public var kind: String
    public var lon: Double
    public var lat: Double
    public var ele: Double
    public var nearestM: Double
    /// Inclusive index ranges into the route's coords, `[from, to]`.
    public var visible: [[Int]]

    public init(name: String, kind: String, lon: Double, lat: Double, ele: Double, nearestM: Double, visible: [[Int]]) {
        self.name = name; self.kind = kind; self.lon = lon; self.lat = lat; self.ele = ele; self.nearestM = nearestM; self.visible = visible
    }

    public var location: LonLat { LonLat(lon, lat) }

    /// True when vertex `i` sees the landmark.
    public func isVisible(from i: Int) -> Bool { visible.contains { $0.count == 2 && $0[0] <= i && i <= $0[1] } }

    /// How many vertices see it.
    public var visibleVertexCount: Int { visible.reduce(0) { $0 + ($1.count == 2 ? max(0, $1[1] - $1[0] + 1) : 0) } }

    /// The `landmarks` of a route document (none when the key is absent).
    /// - Throws: `PackReadError.malformed` (the file, key path and line) when the key is not a SPEC list.
    public static func read(_ doc: PackDocument) throws(PackReadError) -> [PackLandmark] {
        let path = doc.path
        var out: [PackLandmark] = []
        for node in RouteView(doc.root).landmarks {
            var visible: [[Int]] = []
            for range in try node.requiredArray("visible", in: path) {
                let ends = range.children.compactMap(\.intValue)
                guard ends.count == 2, range.children.count == 2 else { throw PackReadError.at(range, in: path, "expected [from, to]") }
                visible.append(ends)
            }
            out.append(PackLandmark(name: try node.requiredString("name", in: path), kind: try node.requiredString("kind", in: path),
                                    lon: try node.requiredDouble("lon", in: path), lat: try node.requiredDouble("lat", in: path),
                                    ele: try node.requiredDouble("ele", in: path), nearestM: try node.requiredDouble("nearestM", in: path),
                                    visible: visible))
        }
        return out
    }
}
