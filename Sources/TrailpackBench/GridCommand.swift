import Foundation
import TrailpackCore

/// `trailpack-bench grid`: the region grid trailpack builds for a bbox and resolution, as the
/// arguments the GDAL command-line chain needs to produce the same grid.
enum GridCommand {
    /// Prints `TE="xmin ymin xmax ymax" TS="w h" SCALE=cos(lat) CELLS=n` (shell-sourceable).
    static func run(bboxText: String?, resolutionText: String?) {
        guard let parts = bboxText?.split(separator: ",").compactMap({ Double($0) }), parts.count == 4,
              let resolutionM = resolutionText.flatMap(Double.init)
        else { usageFailure("grid needs --bbox W,S,E,N and --resolution METRES") }
        let bounds = BBox(west: parts[0], south: parts[1], east: parts[2], north: parts[3])
        let grid = GridGeometry(bounds: bounds, resolutionM: resolutionM)
        let gt = grid.mercatorGeoTransform
        // Same extent and formatting as RasterDataset.warp (pixel centres on the samples).
        func g(_ v: Double) -> String { String(format: "%.17g", v) }
        let te = [gt[0], gt[3] + gt[5] * Double(grid.height), gt[0] + gt[1] * Double(grid.width), gt[3]].map(g)
        print("TE=\"\(te.joined(separator: " "))\"")
        print("TS=\"\(grid.width) \(grid.height)\"")
        print("SCALE=\(g(grid.mercatorScale))")
        print("CELLS=\(grid.width * grid.height)")
    }
}
