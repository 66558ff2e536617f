import Foundation

/// A region over Kauai's SRTM tile with its voids (`data/kauai-voids`) and one route straight
/// across the island at 22.07° N, through the largest void (the Waialeale summit area): the
/// recipe `kauai.json5` and its track `cross.geojson`, written into `dir`. A build refuses a
/// route over more than 300 m of filled voids; this recipe allows 5 km, so a pack with such a
/// route exists to be checked.
public enum KauaiCrossing {
    /// Writes the track and the recipe into `dir`; returns the recipe's URL.
    /// - Throws: when a file cannot be written.
    public static func recipe(in dir: URL) throws -> URL {
        let track = dir.appendingPathComponent("cross.geojson")
        let line = stride(from: -159.62, through: -159.42, by: 0.002).map { "[\($0), 22.07]" }.joined(separator: ", ")
        try #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Across"},"geometry":{"type":"LineString","coordinates":[LINE]}}]}"#
            .replacingOccurrences(of: "LINE", with: line).write(to: track, atomically: true, encoding: .utf8)
        let recipe = dir.appendingPathComponent("kauai.json5")
        try """
        { id: "kauai", name: "Kauai", attribution: ["SRTM (public domain)"], bbox: [-159.80, 22.0, -159.28, 22.24],
          dem: ["\(TestData.path("kauai-voids/N22W160v2.3a.hgt.zip"))"],
          terrain: { resolutionM: 90, voids: { maxRouteFilledM: 5000 } }, ar: { resolutionM: 30 },
          routes: [{ id: "across", name: "Across", track: "\(track.path)" }] }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        return recipe
    }
}
