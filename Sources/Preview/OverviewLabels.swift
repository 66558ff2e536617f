import Drawing
import Foundation
import PackReader
import TrailpackCore

/// The overview's point labels under a `LabelBudget`: every candidate (waypoint names, POI names
/// with their elevation, landmark labels) offered in the budget's order to the `LabelLayout`
/// until the budget is spent.
enum OverviewLabels {
    /// One candidate label.
    struct Candidate {
        var offer: LabelBudget.Offer
        var text: String
        var anchor: PixelPoint
        var gapPx: Double
        var sizePx: Double
        var bold: Bool
        /// The index of the POI or landmark marker it labels (`OverviewMarkers.all`), nil for a waypoint's.
        var marker: Int?
    }

    /// What `place` did: the boxes of the waypoint names placed (they sit above the routes) and
    /// the texts left out because the budget was spent.
    struct Outcome {
        var waypointBoxes: [PixelRect] = []
        var overBudget: [String] = []
        /// The markers (`OverviewMarkers.all` indices) whose label was placed: the ones drawn.
        var labelledMarkers: Set<Int> = []
    }

    /// Places the candidates of `pack` in the budget's order; at most `budget.maxLabels` are placed.
    static func place(_ pack: RegionPack, landmarks: [[PackLandmark]], frame: MercatorFrame, budget: LabelBudget,
                      labels: inout MapDecorations.LabelPlacer, on canvas: Canvas) -> Outcome {
        let all = candidates(pack, landmarks: landmarks, frame: frame)
        var outcome = Outcome(), placedCount = 0
        for k in LabelBudget.order(all.map(\.offer)) {
            let c = all[k]
            guard placedCount < budget.maxLabels else {
                outcome.overBudget.append(c.text)
                continue
            }
            guard let box = labels.place(c.text, near: c.anchor, gapPx: c.gapPx, sizePx: c.sizePx, bold: c.bold, on: canvas) else { continue }
            placedCount += 1
            if let m = c.marker { outcome.labelledMarkers.insert(m) }
            if c.offer.priority == .routeWaypoint || c.offer.priority == .minorWaypoint { outcome.waypointBoxes.append(box) }
        }
        return outcome
    }

    /// Every candidate: start, end, summit and poi waypoint names (unless a POI of the same name
    /// within 40 px says it), junction and turn names, POI names with their elevation
    /// (`MetresFormat`), and the landmarks' labels (`LandmarkOverlay.label`).
    static func candidates(_ pack: RegionPack, landmarks: [[PackLandmark]], frame: MercatorFrame) -> [Candidate] {
        var out: [Candidate] = []
        var markers = 0
        func add(_ offer: (Int) -> LabelBudget.Offer, _ text: String, _ anchor: PixelPoint, gapPx: Double, sizePx: Double, bold: Bool = false,
                 marked: Bool = false) {
            let marker = marked ? markers : nil
            if marked { markers += 1 }
            guard !text.isEmpty else { return }
            out.append(Candidate(offer: offer(out.count), text: text, anchor: anchor, gapPx: gapPx, sizePx: sizePx, bold: bold, marker: marker))
        }
        for route in pack.routes {
            for w in route.waypoints where route.coords.indices.contains(w.i) {
                guard let name = w.name, !name.isEmpty else { continue }
                let p = frame.point(route.coords[w.i])
                if pack.pois.contains(where: { $0.name == name && frame.point($0.location).distancePx(to: p) < 40 }) { continue }
                let minor = w.kind == .junction || w.kind == .turn
                add({ LabelBudget.Offer(priority: minor ? .minorWaypoint : .routeWaypoint, order: $0) }, name, p, gapPx: 14, sizePx: 18, bold: true)
            }
        }
        for poi in pack.pois {
            let text = poi.eleM.map { MetresFormat.labelled(poi.name, eleM: $0) } ?? poi.name
            add({ LabelBudget.Offer(priority: .poi, rank: LabelBudget.poiKindRank(poi.kind), eleM: poi.eleM ?? 0, order: $0) },
                text, frame.point(poi.location), gapPx: 9, sizePx: 15, marked: true)
        }
        for e in LandmarkOverlay.entries(routes: pack.routes, landmarks: landmarks) {
            let unnamed = e.landmark.name.hasPrefix("Summit ") && e.landmark.kind == "summit"
            add({ LabelBudget.Offer(priority: .landmark, rank: unnamed ? 1 : 0, eleM: e.landmark.ele, order: $0) },
                LandmarkOverlay.label(e), frame.point(e.landmark.location), gapPx: 12, sizePx: 14, marked: true)
        }
        return out
    }
}
