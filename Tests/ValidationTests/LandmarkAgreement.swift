import Foundation
import Landmarks
import PackJSON
import TrailpackCore
@testable import Validation

/// How far a built route's listed verdicts lie from the exact sightlines over its own files:
/// the worst (lowest) clearance from a listed vertex and the best (highest) from an unlisted
/// vertex within the look limit, over its landmarks and over the POIs it does not list.
struct LandmarkAgreement {
    var lowestListedM = Double.infinity
    var highestUnlistedM = -Double.infinity
    var highestUnlistedPOIM = -Double.infinity
    var pairs = 0

    /// Measures one route of a pack copy.
    static func measure(_ e: PackEditor, routeId: String) throws -> LandmarkAgreement {
        let probe = try LandmarkSightProbe(e, routeId: routeId)
        var out = LandmarkAgreement()
        let entries = probe.landmarks
        let listed = entries.enumerated().map { k, entry in
            let top = LandmarkSightProbe.top(entry)
            return ListedLandmark(index: k, name: LandmarkSightProbe.string(entry["name"]) ?? "", kind: "", location: top.p, eleM: top.eleM,
                                  ranges: LandmarkSightProbe.ranges(entry).map { ($0.lowerBound, $0.upperBound) })
        }
        let limitM = LandmarkSightRules.lookLimitM(listed, coords: probe.coords)
        for landmark in listed {
            let clearances = probe.clearancesM(to: landmark.location, eleM: landmark.eleM)
            for (i, c) in clearances.enumerated() {
                if landmark.ranges.contains(where: { ($0.from...$0.to).contains(i) }) {
                    out.lowestListedM = min(out.lowestListedM, c)
                } else if shortDistanceM(probe.coords[i], landmark.location) <= limitM {
                    out.highestUnlistedM = max(out.highestUnlistedM, c)
                }
                out.pairs += 1
            }
        }
        let pois = LandmarkRegion.pois(of: try JSONParser.parse(try e.bytes("pois.geojson")))
        for candidate in LandmarkCandidates.unlisted(pois, listed: listed, listedNames: [], terrain: probe.terrain) {
            for (i, c) in probe.clearancesM(to: candidate.location, eleM: candidate.eleM).enumerated()
            where shortDistanceM(probe.coords[i], candidate.location) <= limitM {
                out.highestUnlistedPOIM = max(out.highestUnlistedPOIM, c)
            }
        }
        return out
    }

    /// Both measures folded.
    func merged(_ other: LandmarkAgreement) -> LandmarkAgreement {
        LandmarkAgreement(lowestListedM: min(lowestListedM, other.lowestListedM), highestUnlistedM: max(highestUnlistedM, other.highestUnlistedM),
                          highestUnlistedPOIM: max(highestUnlistedPOIM, other.highestUnlistedPOIM), pairs: pairs + other.pairs)
    }
}
