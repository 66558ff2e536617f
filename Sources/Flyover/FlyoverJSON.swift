import PackJSON
import TrailpackCore

/// `<regionId>-<routeId>-flyover.json`: a route's flyover as the 3D page plays it and an app can replay it.
/// Keys sorted, positions `[lon, lat, ele]` with 7 decimals for degrees and 1 for metres,
/// distances with 1 decimal (docs/FORMAT.md, "Flyover"). Same keyframes, same bytes.
public enum FlyoverJSON {
    public static let formatVersion = 1

    /// The document of `keyframes` of route `routeId`, flown with `tuning`.
    public static func document(routeId: String, keyframes: [FlyoverKeyframe], tuning: FlyoverTuning) -> JSONValue {
        let clearance: JSONValue = ["cameraM": .number(tuning.cameraClearanceM, decimals: 1),
                                    "sightM": .number(tuning.sightClearanceM, decimals: 1),
                                    "sightRampM": .number(tuning.sightRampM, decimals: 1),
                                    "walkerHeightM": .number(tuning.walkerHeightM, decimals: 1)]
        let camera: JSONValue = ["backM": .number(tuning.backM, decimals: 1), "aboveM": .number(tuning.aboveM, decimals: 1),
                                 "lookAheadM": .number(tuning.lookAheadM, decimals: 1), "smoothingM": .number(tuning.smoothingM, decimals: 1),
                                 "stepM": .number(tuning.stepM, decimals: 1)]
        return ["formatVersion": .int(formatVersion), "routeId": .string(routeId), "clearance": clearance, "camera": camera,
                "lengthM": .number(keyframes.last?.distanceM ?? 0, decimals: 1),
                "keyframes": .array(keyframes.map(entry))]
    }

    /// The document's bytes (pretty, keys sorted, a trailing newline).
    /// - Throws: `JSONWriteError` for a non-finite number (keyframes of non-finite input).
    public static func bytes(routeId: String, keyframes: [FlyoverKeyframe], tuning: FlyoverTuning) throws(JSONWriteError) -> [UInt8] {
        try JSONWriter().bytes(document(routeId: routeId, keyframes: keyframes, tuning: tuning))
    }

    static func entry(_ k: FlyoverKeyframe) -> JSONValue {
        ["distanceM": .number(k.distanceM, decimals: 1), "fovDeg": .number(k.fovDeg, decimals: 1),
         "position": place(k.position, k.positionEleM), "target": place(k.target, k.targetEleM), "walker": place(k.walker, k.walkerEleM)]
    }

    static func place(_ p: LonLat, _ eleM: Double) -> JSONValue {
        [.number(p.lon, decimals: 7), .number(p.lat, decimals: 7), .number(eleM, decimals: 1)]
    }
}
