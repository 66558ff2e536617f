import CGDAL
import Foundation
import TrailpackCore

/// Overpass API JSON (`[out:json]`, overpass turbo's "raw OSM data"): OpenStreetMap's nodes,
/// ways and relations as JSON, which no GDAL driver reads. It is rewritten element for element as
/// OSM XML in GDAL's in-memory file system, so `OSMReader` reads it with GDAL's OSM driver like
/// any `.osm` extract. Ways written with `out geom` (a `geometry` list of `{lat, lon}` instead of,
/// or beside, node elements) get their nodes from it.
public enum OverpassJSON {
    /// True when the first bytes of a JSON file are Overpass API output: an object with an
    /// `elements` list and an Overpass generator, `osm3s` block or OSM element types.
    public static func looksLikeOverpass(head text: String) -> Bool {
        guard text.hasPrefix("{") || text.hasPrefix("\u{FEFF}{") else { return false }
        let compact = text.replacingOccurrences(of: " ", with: "")
        return compact.contains("\"elements\"") && (text.contains("Overpass") || text.contains("\"osm3s\"")
            || compact.contains("\"type\":\"way\"") || compact.contains("\"type\":\"node\""))
    }

    /// True for a local file holding Overpass API JSON (reads its first 4 KiB).
    public static func handles(path: String) -> Bool {
        guard !path.hasPrefix("/vsi"), InputFile.isRegular(path), let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        return looksLikeOverpass(head: String(decoding: head, as: UTF8.self))
    }

    /// The OSM XML text of the Overpass JSON at `path`: every node (with its tags), then every
    /// way (its node references and tags); relations are left out (the reader takes ways).
    /// - Throws: `GDALError` naming the file when it is no JSON object with an `elements` list.
    public static func osmXML(path: String) throws(GDALError) -> String {
        let fail = { (reason: String) in GDALError(subject: path, operation: "reading Overpass API JSON", reason: reason) }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot read the file") }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let elements = root["elements"] as? [[String: Any]] else {
            throw fail("it is no JSON object with an \"elements\" list")
        }
        var nodes: [Int64: (lat: Double, lon: Double, tags: [String: String])] = [:]
        var ways: [(id: Int64, refs: [Int64], tags: [String: String])] = []
        var nextId = elements.compactMap { ($0["id"] as? NSNumber)?.int64Value }.max().map { $0 + 1 } ?? 1
        for e in elements {
            let tags = (e["tags"] as? [String: Any])?.compactMapValues { "\($0)" } ?? [:]
            guard let id = (e["id"] as? NSNumber)?.int64Value else { continue }
            switch e["type"] as? String {
            case "node":
                guard let lat = (e["lat"] as? NSNumber)?.doubleValue, let lon = (e["lon"] as? NSNumber)?.doubleValue else { continue }
                nodes[id] = (lat, lon, tags)
            case "way":
                var refs = (e["nodes"] as? [NSNumber])?.map(\.int64Value) ?? []
                let geometry = (e["geometry"] as? [Any])?.map { $0 as? [String: Any] } ?? []
                if !geometry.isEmpty && refs.count != geometry.count { refs = [] }
                for (k, point) in geometry.enumerated() {
                    guard let lat = (point?["lat"] as? NSNumber)?.doubleValue, let lon = (point?["lon"] as? NSNumber)?.doubleValue else { continue }
                    if refs.count <= k { refs.append(nextId); nextId += 1 }
                    if nodes[refs[k]] == nil { nodes[refs[k]] = (lat, lon, [:]) }
                }
                ways.append((id, refs, tags))
            default: continue
            }
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"trailpack from Overpass API JSON\">\n"
        for id in nodes.keys.sorted() {
            let n = nodes[id]!
            xml += "<node id=\"\(id)\" lat=\"\(n.lat)\" lon=\"\(n.lon)\"" + (n.tags.isEmpty ? "/>\n" : ">\n\(tagLines(n.tags))</node>\n")
        }
        for w in ways.sorted(by: { $0.id < $1.id }) {
            xml += "<way id=\"\(w.id)\">\n" + w.refs.map { "<nd ref=\"\($0)\"/>\n" }.joined() + tagLines(w.tags) + "</way>\n"
        }
        return xml + "</osm>\n"
    }

    /// Writes `path`'s OSM XML to a new in-memory file and returns its `/vsimem/` path (the
    /// caller unlinks it with `VSIUnlink`).
    /// - Throws: `GDALError` naming the file.
    static func inMemoryOSM(path: String) throws(GDALError) -> String {
        let bytes = Array(try osmXML(path: path).utf8)
        let memPath = "/vsimem/trailpack-overpass-\(UUID().uuidString).osm"
        guard let file = VSIFOpenL(memPath, "wb") else {
            throw GDALError(subject: path, operation: "converting Overpass API JSON", reason: RasterDataset.lastMessage(fallback: ""))
        }
        _ = bytes.withUnsafeBytes { VSIFWriteL($0.baseAddress, 1, $0.count, file) }
        VSIFCloseL(file)
        return memPath
    }

    private static func tagLines(_ tags: [String: String]) -> String {
        tags.keys.sorted().map { "<tag k=\"\(escaped($0))\" v=\"\(escaped(tags[$0]!))\"/>\n" }.joined()
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: "&#10;")
    }
}
