import Foundation
import Testing
import TestSupport
import TrailpackCore

/// `init` offers an OpenStreetMap file's named places as POIs (issue 41): nodes tagged
/// `tourism`, `natural` or `amenity` with a name, kinds guessed from those tags first. The ways
/// are the real Pliny export (`wmnf-pliney.geojson`); the nodes stand at the demo recipe's POIs
/// with the tags OpenStreetMap gives such places (`natural=peak`, `amenity=parking`), written as
/// Overpass API JSON and as OSM XML.
@Suite struct InitOSMNodesTests {
    typealias M = InitMessyInputsTests

    /// Named places as (name, tags, lon, lat): two peaks and a parking, a peak without a name
    /// (left out: a POI needs one) and a named bus stop (no tag a POI is read by).
    static let places: [(String?, [String: String], Double, Double)] = [
        ("Mount Cabot", ["natural": "peak"], -71.4141, 44.5059),
        ("The Horn", ["natural": "peak"], -71.4000, 44.5183),
        ("Unknown Pond Trailhead", ["amenity": "parking"], -71.3585432, 44.4981143),
        (nil, ["natural": "peak"], -71.4328, 44.4347),
        ("York Pond Road", ["highway": "bus_stop"], -71.3608696, 44.4942774),
    ]

    /// The OSM elements: the Pliny ways with their nodes, then the places.
    static func elements() throws -> [[String: Any]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: M.pliny))) as? [String: Any])
        var nodes: [[String: Any]] = [], ways: [[String: Any]] = [], nodeId = 1
        for (k, f) in (doc["features"] as? [[String: Any]] ?? []).enumerated() {
            guard let coords = (f["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] else { continue }
            let tags = (f["properties"] as? [String: Any] ?? [:]).filter { $0.key != "osm_way_id" && !($0.value is NSNull) }.mapValues { "\($0)" }
            nodes += coords.enumerated().map { i, c in ["type": "node", "id": nodeId + i, "lat": c[1], "lon": c[0]] }
            ways.append(["type": "way", "id": 1_000_000 + k, "nodes": coords.indices.map { nodeId + $0 }, "tags": tags])
            nodeId += coords.count
        }
        let places: [[String: Any]] = Self.places.enumerated().map { k, p in
            ["type": "node", "id": 9_000_000 + k, "lon": p.2, "lat": p.3, "tags": p.0.map { p.1.merging(["name": $0]) { a, _ in a } } ?? p.1]
        }
        return nodes + places + ways
    }

    /// The elements as OSM XML.
    static func osmXML(_ elements: [[String: Any]]) -> String {
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
        }
        func tags(_ e: [String: Any]) -> String {
            (e["tags"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map { "<tag k=\"\(esc($0.key))\" v=\"\(esc($0.value))\"/>" }.joined()
        }
        let body = elements.map { e in
            e["type"] as? String == "node"
                ? "<node id=\"\(e["id"]!)\" version=\"1\" lat=\"\(e["lat"]!)\" lon=\"\(e["lon"]!)\">\(tags(e))</node>"
                : "<way id=\"\(e["id"]!)\" version=\"1\">" + (e["nodes"] as? [Int] ?? []).map { "<nd ref=\"\($0)\"/>" }.joined() + tags(e) + "</way>"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"trailpack test\">\n" + body.joined(separator: "\n") + "\n</osm>\n"
    }

    @Test(arguments: ["export.json", "export.osm"])
    func namedPlacesOfAnOSMFileBecomePOIsWithKindsFromTheirTags(file: String) throws {
        let dir = TestData.scratchFolder("init-osm-nodes")
        let elements = try Self.elements()
        let url = dir.appendingPathComponent(file)
        if file.hasSuffix(".json") {
            try JSONSerialization.data(withJSONObject: ["version": 0.6, "generator": "Overpass API 0.7.62.1 084b4234", "elements": elements],
                                       options: [.prettyPrinted]).write(to: url)
        } else {
            try Self.osmXML(elements).write(to: url, atomically: true, encoding: .utf8)
        }
        let (run, text) = try M.initRecipe("nodes", ["--dem", M.hgt, "--trails", url.path], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let pois = text.split(separator: "\n").filter { $0.contains("{ name: ") && $0.contains("lon: ") }
        for (name, kind, lon, lat) in [("Mount Cabot", "summit", -71.4141, 44.5059), ("The Horn", "summit", -71.4000, 44.5183),
                                       ("Unknown Pond Trailhead", "parking", -71.3585432, 44.4981143)] {
            let line = pois.first { $0.contains("name: \"\(name)\"") }
            #expect(line?.contains("kind: \"\(kind)\"") == true && line?.contains(String(format: "lon: %.6f, lat: %.6f", lon, lat)) == true,
                    "\(file): \(name) as \(kind): \(line.map(String.init) ?? "missing")")
        }
        #expect(pois.count == 3 && !text.contains("York Pond Road\", kind"), "\(file): only the named places tagged tourism, natural or amenity: \(pois)")
        #expect(text.contains("trails: [\"\(file)\"]"), "\(file): the ways stay the trails: \(text)")
    }
}
