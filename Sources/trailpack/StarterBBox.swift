import Foundation
import TrailpackCore

/// The bbox of a starter recipe: always inside the DEM, so the first build finds it covered.
enum StarterBBox {
    /// Decimal places of the written bbox (4: about 10 m).
    static let scale = 1e4
    /// The margin around the given trails, routes and waypoints, metres (a recipe's default
    /// `bboxMarginM`).
    static let marginM = 1000.0

    /// `box` rounded inward to 4 decimals (never past it).
    static func inward(_ box: BBox) -> BBox {
        BBox(west: ceil(box.west * scale) / scale, south: ceil(box.south * scale) / scale,
             east: floor(box.east * scale) / scale, north: floor(box.north * scale) / scale)
    }

    /// `box` rounded outward to 4 decimals.
    static func outward(_ box: BBox) -> BBox {
        BBox(west: floor(box.west * scale) / scale, south: floor(box.south * scale) / scale,
             east: ceil(box.east * scale) / scale, north: ceil(box.north * scale) / scale)
    }

    /// The region: `content` (every trail, route and waypoint point) grown by `marginM` and
    /// rounded outward, clipped to the DEM's extent rounded inward; the whole DEM when there is no
    /// content. `clipped` is true when the grown content reached past the DEM. Nil when the
    /// content lies wholly outside the DEM (or the DEM is under 4 decimals wide).
    static func region(dem: BBox, content: [LonLat]) -> (box: BBox, clipped: Bool)? {
        let inside = inward(dem)
        guard inside.west < inside.east, inside.south < inside.north else { return nil }
        guard let around = BBox(covering: content) else { return (inside, false) }
        let wanted = outward(around.expanded(byMetres: marginM))
        let box = BBox(west: max(wanted.west, inside.west), south: max(wanted.south, inside.south),
                       east: min(wanted.east, inside.east), north: min(wanted.north, inside.north))
        guard box.west < box.east, box.south < box.north else { return nil }
        return (box, box != wanted)
    }
}
