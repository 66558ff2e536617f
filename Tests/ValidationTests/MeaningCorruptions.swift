import Foundation
import PackJSON
import TrailpackCore
import Validation

private let region = "regions/\(PackFixture.regionId)/"
private let routeFile = "routes/\(PackFixture.routeId).json"

/// Moves every position of feature `k` of a GeoJSON file by `dLon`, `dLat` degrees.
private func moveFeature(_ e: PackEditor, _ file: String, _ k: Int, dLon: Double, dLat: Double) throws {
    try e.editJSON(file) { doc in
        guard let geometry = doc.get("features[\(k)].geometry.coordinates") else { return }
        doc.set("features[\(k)].geometry.coordinates", shifted(geometry, dLon: dLon, dLat: dLat))
    }
}

private func shifted(_ value: JSONValue, dLon: Double, dLat: Double) -> JSONValue {
    guard case .array(let items) = value else { return value }
    if case .number(let lon)? = items.first, items.count >= 2, case .number(let lat) = items[1] {
        return .array([.number(lon + dLon, decimals: 7), .number(lat + dLat, decimals: 7)] + items.dropFirst(2))
    }
    return .array(items.map { shifted($0, dLon: dLon, dLat: dLat) })
}

/// Content that is well formed but not true of the region (issue 27): stats that are not the
/// profile's climbs, a `cum` off mid-route, features far outside the region, a route's trail
/// feature missing, swapped or renamed, an AR patch whose cells are not its declared size.
let meaningCorruptions: [Corruption] = [
    Corruption(name: "ascent doubled, descent raised to keep the identity", rule: .routeClimb, file: region + routeFile, path: "stats.ascentM") {
        try $0.editJSON(routeFile) { r in
            let ascent = r.get("stats.ascentM")!.double, descent = r.get("stats.descentM")!.double
            r.set("stats.ascentM", .number(2 * ascent, decimals: 1))
            r.set("stats.descentM", .number(descent + ascent, decimals: 1))
        }
        try $0.editJSON("manifest.json") { m in
            let ascent = m.get("routes[0].stats.ascentM")!.double, descent = m.get("routes[0].stats.descentM")!.double
            m.set("routes[0].stats.ascentM", .number(2 * ascent, decimals: 1))
            m.set("routes[0].stats.descentM", .number(descent + ascent, decimals: 1))
        }
    },
    Corruption(name: "negative descent", rule: .routeClimb, file: region + routeFile, path: "stats.descentM") {
        for (file, prefix) in [(routeFile, "stats"), ("manifest.json", "routes[0].stats")] {
            try $0.editJSON(file) { r in
                let ascent = r.get("\(prefix).ascentM")!.double, descent = r.get("\(prefix).descentM")!.double
                r.set("\(prefix).ascentM", .number(ascent - descent - 5, decimals: 1))
                r.set("\(prefix).descentM", .number(-5))
            }
        }
    },
    Corruption(name: "one cum value 1 m off mid-route", rule: .routeCumGeodesic, file: region + routeFile, path: "cum[90]") {
        try $0.editJSON(routeFile) { r in r.set("cum[90]", .number(r.get("cum[90]")!.double + 1, decimals: 1)) }
    },
    Corruption(name: "a trail 3000 km away", rule: .geojsonInRegion, file: region + "trails.geojson", path: "features[0].geometry") {
        try moveFeature($0, "trails.geojson", 0, dLon: -30, dLat: 0)
    },
    Corruption(name: "a POI 2000 km away", rule: .geojsonInRegion, file: region + "pois.geojson", path: "features[1].geometry") {
        try moveFeature($0, "pois.geojson", 1, dLon: 0, dLat: -18)
    },
    Corruption(name: "a contour of another region", rule: .geojsonInRegion, file: region + "contours.geojson", path: "features[0].geometry") {
        try moveFeature($0, "contours.geojson", 0, dLon: 12, dLat: 3)
    },
    Corruption(name: "a POI 4 km off the terrain", rule: .geojsonInRegion, file: region + "pois.geojson", path: "features[0].geometry") {
        try moveFeature($0, "pois.geojson", 0, dLon: 0.045, dLat: 0)
    },
    Corruption(name: "the route's trail feature missing", rule: .routeTrailFeature, file: region + "trails.geojson", path: "features") {
        try $0.editJSON("trails.geojson") { d in
            guard case .array(var features)? = d.get("features") else { return }
            features.removeLast()
            d.set("features", .array(features))
        }
    },
    Corruption(name: "the route's trail feature on another trail's line", rule: .routeTrailFeature, file: region + "trails.geojson", path: "features[2].geometry") {
        try $0.editJSON("trails.geojson") { d in d.set("features[2].geometry", d.get("features[0].geometry")) }
    },
    Corruption(name: "the route's trail feature reversed", rule: .routeTrailFeature, file: region + "trails.geojson", path: "features[2].geometry") {
        try $0.editJSON("trails.geojson") { d in
            guard case .array(let positions)? = d.get("features[2].geometry.coordinates") else { return }
            d.set("features[2].geometry.coordinates", .array(positions.reversed()))
        }
    },
    Corruption(name: "the route's trail feature renamed", rule: .routeTrailFeature, file: region + "trails.geojson", path: "features[2].properties.name") {
        try $0.set("trails.geojson", "features[2].properties.name", "Another Walk")
    },
    Corruption(name: "the route drawn twice", rule: .routeTrailFeature, file: region + "trails.geojson", path: "features[2]") {
        try $0.set("trails.geojson", "features[0].properties.routeId", .string(PackFixture.routeId))
    },
    Corruption(name: "an AR patch of 30 m cells declared 10 m", rule: .arResolution, file: region + "manifest.json", path: "routes[0].arPatch.resolutionM") {
        let geometry = GridGeometry(bounds: PackFixture.arGeometry.bounds, resolutionM: 30)
        let patch = PackFixture.grid(geometry)
        try $0.write("ar/\(PackFixture.routeId).bin", TER1.encode(patch))
        for (file, prefix) in [(routeFile, "arPatch"), ("manifest.json", "routes[0].arPatch")] {
            try $0.set(file, "\(prefix).width", .int(patch.width))
            try $0.set(file, "\(prefix).height", .int(patch.height))
        }
    },
]
