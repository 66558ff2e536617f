import CGDAL
import Foundation

extension RasterDataset {
    /// The dataset's metadata items in GDAL's default domain (`KEY=VALUE`: a GeoTIFF's
    /// `TIFFTAG_IMAGEDESCRIPTION`, `TIFFTAG_COPYRIGHT`, a producer's own keys), by key; empty when
    /// it has none.
    public func metadataItems() -> [String: String] {
        guard let list = GDALGetMetadata(handle, nil) else { return [:] }
        var items: [String: String] = [:]
        var k = 0
        while let entry = list[k] {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") { items[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            k += 1
        }
        return items
    }
}
