import Foundation
import PackJSON
import PackReader
import PackSpec
import TrailpackCore

/// `pois.duplicate` (warning): two POIs of the same name (ignoring case and surrounding spaces)
/// within `PackLimits.samePlaceM` of each other are one place given twice; every route passing
/// it would announce it twice. Reported once per name, at the second POI. Linear in the POIs
/// (same-name groups are compared among themselves).
enum POIDuplicateRule {
    static func check(_ doc: JSONNode, file: String, log: ProblemLog) {
        var byName: [String: [(LonLat, JSONNode)]] = [:]
        var reported: Set<String> = []
        for feature in FeatureCollectionView(doc).features {
            guard let nameNode = feature.properties?["name"], let name = nameNode.stringValue, let p = feature.point else { continue }
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if !reported.contains(key), let first = byName[key]?.first(where: { Geodesic.distanceM($0.0, p) < PackLimits.samePlaceM }) {
                reported.insert(key)
                log.add(.poiDuplicate, file: file, node: nameNode,
                        expected: "one POI per place (none of the same name within \(Int(PackLimits.samePlaceM)) m)",
                        found: "\(JSONWriter.quoted(name)) again, \(String(format: "%.0f", Geodesic.distanceM(first.0, p))) m from the one at \(first.1.path.description)")
            }
            byName[key, default: []].append((p, nameNode))
        }
    }
}
