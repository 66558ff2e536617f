import Foundation
import TrailpackCore

/// A seeded, synthetic OpenStreetMap-like trail network for tests and benchmarks: a jittered grid
/// of wiggly trails (sinusoidal meanders plus small noise, vertices every 15-40 m) over real
/// mountain terrain inside the SRTM tile `data/white-mountains/N44W072.hgt`.
///
/// Trails meet at shared vertices where grid lines cross (the same coordinate in both ways), except
/// at bridges, where the upper way (a short `bridge=yes`, `layer=1` way) crosses the lower one with
/// no shared vertex. Ways are split at some crossings, as OSM ways are; a few pieces are cut out of
/// the middle to leave dead ends, and every line ends in a stub. Tags vary by seed: `highway`
/// (path, footway, track, steps), `name` (most), `sac_scale`, `oneway:foot=yes` (binds hikers),
/// `oneway=yes` alone (binds cyclists only), ways closed to hikers (`foot=no`, `access=private`,
/// `access=no`) and ways open to hikers despite `access=private` (`foot=yes`).
///
/// The same seed and options give the same ways, byte-identical `geoJSON()` and `osmXML()`.
/// Coordinates are rounded to 7 decimals when generated, so the written files hold exactly `ways`.
public struct SyntheticTrailNetwork: Sendable {
    /// One OSM way: lon/lat vertices in order and its tags.
    public struct Way: Sendable, Equatable {
        /// Vertices, WGS84 lon/lat degrees rounded to 7 decimals.
        public var coords: [LonLat]
        /// OSM tags, every value a string.
        public var properties: [String: String]
        /// The grid line the way belongs to: `0..<n` run south to north (west to east by index),
        /// `n..<2n` run west to east (south to north by index), with `n = linesPerAxis`.
        public var lineIndex: Int

        public init(coords: [LonLat], properties: [String: String], lineIndex: Int) {
            self.coords = coords
            self.properties = properties
            self.lineIndex = lineIndex
        }
    }

    /// A crossing where one way passes over another with no shared vertex.
    public struct Bridge: Sendable, Equatable {
        /// Index in `ways` of the `bridge=yes`, `layer=1` way.
        public var upperWay: Int
        /// Index in `ways` of the way underneath.
        public var lowerWay: Int
        /// The grid crossing: a vertex of the lower way only.
        public var crossing: LonLat
    }

    /// Shape and tag mix of a network. Shares are probabilities per way, line or crossing.
    public struct Options: Sendable {
        /// Centre of the grid, lon/lat degrees.
        public var centre: LonLat
        /// Grid lines in each direction (north-south and west-east).
        public var linesPerAxis: Int
        /// Distance between neighbouring parallel lines, metres.
        public var spacingM: Double
        /// Largest shift of a grid crossing from its regular place, metres (each axis).
        public var crossingJitterM: Double
        /// Largest sideways meander of a trail between two crossings, metres.
        public var meanderM: Double
        /// Share of crossings that are bridges (no shared vertex).
        public var bridgeShare: Double
        /// Share of crossings where a way ends and the next begins.
        public var splitShare: Double
        /// Share of pieces between crossings with their middle cut out (two dead ends).
        public var gapShare: Double
        /// Shares of ways tagged `oneway:foot=yes`, `oneway=yes` alone, `highway=steps`.
        public var onewayFootShare: Double, onewayCyclistShare: Double, stepsShare: Double
        /// Shares of ways closed to hikers and of `access=private` ways open to them (`foot=yes`).
        public var closedShare: Double, privateFootYesShare: Double
        /// Shares of unnamed lines and of unnamed single ways on named lines.
        public var unnamedLineShare: Double, unnamedWayShare: Double

        public init(centre: LonLat = LonLat(-71.45, 44.55), linesPerAxis: Int = 25, spacingM: Double = 500,
                    crossingJitterM: Double = 50, meanderM: Double = 40, bridgeShare: Double = 0.04,
                    splitShare: Double = 0.35, gapShare: Double = 0.02, onewayFootShare: Double = 0.05,
                    onewayCyclistShare: Double = 0.05, stepsShare: Double = 0.03, closedShare: Double = 0.06,
                    privateFootYesShare: Double = 0.04, unnamedLineShare: Double = 0.12,
                    unnamedWayShare: Double = 0.05) {
            self.centre = centre
            self.linesPerAxis = linesPerAxis
            self.spacingM = spacingM
            self.crossingJitterM = crossingJitterM
            self.meanderM = meanderM
            self.bridgeShare = bridgeShare
            self.splitShare = splitShare
            self.gapShare = gapShare
            self.onewayFootShare = onewayFootShare
            self.onewayCyclistShare = onewayCyclistShare
            self.stepsShare = stepsShare
            self.closedShare = closedShare
            self.privateFootYesShare = privateFootYesShare
            self.unnamedLineShare = unnamedLineShare
            self.unnamedWayShare = unnamedWayShare
        }
    }

    /// The ways, in a deterministic order (line by line, along each line).
    public var ways: [Way]
    /// Every bridge crossing, in the order the upper ways appear.
    public var bridges: [Bridge]
    /// The options the network was made with.
    public var options: Options

    /// A network from `seed`; the defaults give about 600 km of trails over 13 x 13 km.
    public static func make(seed: UInt64, options: Options = Options()) -> SyntheticTrailNetwork {
        var builder = SyntheticGridBuilder(seed: seed, options: options)
        return builder.build()
    }

    /// Total geodesic (WGS84) length of every way, metres.
    public var totalLengthM: Double {
        ways.reduce(0) { $0 + Geodesic.lengthM($1.coords) }
    }
}

// MARK: - Ground truth

extension SyntheticTrailNetwork {
    /// Indices in `ways` of the ways whose properties pass `predicate`, ascending.
    public func wayIndices(where predicate: (Way) -> Bool) -> [Int] {
        ways.indices.filter { predicate(ways[$0]) }
    }

    /// True when OSM tags close a way to hikers, by the routing contract: `foot` = no/private, or
    /// `access` = no/private without `foot` = yes/designated/permissive.
    public static func isClosedToHikers(_ tags: [String: String]) -> Bool {
        if let foot = tags["foot"] {
            if foot == "no" || foot == "private" { return true }
            if ["yes", "designated", "permissive"].contains(foot) { return false }
        }
        return tags["access"] == "no" || tags["access"] == "private"
    }

    /// Ways a hiker may walk only in vertex order (`oneway:foot=yes`).
    public var onewayFootWayIndices: [Int] { wayIndices { $0.properties["oneway:foot"] == "yes" } }
    /// Ways with `oneway=yes` and no `oneway:foot`: one-way for cyclists, two-way for hikers.
    public var onewayCyclistOnlyWayIndices: [Int] {
        wayIndices { $0.properties["oneway"] == "yes" && $0.properties["oneway:foot"] == nil }
    }
    /// Ways closed to hikers (`isClosedToHikers`).
    public var closedWayIndices: [Int] { wayIndices { Self.isClosedToHikers($0.properties) } }
    /// Ways tagged `access=private` that stay open to hikers (`foot=yes`).
    public var privateFootYesWayIndices: [Int] {
        wayIndices { $0.properties["access"] == "private" && $0.properties["foot"] == "yes" }
    }
    /// `bridge=yes` ways.
    public var bridgeWayIndices: [Int] { wayIndices { $0.properties["bridge"] == "yes" } }
    /// `highway=steps` ways.
    public var stepsWayIndices: [Int] { wayIndices { $0.properties["highway"] == "steps" } }
    /// Ways with a `sac_scale`.
    public var sacScaleWayIndices: [Int] { wayIndices { $0.properties["sac_scale"] != nil } }
    /// Ways with no `name`.
    public var unnamedWayIndices: [Int] { wayIndices { $0.properties["name"] == nil } }

    /// Every vertex coordinate with the ways that hold it (each way once), ways ascending.
    public func waysByVertex() -> [LonLat: [Int]] {
        var out: [LonLat: [Int]] = [:]
        for (w, way) in ways.enumerated() {
            for p in Set(way.coords) { out[p, default: []].append(w) }
        }
        return out
    }

    /// Vertices where ways of two different grid lines meet (trail junctions), sorted by lon, lat.
    public func junctions() -> [LonLat] {
        waysByVertex().filter { Set($0.value.map { ways[$0].lineIndex }).count > 1 }.keys
            .sorted { ($0.lon, $0.lat) < ($1.lon, $1.lat) }
    }

    /// Way ends held by no other way: the network's dead ends, sorted by lon, lat.
    public func deadEnds() -> [LonLat] {
        let usage = waysByVertex()
        var endCount: [LonLat: Int] = [:]
        for way in ways { for end in [way.coords.first!, way.coords.last!] { endCount[end, default: 0] += 1 } }
        return endCount.filter { $0.value == 1 && usage[$0.key]?.count == 1 }.keys
            .sorted { ($0.lon, $0.lat) < ($1.lon, $1.lat) }
    }

    /// The bounding box of every vertex.
    public var bbox: BBox {
        let all = ways.flatMap(\.coords)
        return BBox(west: all.map(\.lon).min()!, south: all.map(\.lat).min()!,
                    east: all.map(\.lon).max()!, north: all.map(\.lat).max()!)
    }
}
