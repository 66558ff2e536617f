import Foundation
import TrailpackCore

/// Finds the POI a route's via names.
enum ViaResolver {
    /// POIs of the same name closer than this are one place listed twice (e.g. inline and in a file).
    static let samePlaceM = 25.0

    /// The POI named `name` (case-insensitive), or nil when none has that name.
    /// - Throws: what `fail` makes of an ambiguous name: two or more POIs of that name at
    ///   different places, each named with its kind and location.
    static func poi(named name: String, via number: Int, among pois: [PointOfInterest],
                    fail: (String) -> BuildError) throws -> PointOfInterest? {
        let matches = pois.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        guard let first = matches.first else { return nil }
        var places: [PointOfInterest] = [first]
        for m in matches.dropFirst() where !places.contains(where: { Geodesic.distanceM($0.location, m.location) < samePlaceM }) {
            places.append(m)
        }
        guard places.count == 1 else {
            let listed = places.map { "\"\($0.name)\" (\($0.kind)) at \($0.location)" }.joined(separator: " and ")
            throw fail("via \(number) \"\(name)\" is ambiguous: it matches \(places.count) POIs, \(listed); give the via as [lon, lat] or rename one POI")
        }
        return first
    }
}
