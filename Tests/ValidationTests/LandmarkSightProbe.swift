import Foundation
import Landmarks
import PackJSON
import TrailpackCore

/// One route of a pack copy read back from its files (coords, terrain.bin, its AR patch), for
/// the real clearances the landmark tests corrupt with and measure.
struct LandmarkSightProbe {
    let coords: [LonLat]
    let elevationsM: [Double]
    let terrain: TerrainGrid
    let sight: LineOfSight
    /// The route file as parsed.
    let route: JSONValue

    init(_ e: PackEditor, routeId: String) throws {
        route = try e.json("routes/\(routeId).json")
        guard case .array(let rows) = route["coords"] ?? .null else { throw ProbeError.noCoords }
        coords = rows.map { LonLat($0[0]!.double, $0[1]!.double) }
        elevationsM = rows.map { $0[2]!.double }
        terrain = try TER1.decode(try e.bytes("terrain.bin"))
        let ar = try TER1.decode(try e.bytes("ar/\(routeId).bin"))
        sight = LineOfSight(region: TerrainSurface(terrain), patch: TerrainSurface(ar))
    }

    enum ProbeError: Error { case noCoords }

    /// The route's `landmarks` entries (empty when the key is absent).
    var landmarks: [JSONValue] {
        if case .array(let entries) = route["landmarks"] ?? .null { return entries }
        return []
    }

    /// The string in `value`, if it is one.
    static func string(_ value: JSONValue?) -> String? {
        if case .string(let s) = value ?? .null { return s }
        return nil
    }

    /// A landmark entry's top: point and `ele`.
    static func top(_ entry: JSONValue) -> (p: LonLat, eleM: Double) {
        (LonLat(entry["lon"]!.double, entry["lat"]!.double), entry["ele"]!.double)
    }

    /// A landmark entry's visible ranges.
    static func ranges(_ entry: JSONValue) -> [ClosedRange<Int>] {
        guard case .array(let pairs) = entry["visible"] ?? .null else { return [] }
        return pairs.map { Int($0[0]!.double)...Int($0[1]!.double) }
    }

    /// The exact clearance in metres of the sightline from vertex `i` to the top `p`, `eleM`.
    func clearanceM(_ i: Int, to p: LonLat, eleM: Double) -> Double {
        sight.clearanceM(from: coords[i], eyeM: elevationsM[i] + SightConstants.eyeHeightM, to: p, targetEleM: eleM)
    }

    /// Clearances from every vertex (all cores), metres.
    func clearancesM(to p: LonLat, eleM: Double) -> [Double] {
        let out = UnsafeMutableBufferPointer<Double>.allocate(capacity: coords.count)
        defer { out.deallocate() }
        nonisolated(unsafe) let slots = out
        DispatchQueue.concurrentPerform(iterations: coords.count) { i in slots[i] = clearanceM(i, to: p, eleM: eleM) }
        return Array(out)
    }

    /// The smallest geodesic distance from a vertex of `ranges` to `p`, one decimal.
    func nearestM(_ ranges: [ClosedRange<Int>], to p: LonLat) -> Double {
        let best = ranges.flatMap { Array($0) }.map { Geodesic.distanceM(coords[$0], p) }.min()!
        return (best * 10).rounded() / 10
    }
}
