extension PackLimits {
    /// The largest file of a pack's JSON document at `relative` (a path from its region folder,
    /// or `catalog.json` from the pack root) any reader reads, bytes, by the SPEC Tree's name:
    /// the manifest, a route file under `routes/`, routing.json, the GeoJSON layers, style.json
    /// and the JSON under `map/`, the catalog; nil for binary files (their headers bound them).
    /// A larger file is refused from its size on disk, before a byte is read; the counts of
    /// what it holds follow (every feature, node, edge or route takes some bytes).
    public static func maxBytes(ofPackFile relative: String) -> Int? {
        switch relative {
        case PackTree.manifest: return maxManifestBytes
        case PackTree.routing: return maxRoutingBytes
        case PackTree.trails: return maxTrailsBytes
        case PackTree.pois: return maxPOIsBytes
        case PackTree.contours: return maxContoursBytes
        case PackTree.style: return maxStyleBytes
        case PackTree.catalog: return maxCatalogBytes
        default:
            if relative.hasPrefix("routes/"), relative.hasSuffix(".json") { return maxRouteFileBytes }
            if relative.hasPrefix("map/"), relative.hasSuffix(".json") { return maxStyleBytes }
            return nil
        }
    }

    /// `bytes` as people read a cap: "256 MB" for whole mebibytes, else the bytes.
    public static func sizeText(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
