/// The extent of an archive's tiles, degrees (WGS84 longitude and latitude).
public struct PMTilesBounds: Equatable, Sendable {
    public var minLonDegrees: Double
    public var minLatDegrees: Double
    public var maxLonDegrees: Double
    public var maxLatDegrees: Double

    public init(minLonDegrees: Double, minLatDegrees: Double, maxLonDegrees: Double, maxLatDegrees: Double) {
        self.minLonDegrees = minLonDegrees
        self.minLatDegrees = minLatDegrees
        self.maxLonDegrees = maxLonDegrees
        self.maxLatDegrees = maxLatDegrees
    }
}

/// A client's initial view: a point in degrees and a zoom level.
public struct PMTilesCenter: Equatable, Sendable {
    public var lonDegrees: Double
    public var latDegrees: Double
    /// Zoom level, 0...31.
    public var zoom: Int

    public init(lonDegrees: Double, latDegrees: Double, zoom: Int) {
        self.lonDegrees = lonDegrees
        self.latDegrees = latDegrees
        self.zoom = zoom
    }
}

/// Writes a whole PMTiles v3 archive in memory: header, root directory, metadata, leaf
/// directories, tile data, in that order. Identical tile contents are stored once, consecutive
/// tile ids with one content become one run, contents lie in tile-id order of first use
/// (`clustered`), and entries move into leaf directories when header and root would exceed
/// `headerAndRootLimitBytes`. The same input gives the same bytes.
public struct PMTilesWriter: Sendable {
    /// What the tiles are (header byte 99).
    public var tileType: PMTilesTileType
    /// How the caller compressed the tiles (header byte 98); the writer stores tiles as given.
    public var tileCompression: PMTilesCompression
    /// How directories and metadata are compressed (header byte 97): `compress` is applied to
    /// each unless this is `.none`.
    public var internalCompression: PMTilesCompression
    /// Compresses one directory or the metadata in the `internalCompression` format; must be
    /// deterministic for the archive to be.
    public var compress: @Sendable ([UInt8]) -> [UInt8]
    /// The most header and root directory may take together, bytes: 16,383, under the spec's
    /// 16,384 as its text words it (readers, this one and go-pmtiles, accept 16,384 itself).
    public var headerAndRootLimitBytes = PMTilesHeader.headerAndRootLimitBytes - 1
    /// The fewest entries a leaf directory holds when leaves are needed (grown by a fifth until
    /// the root fits, as go-pmtiles does).
    public var minimumLeafEntries = 4096

    public init(tileType: PMTilesTileType = .mvt, tileCompression: PMTilesCompression = .gzip,
                internalCompression: PMTilesCompression, compress: @escaping @Sendable ([UInt8]) -> [UInt8]) {
        self.tileType = tileType
        self.tileCompression = tileCompression
        self.internalCompression = internalCompression
        self.compress = compress
    }

    /// The archive's bytes (`archiveParts` laid end to end).
    public func archive(tiles: [(tileID: UInt64, bytes: [UInt8])], metadataJSON: [UInt8], bounds: PMTilesBounds,
                        minZoom: Int, maxZoom: Int, center: PMTilesCenter) throws(PMTilesWriteError) -> [UInt8] {
        Array(try archiveParts(tiles: tiles, metadataJSON: metadataJSON, bounds: bounds, minZoom: minZoom, maxZoom: maxZoom, center: center).joined())
    }

    /// The archive as consecutive parts: the header, root directory, metadata and leaf
    /// directories in one, then each distinct tile content (the given arrays, not copied), so a
    /// writer streams them without laying the archive out in memory once more.
    /// - Parameters:
    ///   - tiles: every tile, sorted by strictly increasing tile id (`TileID.id(z:x:y:)`), each
    ///     already compressed as `tileCompression` says, 1 byte to 4 GiB - 1 long.
    ///   - metadataJSON: the JSON metadata, uncompressed (the writer compresses it).
    ///   - bounds, minZoom, maxZoom, center: the header's extent, zoom range (0...31, covering
    ///     every tile's zoom) and initial view.
    /// - Throws: `PMTilesWriteError` for empty, unsorted, empty-content or out-of-range tiles, bad
    ///   zooms, non-finite or out-of-range coordinates, an `.unknown` internal compression, or a
    ///   root that cannot fit `headerAndRootLimitBytes`.
    public func archiveParts(tiles: [(tileID: UInt64, bytes: [UInt8])], metadataJSON: [UInt8], bounds: PMTilesBounds,
                             minZoom: Int, maxZoom: Int, center: PMTilesCenter) throws(PMTilesWriteError) -> [[UInt8]] {
        try checkSettings(bounds: bounds, minZoom: minZoom, maxZoom: maxZoom, center: center)
        try checkTiles(tiles, minZoom: minZoom, maxZoom: maxZoom)
        let layout = TileLayout(tiles)
        let directories = try directoryLayout(layout.entries)
        let metadata = internallyCompressed(metadataJSON)
        var header = PMTilesHeader()
        header.root = PMTilesSection(offsetBytes: UInt64(PMTilesHeader.byteCount), lengthBytes: UInt64(directories.root.count))
        header.metadata = PMTilesSection(offsetBytes: header.root.endBytes!, lengthBytes: UInt64(metadata.count))
        header.leafDirectories = PMTilesSection(offsetBytes: header.metadata.endBytes!, lengthBytes: UInt64(directories.leaves.count))
        header.tileData = PMTilesSection(offsetBytes: header.leafDirectories.endBytes!, lengthBytes: layout.dataBytes)
        header.addressedTilesCount = UInt64(tiles.count)
        header.tileEntriesCount = UInt64(layout.entries.count)
        header.tileContentsCount = UInt64(layout.contentsCount)
        describe(&header, bounds: bounds, minZoom: minZoom, maxZoom: maxZoom, center: center)
        let head = header.encoded() + directories.root + metadata + directories.leaves
        return [head] + layout.contents
    }

    /// Fills the header's flags, enums, zooms, bounds and center.
    private func describe(_ header: inout PMTilesHeader, bounds: PMTilesBounds, minZoom: Int, maxZoom: Int, center: PMTilesCenter) {
        header.clustered = true
        header.internalCompression = internalCompression
        header.tileCompression = tileCompression
        header.tileType = tileType
        (header.minZoom, header.maxZoom, header.centerZoom) = (UInt8(minZoom), UInt8(maxZoom), UInt8(center.zoom))
        (header.minLonE7, header.minLatE7) = (Self.e7(bounds.minLonDegrees), Self.e7(bounds.minLatDegrees))
        (header.maxLonE7, header.maxLatE7) = (Self.e7(bounds.maxLonDegrees), Self.e7(bounds.maxLatDegrees))
        (header.centerLonE7, header.centerLatE7) = (Self.e7(center.lonDegrees), Self.e7(center.latDegrees))
    }

    /// Degrees × 10^7, rounded to nearest, halves away from zero (the caller has checked
    /// |degrees| ≤ 180). Rounds by hand: `rounded()` would call libm's `round`, and the module
    /// links nothing.
    static func e7(_ degrees: Double) -> Int32 {
        let scaled = degrees * 10_000_000
        let whole = Int64(scaled)
        let fraction = scaled - Double(whole)  // exact: |scaled| < 2^52
        return Int32(fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole)
    }

    /// `bytes` compressed with the internal compression (as is for `.none`).
    func internallyCompressed(_ bytes: [UInt8]) -> [UInt8] {
        internalCompression == .none ? bytes : compress(bytes)
    }
}
