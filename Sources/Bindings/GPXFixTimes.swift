import CGDAL
import Foundation

extension VectorReader {
    /// The time of every fix of the GPX file's `tracks` (indices as the `tracks` layer counts
    /// its features): track index -> segment index (`track_seg_id`) -> one entry per fix in
    /// stored order, seconds since 1970-01-01 UTC, nil for a fix without `<time>`. A time
    /// without a zone is taken as UTC. Empty for a file without a GPX `track_points` layer.
    /// - Throws: `GDALError` naming the file when it cannot be opened.
    public static func gpxFixTimes(path: String, tracks: Set<Int>) throws(GDALError) -> [Int: [Int: [Double?]]] {
        guard let lastAsked = tracks.max() else { return [:] }
        let dataset = try VectorDataset.open(path: path)
        guard let layer = GDALDatasetGetLayerByName(dataset.handle, "track_points") else { return [:] }
        let defn = OGR_L_GetLayerDefn(layer)
        let fid = OGR_FD_GetFieldIndex(defn, "track_fid"), seg = OGR_FD_GetFieldIndex(defn, "track_seg_id")
        let time = OGR_FD_GetFieldIndex(defn, "time")
        guard fid >= 0, seg >= 0, time >= 0 else { return [:] }
        var out: [Int: [Int: [Double?]]] = [:]
        OGR_L_ResetReading(layer)
        while let next = OGR_L_GetNextFeature(layer) {
            let feature = VectorFeatureHandle(next)
            let track = Int(OGR_F_GetFieldAsInteger(feature.handle, fid))
            if track > lastAsked { break }
            guard tracks.contains(track) else { continue }
            let segment = Int(OGR_F_GetFieldAsInteger(feature.handle, seg))
            out[track, default: [:]][segment, default: []].append(secondsSince1970(feature.handle, field: time))
        }
        return out
    }

    /// The date-time field `field` of `feature` as seconds since 1970 UTC, nil when unset.
    static func secondsSince1970(_ feature: OGRFeatureH, field: Int32) -> Double? {
        guard OGR_F_IsFieldSetAndNotNull(feature, field) != 0 else { return nil }
        var year: Int32 = 0, month: Int32 = 0, day: Int32 = 0, hour: Int32 = 0, minute: Int32 = 0, zone: Int32 = 0
        var second: Float = 0
        guard OGR_F_GetFieldAsDateTimeEx(feature, field, &year, &month, &day, &hour, &minute, &second, &zone) != 0 else { return nil }
        // OGR's zone flag: 100 is UTC, 100 ± k is k quarter hours east/west, below 100 unknown or local.
        let offsetS = zone > 1 ? Double(zone - 100) * 900 : 0
        // libc's timegm: the calendar's days since 1970, read as UTC.
        var civil = tm()
        civil.tm_year = year - 1900
        civil.tm_mon = month - 1
        civil.tm_mday = day
        civil.tm_hour = hour
        civil.tm_min = minute
        let wholeS = timegm(&civil)
        return Double(wholeS) + Double(second) - offsetS
    }
}
