import Foundation
import TrailpackCore

extension SyntheticTrailNetwork {
    /// The ways as an RFC 7946 FeatureCollection of LineStrings, one feature per line of text:
    /// `id` = way index + 1 (the OSM way id of `osmXML()`), properties with keys in byte order and
    /// string values, coordinates `[lon, lat]` with 7 decimals.
    public func geoJSON() -> String {
        var out = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        for (w, way) in ways.enumerated() {
            let properties = Self.sortedTags(way.properties)
                .map { "\(Self.jsonString($0.key)):\(Self.jsonString($0.value))" }.joined(separator: ",")
            let coordinates = way.coords.map { "[\(Self.degrees($0.lon)),\(Self.degrees($0.lat))]" }.joined(separator: ",")
            out += "{\"type\":\"Feature\",\"id\":\(w + 1),\"properties\":{\(properties)},"
            out += "\"geometry\":{\"type\":\"LineString\",\"coordinates\":[\(coordinates)]}}"
            out += w == ways.count - 1 ? "\n" : ",\n"
        }
        return out + "]}\n"
    }

    /// The ways as OSM XML 0.6: every distinct vertex one `<node>` (ids from 1 in order of first
    /// use, so ways meeting at a vertex share its node), then the `<way>`s (id = way index + 1) with
    /// their `<nd>` refs and `<tag>`s in key order. Coordinates with 7 decimals.
    public func osmXML() -> String {
        let (nodeIDs, nodes) = osmNodes()
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<osm version=\"0.6\" generator=\"trailpack SyntheticTrailNetwork\">\n"
        for (k, p) in nodes.enumerated() {
            out += "  <node id=\"\(k + 1)\" version=\"1\" lat=\"\(Self.degrees(p.lat))\" lon=\"\(Self.degrees(p.lon))\"/>\n"
        }
        for (w, way) in ways.enumerated() {
            out += "  <way id=\"\(w + 1)\" version=\"1\">\n"
            for p in way.coords { out += "    <nd ref=\"\(nodeIDs[p]!)\"/>\n" }
            for (k, v) in Self.sortedTags(way.properties) {
                out += "    <tag k=\"\(Self.xmlEscaped(k))\" v=\"\(Self.xmlEscaped(v))\"/>\n"
            }
            out += "  </way>\n"
        }
        return out + "</osm>\n"
    }

    /// Node id of every distinct vertex (from 1, in order of first use) and the vertices in id order.
    func osmNodes() -> ([LonLat: Int], [LonLat]) {
        var ids: [LonLat: Int] = [:], nodes: [LonLat] = []
        for way in ways {
            for p in way.coords where ids[p] == nil {
                nodes.append(p)
                ids[p] = nodes.count
            }
        }
        return (ids, nodes)
    }

    /// Tags sorted by key in byte (UTF-8) order.
    static func sortedTags(_ tags: [String: String]) -> [(key: String, value: String)] {
        tags.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
    }

    /// Degrees with exactly 7 decimals.
    static func degrees(_ value: Double) -> String { String(format: "%.7f", value) }

    /// A JSON string literal.
    static func jsonString(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where ch.value < 0x20: out += String(format: "\\u%04x", ch.value)
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }

    /// Text escaped for an XML attribute value.
    static func xmlEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
