import Foundation
import Landmarks
import PackJSON

/// The route file's `landmarks` array (SPEC routes section).
enum LandmarkJSON {
    static func array(_ sightings: [LandmarkSighting]) -> JSONValue {
        .array(sightings.map { s in
            ["name": .string(s.landmark.name), "kind": .string(s.landmark.kind),
             "lon": .number(s.landmark.location.lon, decimals: 7), "lat": .number(s.landmark.location.lat, decimals: 7),
             "ele": .number(s.landmark.eleM, decimals: 1), "nearestM": .number(s.nearestM, decimals: 1),
             "visible": .array(s.visible.map { .array([.int($0.lowerBound), .int($0.upperBound)]) })]
        })
    }
}
