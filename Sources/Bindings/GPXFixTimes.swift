import CGDAL
import Foundation

/// What a GPX track point says besides its position: its time and the receiver's own word on
/// its quality (GPX 1.0 and 1.1 `<hdop>`, `<vdop>`, `<pdop>`; an extension's accuracy in metres).
public struct GPXFixRecord: Equatable, Sendable {
    /// Seconds since 1970-01-01 UTC; nil without `<time>`.
    public var timeS: Double?
    /// Dilutions of precision (dimensionless); nil when absent.
    public var hdop: Double?
    public var vdop: Double?
    public var pdop: Double?
    /// Horizontal accuracy in metres from an extension element named `accuracy`, `hAcc` or
    /// `horizontalAccuracy` (any namespace, any case: GDAL's `<prefix>_<name>` fields); nil when absent.
    public var accuracyM: Double?

    public init(timeS: Double? = nil, hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil, accuracyM: Double? = nil) {
        self.timeS = timeS; self.hdop = hdop; self.vdop = vdop; self.pdop = pdop; self.accuracyM = accuracyM
    }
}

extension VectorReader {
    /// The time of every fix of the GPX file's `tracks` (indices as the `tracks` layer counts
    /// its features): track index -> segment index (`track_seg_id`) -> one entry per fix in
    /// stored order, seconds since 1970-01-01 UTC, nil for a fix without `<time>`. A time
    /// without a zone is taken as UTC. Empty for a file without a GPX `track_points` layer.
    /// - Throws: `GDALError` naming the file when it cannot be opened.
    public static func gpxFixTimes(path: String, tracks: Set<Int>) throws(GDALError) -> [Int: [Int: [Double?]]] {
        try gpxFixRecords(path: path, tracks: tracks).mapValues { $0.mapValues { $0.map(\.timeS) } }
    }

    /// Every fix of the GPX file's `tracks` as a `GPXFixRecord`, keyed as `gpxFixTimes`.
    /// - Throws: `GDALError` naming the file when it cannot be opened.
    public static func gpxFixRecords(path: String, tracks: Set<Int>) throws(GDALError) -> [Int: [Int: [GPXFixRecord]]] {
        guard let lastAsked = tracks.max() else { return [:] }
        let dataset = try VectorDataset.open(path: path)
        guard let layer = GDALDatasetGetLayerByName(dataset.handle, "track_points") else { return [:] }
        let defn = OGR_L_GetLayerDefn(layer)
        let fid = OGR_FD_GetFieldIndex(defn, "track_fid"), seg = OGR_FD_GetFieldIndex(defn, "track_seg_id")
        guard fid >= 0, seg >= 0 else { return [:] }
        let fields = GPXQualityFields(defn)
        var out: [Int: [Int: [GPXFixRecord]]] = [:]
        OGR_L_ResetReading(layer)
        while let next = OGR_L_GetNextFeature(layer) {
            let feature = VectorFeatureHandle(next)
            let track = Int(OGR_F_GetFieldAsInteger(feature.handle, fid))
            if track > lastAsked { break }
            guard tracks.contains(track) else { continue }
            let segment = Int(OGR_F_GetFieldAsInteger(feature.handle, seg))
            out[track, default: [:]][segment, default: []].append(fields.record(feature.handle))
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

/// The field indices of GDAL's GPX `track_points` layer that a `GPXFixRecord` reads (-1: absent).
struct GPXQualityFields {
    let time, hdop, vdop, pdop: Int32
    /// The extension field (the first one `isAccuracy` accepts) that holds an accuracy in metres.
    let accuracy: Int32

    static let accuracyNames: Set<String> = ["accuracy", "hacc", "horizontalaccuracy"]

    /// True for GDAL's name of an extension element whose whole local name is one of
    /// `accuracyNames` (any case): `hAcc`, or `<prefix>_<name>` for `<prefix:name>`; never
    /// `x_bearing_accuracy`, `x_speed_accuracy` or `x_vertical_accuracy` (other quantities).
    static func isAccuracy(_ fieldName: String) -> Bool {
        let name = fieldName.lowercased()
        if accuracyNames.contains(name) { return true }
        let parts = name.split(separator: "_", maxSplits: 1)
        return parts.count == 2 && accuracyNames.contains(String(parts[1]))
    }

    init(_ defn: OGRFeatureDefnH?) {
        time = OGR_FD_GetFieldIndex(defn, "time")
        hdop = OGR_FD_GetFieldIndex(defn, "hdop")
        vdop = OGR_FD_GetFieldIndex(defn, "vdop")
        pdop = OGR_FD_GetFieldIndex(defn, "pdop")
        var found: Int32 = -1
        for k in 0..<OGR_FD_GetFieldCount(defn) where found < 0 {
            guard let name = OGR_Fld_GetNameRef(OGR_FD_GetFieldDefn(defn, k)).map({ String(cString: $0) }) else { continue }
            if Self.isAccuracy(name) { found = k }
        }
        accuracy = found
    }

    func record(_ feature: OGRFeatureH) -> GPXFixRecord {
        GPXFixRecord(timeS: time >= 0 ? VectorReader.secondsSince1970(feature, field: time) : nil,
                     hdop: number(feature, hdop), vdop: number(feature, vdop), pdop: number(feature, pdop), accuracyM: number(feature, accuracy))
    }

    /// A set, finite, non-negative number field; nil otherwise.
    private func number(_ feature: OGRFeatureH, _ field: Int32) -> Double? {
        guard field >= 0, OGR_F_IsFieldSetAndNotNull(feature, field) != 0 else { return nil }
        let value = OGR_F_GetFieldAsDouble(feature, field)
        return value.isFinite && value >= 0 ? value : nil
    }
}
