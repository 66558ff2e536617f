import Foundation
import PackJSON
import PackReader
import TrailpackCore

/// The app teams' test vectors of a region (docs/NAVIGATION.md, "Test vectors").
public enum NavigationVectors {
    /// Seed of the first walk; each walk's seed follows.
    public static let firstSeed: UInt64 = 4301
    /// Length of the out-and-back route's way out, metres.
    public static let outAndBackM = 1500.0

    /// The vectors of a region folder as JSON bytes (keys sorted, numbers rounded: the same
    /// region gives the same bytes).
    /// - Throws: `NavigationError` naming the file that cannot be read.
    public static func make(folder: String, tuning: NavigationTuning = .standard) throws(NavigationError) -> [UInt8] {
        let disk = RegionFolder(url: URL(fileURLWithPath: folder))
        let manifest: ManifestView
        do { manifest = ManifestView(try disk.document("manifest.json").root) } catch { throw .pack("\(error)") }
        var routes = try manifest.routeIds.map { id throws(NavigationError) in try NavigationRegion(folder: folder, routeId: id).route }
        if let first = routes.first { routes.append(SyntheticWalk.outAndBack(first, lengthM: outAndBackM)) }
        var root = JSONObject()
        root["about"] = .string("trailpack navigation test vectors: see docs/NAVIGATION.md, Test vectors")
        root["format"] = 1
        root["region"] = .string(manifest.id ?? folder)
        root["tuning"] = tuningJSON(tuning)
        root["routes"] = .object(JSONObject(routes.map { ($0.id, routeJSON($0)) }))
        root["ter1"] = try TerrainVectors.cases(disk: disk, manifest: manifest)
        root["walks"] = .array(walkCases(routes, tuning: tuning))
        root["banners"] = .array(routes.flatMap { bannerCases($0, tuning: tuning) })
        root["eta"] = .array(routes.flatMap { etaCases($0, tuning: tuning) })
        do { return try JSONWriter(style: .compact).bytes(.object(root)) } catch { throw .pack("cannot write the vectors: \(error)") }
    }

    static func tuningJSON(_ t: NavigationTuning) -> JSONValue {
        .object(JSONObject(Mirror(reflecting: t).children.compactMap { child -> (String, JSONValue)? in
            guard let name = child.label else { return nil }
            if let v = child.value as? Double { return (name, .number(v)) }
            if let v = child.value as? Int { return (name, .int(v)) }
            return nil
        }))
    }

    static func routeJSON(_ r: NavRoute) -> JSONValue {
        [
            "coords": .array(zip(r.coords, r.elevationsM).map { p, e in [.number(p.lon), .number(p.lat), .number(e)] }),
            "cum": .array(r.cumM.map { .number($0) }),
            "waypoints": .array(r.waypoints.map { ["i": .int($0.i), "kind": .string($0.kind.rawValue), "instruction": .string($0.instruction)] }),
            "landmarks": .array(r.landmarks.map { l in ["name": .string(l.name), "visible": .array(l.visible.map { [.int($0.lowerBound), .int($0.upperBound)] })] }),
            "rates": ["horizontalKmh": .number(r.model.flatSpeedKmh), "ascentMPerH": .number(r.model.ascentRateMPerH),
                      "descentMPerH": .number(r.model.descentRateMPerH), "climbThresholdM": .number(r.model.climbThresholdM)],
        ]
    }
}
