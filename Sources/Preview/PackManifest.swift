import Foundation
import TrailpackCore

/// A region's `manifest.json` as the SPEC defines it, read back for previews.
public struct PackManifest: Decodable, Sendable, Equatable {
    public var formatVersion: Int
    public var id: String
    public var name: String
    /// `[west, south, east, north]`, degrees.
    public var bbox: [Double]
    public var attribution: [String]
    public var generator: String
    public var files: Files
    public var routes: [Route]

    /// The `files` object: one entry per region-wide file.
    public struct Files: Decodable, Sendable, Equatable {
        public var terrain: PackFileEntry
        public var hillshade: PackFileEntry
        public var contours: PackFileEntry
        public var trails: PackFileEntry
        public var pois: PackFileEntry
    }

    /// One entry of the manifest's `routes`.
    public struct Route: Decodable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var file: PackFileEntry
        public var stats: PackRouteStats
        public var arPatch: PackFileEntry
    }

    /// The region's bbox as a `BBox`.
    /// - Throws: `PreviewError.malformed` when `bbox` does not hold four numbers.
    public func regionBBox() throws(PreviewError) -> BBox {
        guard bbox.count == 4 else { throw .malformed(path: "manifest.json", reason: "bbox has \(bbox.count) numbers, expected 4") }
        return BBox(west: bbox[0], south: bbox[1], east: bbox[2], north: bbox[3])
    }

    /// Every file entry with the label it is shown under: region files, then route files and AR patches.
    public var allFiles: [(label: String, entry: PackFileEntry)] {
        var out: [(String, PackFileEntry)] = [("terrain", files.terrain), ("hillshade", files.hillshade),
                                              ("contours", files.contours), ("trails", files.trails), ("pois", files.pois)]
        for r in routes {
            out.append(("route \(r.id)", r.file))
            out.append(("AR patch \(r.id)", r.arPatch))
        }
        return out
    }
}

/// A file entry of a manifest or route file: path (relative to the region folder), size, digest
/// and, for rasters and grids, their bounds and size.
public struct PackFileEntry: Decodable, Sendable, Equatable {
    public var path: String
    public var bytes: Int
    public var sha256: String
    /// `[west, south, east, north]` degrees: sample bounds for TER1, outer pixel edges for PNG.
    public var bounds: [Double]?
    public var width: Int?
    public var height: Int?
    public var resolutionM: Double?
    public var intervalM: Double?

    /// `bounds` as a `BBox`, nil when absent or not four numbers.
    public var boundsBox: BBox? {
        guard let b = bounds, b.count == 4 else { return nil }
        return BBox(west: b[0], south: b[1], east: b[2], north: b[3])
    }
}

/// A route's SPEC `stats`.
public struct PackRouteStats: Decodable, Sendable, Equatable {
    public var distanceM: Double
    public var ascentM: Double
    public var descentM: Double
    public var minEleM: Double
    public var maxEleM: Double
    public var durationS: Int

    public var routeStats: RouteStats {
        RouteStats(distanceM: distanceM, ascentM: ascentM, descentM: descentM, minEleM: minEleM, maxEleM: maxEleM, durationS: durationS)
    }
}
