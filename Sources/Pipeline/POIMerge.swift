import Foundation
import PackSpec
import TrailpackCore

/// POIs read from several inputs (or one input twice) that are the same place: the same name
/// (ignoring case and surrounding spaces) within `mergeDistanceM` of each other are one POI,
/// the first in recipe order, so no route announces a place twice and the pack lists it once
/// (docs/FORMAT.md). Same-name POIs farther apart stay: they are different places (two
/// "Spring"s).
enum POIMerge {
    /// Same-name POIs closer than this (metres, geodesic) are one place.
    static let mergeDistanceM = PackLimits.samePlaceM

    /// A POI and where it was read (a file path, or the recipe for an inline one).
    struct Sourced {
        var poi: PointOfInterest
        var source: String
    }

    /// `pois` with the same places merged into their first, and one note per merged place
    /// naming the sources and the largest distance merged.
    static func merge(_ pois: [Sourced]) -> (pois: [PointOfInterest], notes: [Diagnostic]) {
        var kept: [Sourced] = [], merged: [Int: (sources: [String], distanceM: Double)] = [:]
        var byName: [String: [Int]] = [:]
        for item in pois {
            let key = item.poi.name.trimmingCharacters(in: .whitespaces).lowercased()
            let same = byName[key, default: []].first { Geodesic.distanceM(kept[$0].poi.location, item.poi.location) < mergeDistanceM }
            guard let k = same else {
                byName[key, default: []].append(kept.count)
                kept.append(item)
                continue
            }
            let d = Geodesic.distanceM(kept[k].poi.location, item.poi.location)
            merged[k, default: ([kept[k].source], 0)].sources.append(item.source)
            merged[k]!.distanceM = max(merged[k]!.distanceM, d)
        }
        let notes = merged.keys.sorted().map { k in
            let (sources, d) = merged[k]!
            let within = String(format: "%.0f", d)
            return Diagnostic(.note, "pois", "\"\(kept[k].poi.name)\" is given \(sources.count) times within \(within) m (\(sources.joined(separator: ", "))): kept once, as first given")
        }
        return (kept.map(\.poi), notes)
    }
}
