import Foundation

/// The elevation credit `init` writes: the provider's own attribution where the DEM's file name
/// (or its GDAL metadata) says which product it is, else a placeholder the build refuses
/// (`PlaceholderText`), so no pack ships a file name as its credit.
enum StarterCredit {
    /// The placeholder written for a DEM `init` does not recognise.
    static let placeholder = "Elevation: (DEM provider and licence)"

    /// A recognised product: its name for the recipe comment and its credit line.
    struct Product: Equatable {
        var name: String
        var credit: String
    }

    /// SRTM tiles as NASA and USGS serve them: `N43E005.hgt`, `.hgt.zip`, `.SRTMGL1.hgt.zip`,
    /// `N22W160v2.3a.hgt.zip`.
    static let srtm = Product(name: "SRTM (NASA/USGS)",
                              credit: "Elevation: SRTM, courtesy of NASA and the U.S. Geological Survey (public domain)")
    /// Copernicus DEM GLO-30 (`Copernicus_DSM_COG_10_...`: 1 arc-second), wording of its licence.
    static let copernicus30 = Product(name: "Copernicus DEM GLO-30",
                                      credit: "Elevation: produced using Copernicus WorldDEM-30 © DLR e.V. 2010-2014 and © Airbus Defence and Space GmbH 2014-2018 provided under COPERNICUS by the European Union and ESA; all rights reserved")
    /// Copernicus DEM GLO-90 (`Copernicus_DSM_COG_30_...`: 3 arc-seconds).
    static let copernicus90 = Product(name: "Copernicus DEM GLO-90",
                                      credit: "Elevation: produced using Copernicus WorldDEM-90 © DLR e.V. 2010-2014 and © Airbus Defence and Space GmbH 2014-2018 provided under COPERNICUS by the European Union and ESA; all rights reserved")
    /// USGS 3D Elevation Program tiles: `USGS_13_n44w072_20220301.tif`, `USGS_1_n44w072.tif`,
    /// `USGS_one_meter_...`.
    static let usgs3DEP = Product(name: "USGS 3DEP",
                                  credit: "Elevation: U.S. Geological Survey, 3D Elevation Program (3DEP) (public domain)")

    /// File-name patterns (case-insensitive, on the last path component, an archive's or the
    /// file's inside it) and the product each names.
    static let patterns: [(regex: String, product: Product)] = [
        (#"^[ns]\d{2}[ew]\d{3}(\.srtmgl[13]|v[0-9.]+[a-z]?)?\.hgt(\.zip|\.gz)?$"#, srtm),
        (#"^copernicus_dsm_(cog_)?10_[ns]\d{2}_\d{2}_[ew]\d{3}_\d{2}"#, copernicus30),
        (#"^copernicus_dsm_(cog_)?30_[ns]\d{2}_\d{2}_[ew]\d{3}_\d{2}"#, copernicus90),
        (#"^usgs_(13|1|2|one_meter|1m)_"#, usgs3DEP),
    ]

    /// Words in GDAL metadata values naming a product (a GeoTIFF description or copyright).
    static let metadataWords: [(word: String, product: Product)] = [
        ("copernicus", copernicus30), ("srtm", srtm), ("3dep", usgs3DEP),
    ]

    /// The product `dem` (a path as given to `init`, `/vsi` prefixes allowed) is, from its file
    /// name, else from `metadata` (the dataset's GDAL metadata items). Nil when neither says.
    static func product(dem: String, metadata: [String: String] = [:]) -> Product? {
        let names = dem.split(separator: "/").suffix(2).map { $0.lowercased() }.reversed()
        for name in names {
            for (regex, product) in patterns where name.range(of: regex, options: .regularExpression) != nil { return product }
        }
        let text = metadata.values.joined(separator: " ").lowercased()
        return metadataWords.first { text.contains($0.word) }?.product
    }

    /// The credit line for `dem`: its product's, else `placeholder`.
    static func credit(dem: String, metadata: [String: String] = [:]) -> String {
        product(dem: dem, metadata: metadata)?.credit ?? placeholder
    }
}
