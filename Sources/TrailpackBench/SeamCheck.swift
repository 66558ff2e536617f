import Bindings
import Foundation
import VectorTiles

/// How well neighbouring tiles' contours meet: where a line crosses the edge two tiles share,
/// each tile has its own crossing (both draw the line into their buffer); the gap is the
/// distance along the edge, in tile units (1/4096 of the side), from a crossing in one tile to
/// the nearest crossing of the same level in the other. Both directions of every pair of
/// neighbours (east and south) are pooled. Lines clipped from one traced line (design B) cross
/// at the same point; lines traced apart (design A) may not.
struct SeamCheck {
    /// Pairs of neighbouring tiles that both hold contours.
    var edges = 0
    /// Crossings of a shared edge, both tiles counted.
    var crossings = 0
    /// Crossings with no crossing of the same level in the neighbour.
    var unmatched = 0
    /// Gap of every matched crossing, tile units.
    var gapsUnits: [Double] = []

    /// One decoded line part of a tile: its level and points in the tile's units.
    struct Line {
        let eleM: Double
        let points: [TilePoint]
    }

    /// The seams between the tiles `gzippedTiles` (one zoom, gzip-compressed MVT).
    /// - Throws: `GzipError` or `MVTDecodeError` when a tile does not read back.
    static func measure(gzippedTiles: [(id: TileID, bytes: [UInt8])]) throws -> SeamCheck {
        var lines: [TileID: [Line]] = [:]
        for tile in gzippedTiles { lines[tile.id] = try contourLines(gzipped: tile.bytes).lines }
        let extent = Double(TileDesigns.extentUnits)
        var check = SeamCheck()
        for (id, here) in lines {
            if let east = lines[TileID(z: id.z, x: id.x + 1, y: id.y)] {
                check.add(crossings(here, acrossX: true, at: extent), crossings(east, acrossX: true, at: 0))
            }
            if let south = lines[TileID(z: id.z, x: id.x, y: id.y + 1)] {
                check.add(crossings(here, acrossX: false, at: extent), crossings(south, acrossX: false, at: 0))
            }
        }
        return check
    }

    /// Adds one shared edge: the crossings each tile has there, as (level, position along the edge).
    mutating func add(_ a: [(eleM: Double, along: Double)], _ b: [(eleM: Double, along: Double)]) {
        edges += 1
        crossings += a.count + b.count
        for (from, to) in [(a, b), (b, a)] {
            let byLevel = Dictionary(grouping: to, by: { $0.eleM })
            for crossing in from {
                guard let candidates = byLevel[crossing.eleM] else {
                    unmatched += 1
                    continue
                }
                gapsUnits.append(candidates.map { abs($0.along - crossing.along) }.min()!)
            }
        }
    }

    /// Where `lines` cross the line x = `edge` (`acrossX`) or y = `edge`, within the tile's side:
    /// each crossing's level and its other coordinate (interpolated), tile units. A segment
    /// crosses when its ends lie on different sides (one exactly on the edge counts as east or south).
    static func crossings(_ lines: [Line], acrossX: Bool, at edge: Double) -> [(eleM: Double, along: Double)] {
        var out: [(eleM: Double, along: Double)] = []
        let side = Double(TileDesigns.extentUnits)
        for line in lines {
            for (p, q) in zip(line.points, line.points.dropFirst()) {
                let (pa, qa) = acrossX ? (Double(p.x), Double(q.x)) : (Double(p.y), Double(q.y))
                let (pb, qb) = acrossX ? (Double(p.y), Double(q.y)) : (Double(p.x), Double(q.x))
                guard (pa < edge) != (qa < edge) else { continue }
                let along = pb + (edge - pa) / (qa - pa) * (qb - pb)
                if along >= 0 && along <= side { out.append((line.eleM, along)) }
            }
        }
        return out
    }

    /// The `contours` layer of a gzip-compressed tile: its line parts with their levels, and
    /// its feature count.
    /// - Throws: `GzipError` or `MVTDecodeError` when the tile does not read back.
    static func contourLines(gzipped: [UInt8]) throws -> (lines: [Line], features: Int) {
        let raw = try Gzip.decompress(gzipped, maxBytes: 64 << 20)
        guard let layer = try MVTDecoder.decode(raw).first(where: { $0.name == "contours" }) else { return ([], 0) }
        var lines: [Line] = []
        for feature in layer.features {
            let eleM: Double
            switch feature.property("ele") {
            case .int(let v)?: eleM = Double(v)
            case .double(let v)?: eleM = v
            default: continue
            }
            lines += feature.geometry.map { Line(eleM: eleM, points: $0) }
        }
        return (lines, layer.features.count)
    }

    /// The check as a JSON object: counts, and the gaps' median, 95th percentile and maximum
    /// (tile units) and the share of matched crossings within one unit.
    var json: String {
        let sorted = gapsUnits.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
        }
        let within = sorted.isEmpty ? Double.nan : Double(sorted.filter { $0 <= 1 }.count) / Double(sorted.count)
        return JSONText.object([
            ("edges", JSONText.number(edges)), ("crossings", JSONText.number(crossings)), ("unmatched", JSONText.number(unmatched)),
            ("medianGapUnits", JSONText.number(percentile(0.5))), ("p95GapUnits", JSONText.number(percentile(0.95))),
            ("maxGapUnits", JSONText.number(sorted.last ?? .nan)), ("shareWithin1Unit", JSONText.number(within)),
        ])
    }
}
