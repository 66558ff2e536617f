import Foundation

/// How many point labels a map carries, and which first, so that a big region reads like a
/// map and not like a list.
///
/// A map carries at most one point label per `areaPerLabelPx` of its area (a square about
/// 245 px on a side), and never fewer than `minimumLabels`. Contour elevations along their lines
/// are not point labels and not counted. Labels are offered in `Priority` order (waypoint names
/// at the route's start, end, summits and POIs; POIs by `poiKindRank`, higher first; the
/// landmarks routes see, named ones before "Summit 1,181 m" ones, higher first; then junction
/// and turn names); once the budget is spent the rest are left out and listed.
public struct LabelBudget: Sendable, Equatable {
    /// Map area per point label, square pixels.
    public static let areaPerLabelPx = 60_000.0
    /// The least budget of any map, labels.
    public static let minimumLabels = 12

    /// Labels this map may carry.
    public let maxLabels: Int

    /// The budget of a map `widthPx` x `heightPx`.
    public init(widthPx: Double, heightPx: Double) {
        maxLabels = max(Self.minimumLabels, Int(widthPx * heightPx / Self.areaPerLabelPx))
    }

    /// Label classes in the order they are offered.
    public enum Priority: Int, Comparable, Sendable {
        case routeWaypoint = 0, poi, landmark, minorWaypoint
        public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    /// A POI kind's rank (lower first): summits and peaks, then water and views, huts and
    /// shelters, then access points; any other kind after those.
    public static func poiKindRank(_ kind: String) -> Int {
        switch kind.lowercased() {
        case "summit", "peak", "volcano": 0
        case "pond", "lake", "water", "spring", "waterfall", "viewpoint", "saddle", "pass": 1
        case "hut", "shelter", "alpine_hut", "wilderness_hut", "campsite", "cabin": 2
        case "trailhead", "parking", "car-park", "car_park", "station", "bus-stop", "bus_stop": 4
        default: 3
        }
    }

    /// One label offered to the map: its class, a rank inside the class (lower first), its
    /// elevation (higher first among equal ranks), and its place in the input (ties).
    public struct Offer: Sendable, Equatable {
        public var priority: Priority
        public var rank: Int
        public var eleM: Double
        public var order: Int

        public init(priority: Priority, rank: Int = 0, eleM: Double = 0, order: Int) {
            self.priority = priority
            self.rank = rank
            self.eleM = eleM
            self.order = order
        }

        /// True when `self` is offered before `other`.
        public func precedes(_ other: Offer) -> Bool {
            (priority.rawValue, rank, -eleM, order) < (other.priority.rawValue, other.rank, -other.eleM, other.order)
        }
    }

    /// The indices of `offers` in the order they are offered.
    public static func order(_ offers: [Offer]) -> [Int] {
        offers.indices.sorted { offers[$0].precedes(offers[$1]) }
    }
}
