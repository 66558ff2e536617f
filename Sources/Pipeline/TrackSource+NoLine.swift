import Bindings
import Foundation

extension TrackSource {
    /// Why `features` of `file` give no line to follow, in the author's terms: a feature of
    /// another geometry ("feature 2 is a Polygon; a track must be a line ..."), a track or route
    /// of fewer than two points ("one point: a track needs at least two"), else only points
    /// (GPX waypoints, point features) or nothing at all. Feature numbers count from 0 per layer,
    /// as `track.select` does.
    static func noLineMessage(file: String, features: [VectorFeature]) -> String {
        for f in features {
            if case .unsupported(let type) = f.geometry {
                return "\(file): \(partLabel(f, part: 0, of: 1)) is a \(type); a track must be a line (LineString/MultiLineString, a GPX trk or rte)"
            }
        }
        if let f = features.first(where: { !$0.geometry.lines.isEmpty }) {
            let count = f.geometry.lines.reduce(0) { $0 + $1.count }
            let has = count == 1 ? "one point" : "no points"
            return "\(file): \(partLabel(f, part: 0, of: 1)) has \(has): a track needs at least two"
        }
        let points = features.count
        guard points > 0 else { return "\(file) has no track or route (no features at all)" }
        let gpx = features.contains { $0.layer == "waypoints" }
        let what = gpx ? "waypoint" : "point feature"
        return "\(file) has no track or route, only \(points) \(what)\(points == 1 ? "" : "s"); a track must be a line (LineString/MultiLineString, a GPX trk or rte)"
    }
}
