import Drawing
import Foundation
import PackReader
import TrailpackCore

/// The overview's landmark layer: every landmark some route sees, as a dark red diamond at its
/// top, labelled with how much of each route sees it ("Mount Cabot: mount-cabot 0.3 %,
/// starr-king 4.2 %", the share of the route's vertices in its `visible` ranges).
enum LandmarkOverlay {
    static let markerColor = DrawingColor(red: 0.62, green: 0.08, blue: 0.12)

    /// One landmark and the share (0...1) of each route's vertices that see it, in route order.
    struct Entry {
        var landmark: PackLandmark
        var shares: [(routeID: String, share: Double)]
    }

    /// Landmarks of all routes merged by name and position, in first-seen order.
    static func entries(routes: [PackRoute], landmarks: [[PackLandmark]]) -> [Entry] {
        var out: [Entry] = []
        for (route, list) in zip(routes, landmarks) {
            for l in list {
                let share = Double(l.visibleVertexCount) / Double(max(1, route.coords.count))
                if let k = out.firstIndex(where: { $0.landmark.name == l.name && $0.landmark.lon == l.lon && $0.landmark.lat == l.lat }) {
                    out[k].shares.append((route.id, share))
                } else {
                    out.append(Entry(landmark: l, shares: [(route.id, share)]))
                }
            }
        }
        return out
    }

    static func label(_ e: Entry) -> String {
        e.landmark.name + ": " + e.shares.map { "\($0.routeID) " + String(format: $0.share < 0.1 ? "%.1f %%" : "%.0f %%", 100 * $0.share) }
            .joined(separator: ", ")
    }
}
