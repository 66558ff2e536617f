import CGDAL
import Foundation
import TrailpackCore

/// Reads the ways of an OpenStreetMap extract (`.osm` XML or `.osm.pbf`) through GDAL's OSM
/// driver, layer `lines`. The driver's configuration is generated (it names the tags read) and
/// lives in GDAL's in-memory file system; the driver's temporary node index, when it spills to
/// disk, goes to the system temporary folder, never beside the input.
public enum OSMReader {
    /// True for paths GDAL's OSM driver reads (`.osm`, `.osm.pbf`, case-insensitive) and for
    /// Overpass API JSON files (`OverpassJSON`, by their first bytes), read as OSM XML.
    public static func handles(path: String) -> Bool {
        let p = path.lowercased()
        return p.hasSuffix(".osm") || p.hasSuffix(".osm.pbf") || OverpassJSON.handles(path: path)
    }

    /// Every way of the `lines` layer with its id as `osm_way_id`, `name`, `ref` and the given
    /// tags as fields (unset tags absent), in file order, lon/lat WGS84. Only the `lines` layer
    /// is built (the driver's `SET interest_layers`), and a tag filter is applied by GDAL as it
    /// reads, so a large extract never becomes Swift values beyond the ways asked for.
    /// - Parameters:
    ///   - tags: further tag keys to read.
    ///   - matching: when given, only ways where some key has one of its values (an empty list:
    ///     any value); its keys must be among `tags`.
    /// - Throws: `GDALError` naming the file and GDAL's reason.
    public static func readLines(path: String, tags: [String], matching filter: [String: [String]]? = nil) throws(GDALError) -> [VectorFeature] {
        let keys = ["name", "ref"] + tags.filter { $0 != "name" && $0 != "ref" && !$0.isEmpty }
        var unique: [String] = []
        for k in keys where !unique.contains(k) { unique.append(k) }
        return try read(path: path, layer: "lines", config: configText(lineTags: unique), sql: filter.map(whereClause))
    }

    /// The tags of a node that make it a place worth a POI, read by `readNamedPoints`.
    public static let pointTags = ["tourism", "natural", "amenity"]

    /// Every named node of the `points` layer tagged with one of `pointTags` (a hut, a peak, a
    /// spring, a shelter), with its id as `osm_node_id`, `name` and those tags as fields, in
    /// file order, lon/lat WGS84.
    /// - Throws: `GDALError` naming the file and GDAL's reason.
    public static func readNamedPoints(path: String) throws(GDALError) -> [VectorFeature] {
        let sql = "\"name\" IS NOT NULL AND (" + pointTags.map { "\"\($0)\" IS NOT NULL" }.joined(separator: " OR ") + ")"
        return try read(path: path, layer: "points", config: configText(lineTags: ["name", "ref"], pointTags: ["name"] + pointTags), sql: sql)
    }

    /// The features of `layer` (GDAL's OSM driver with the configuration `config`, only that
    /// layer built), filtered by the OGR SQL `sql` as GDAL reads.
    private static func read(path: String, layer wanted: String, config configText: String, sql: String?) throws(GDALError) -> [VectorFeature] {
        GDALEnvironment.ensureRegistered()
        try GDALError.requireRegularInput(path, operation: "opening OpenStreetMap extract")
        guard FileManager.default.fileExists(atPath: path) || path.hasPrefix("/vsi") else {
            throw GDALError(subject: path, operation: "opening OpenStreetMap extract", reason: "no such file")
        }
        let config = "/vsimem/trailpack-osmconf-\(UUID().uuidString).ini"
        let text = Array(configText.utf8)
        guard let file = VSIFOpenL(config, "wb") else {
            throw GDALError(subject: path, operation: "writing the OSM driver configuration", reason: RasterDataset.lastMessage(fallback: ""))
        }
        _ = text.withUnsafeBytes { VSIFWriteL($0.baseAddress, 1, $0.count, file) }
        VSIFCloseL(file)
        defer { VSIUnlink(config) }

        // The driver's temporary files (a node index for large extracts) go to the system temp folder.
        let tmp = FileManager.default.temporaryDirectory.path
        CPLSetThreadLocalConfigOption("CPL_TMPDIR", tmp)
        defer { CPLSetThreadLocalConfigOption("CPL_TMPDIR", nil) }
        // Overpass API JSON is read as the OSM XML it stands for.
        let source = OverpassJSON.handles(path: path) ? try OverpassJSON.inMemoryOSM(path: path) : path
        defer { if source != path { VSIUnlink(source) } }

        let options = CStringArray(["CONFIG_FILE=\(config)", "INTERLEAVED_READING=YES"])
        let drivers = CStringArray(["OSM"])
        let opened: GDALDatasetH? = GDALCall.run {
            drivers.withPointer { d in
                options.withPointer { o in
                    GDALOpenEx(source, UInt32(GDAL_OF_VECTOR | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR),
                               UnsafeRawPointer(d).assumingMemoryBound(to: UnsafePointer<CChar>?.self),
                               UnsafeRawPointer(o).assumingMemoryBound(to: UnsafePointer<CChar>?.self), nil)
                }
            }
        }
        guard let ds = opened else {
            throw GDALError(subject: path, operation: "opening OpenStreetMap extract",
                            reason: RasterDataset.lastMessage(fallback: "GDAL's OSM driver cannot read it as .osm or .osm.pbf"))
        }
        let dataset = VectorDataset(handle: ds, path: path)
        if let result = GDALDatasetExecuteSQL(ds, "SET interest_layers = \(wanted)", nil, nil) { GDALDatasetReleaseResultSet(ds, result) }
        if let sql, let lines = GDALDatasetGetLayerByName(ds, wanted) {
            guard GDALCall.run({ OGR_L_SetAttributeFilter(lines, sql) }) == OGRERR_NONE else {
                throw GDALError(subject: path, operation: "filtering \(wanted) by \(sql)", reason: RasterDataset.lastMessage(fallback: ""))
            }
        }
        var features: [VectorFeature] = []
        var index = 0
        GDALDatasetResetReading(dataset.handle)
        while true {
            var layer: OGRLayerH?
            guard let next = GDALDatasetGetNextFeature(dataset.handle, &layer, nil, nil, nil) else { break }
            let feature = VectorFeatureHandle(next)
            guard let layer, String(cString: OGR_L_GetName(layer)) == wanted else { continue }
            defer { index += 1 }
            let f = feature.handle
            guard let g = OGR_F_GetGeometryRef(f) else { continue }
            var fields: [String: String] = [:]
            let defn = OGR_F_GetDefnRef(f)
            for k in 0..<OGR_FD_GetFieldCount(defn) where OGR_F_IsFieldSetAndNotNull(f, k) != 0 {
                let name = String(cString: OGR_Fld_GetNameRef(OGR_FD_GetFieldDefn(defn, k)))
                fields[name == "osm_id" ? (wanted == "lines" ? "osm_way_id" : "osm_node_id") : name] = String(cString: OGR_F_GetFieldAsString(f, k))
            }
            features.append(VectorFeature(layer: wanted, index: index, fields: fields, geometry: .read(g)))
        }
        if CPLGetLastErrorType() == CE_Failure || CPLGetLastErrorType() == CE_Fatal {
            throw GDALError(subject: path, operation: "reading OpenStreetMap \(wanted == "lines" ? "ways" : "nodes")", reason: RasterDataset.lastMessage(fallback: ""))
        }
        return features
    }

    /// OGR SQL selecting ways by tag: `"highway" IN ('path', 'steps') OR "route" IS NOT NULL`.
    static func whereClause(_ filter: [String: [String]]) -> String {
        func key(_ k: String) -> String { "\"" + k.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        func value(_ v: String) -> String { "'" + v.replacingOccurrences(of: "'", with: "''") + "'" }
        return filter.keys.sorted().map { k in
            filter[k]!.isEmpty ? "\(key(k)) IS NOT NULL" : "\(key(k)) IN (\(filter[k]!.map(value).joined(separator: ", ")))"
        }.joined(separator: " OR ")
    }

    /// An `osmconf.ini` that reads ways with the given tags as `lines` attributes; closed ways
    /// tagged as areas become polygons (not read), as in GDAL's own configuration.
    static func configText(lineTags: [String], pointTags: [String] = ["name"]) -> String {
        let section = { (name: String, attributes: String) in
            "[\(name)]\nosm_id=yes\nosm_version=no\nosm_timestamp=no\nosm_uid=no\nosm_user=no\nosm_changeset=no\nattributes=\(attributes)\nother_tags=no\n"
        }
        return """
        closed_ways_are_polygons=aeroway,amenity,boundary,building,craft,geological,historic,landuse,leisure,military,natural,office,place,shop,sport,tourism,highway=platform,public_transport=platform
        report_all_nodes=no
        report_all_ways=no
        attribute_name_laundering=no

        """ + section("points", pointTags.joined(separator: ",")) + section("lines", lineTags.joined(separator: ","))
            + section("multipolygons", "name") + section("multilinestrings", "name") + section("other_relations", "name")
    }
}
