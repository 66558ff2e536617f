/// Load-time checks of input coordinates: a point is valid when both coordinates are finite and
/// lon is within -180...180, lat within -90...90 (WGS84 degrees).
public enum InvalidPoints {
    /// True for a finite point inside the WGS84 lon/lat ranges.
    public static func isValid(_ p: LonLat) -> Bool {
        p.isFinite && abs(p.lon) <= 180 && abs(p.lat) <= 90
    }

    /// `coords` without its invalid points, and the 0-based indices of the points dropped.
    public static func dropping(_ coords: [LonLat]) -> (kept: [LonLat], droppedIndices: [Int]) {
        var kept: [LonLat] = []
        kept.reserveCapacity(coords.count)
        var dropped: [Int] = []
        for (k, p) in coords.enumerated() {
            if isValid(p) { kept.append(p) } else { dropped.append(k) }
        }
        return (kept, dropped)
    }

    /// "3, 7, 12" or "3, 7, 12 ... (40 in all)": indices for a message, at most `limit` listed.
    public static func describe(_ indices: [Int], limit: Int = 10) -> String {
        let listed = indices.prefix(limit).map(String.init).joined(separator: ", ")
        return indices.count > limit ? "\(listed) ... (\(indices.count) in all)" : listed
    }
}
