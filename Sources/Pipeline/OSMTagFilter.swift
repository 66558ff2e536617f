/// Which ways of an OpenStreetMap extract are trails: a way is kept when, for any key of the
/// filter, its tag has one of the listed values (an empty list: any value).
public struct OSMTagFilter: Sendable, Equatable, CustomStringConvertible {
    /// Tag key -> accepted values (empty: any value).
    public var tags: [String: [String]]

    public init(tags: [String: [String]]) { self.tags = tags }

    /// What a hiker uses: `highway` = path, footway, track, bridleway or steps.
    public static let hiking = OSMTagFilter(tags: ["highway": ["path", "footway", "track", "bridleway", "steps"]])

    /// The tag keys the filter looks at, sorted.
    public var keys: [String] { tags.keys.sorted() }

    /// True when the way's tags pass the filter.
    public func accepts(_ fields: [String: String]) -> Bool {
        tags.contains { key, values in
            guard let v = fields[key] else { return false }
            return values.isEmpty || values.contains(v)
        }
    }

    public var description: String {
        keys.map { k in tags[k]!.isEmpty ? "\(k)=*" : "\(k)=\(tags[k]!.joined(separator: "|"))" }.joined(separator: " or ")
    }
}
