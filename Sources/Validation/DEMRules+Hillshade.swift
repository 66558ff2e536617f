import Bindings
import Foundation
import TrailpackCore

extension DEMRules {
    /// Candidate z-factors (times the recorded one) tried when the hillshade does not match.
    static let zFactorCandidates = [0.25, 0.5, 0.75, 1.25, 1.5, 2, 3, 4, 5]

    /// hillshade.png pixel for pixel against a hillshade recomputed by the build's own call
    /// (`RasterDataset.hillshade` of the warped DEM, on the terrain grid when the sizes agree,
    /// else on the PNG's own pixel grid): mean absolute difference, share of near pixels,
    /// contrast scale (slope of pack against reference), a shift (`dem.shift`), and on failure
    /// the z-factor that best explains it.
    /// - Throws: `GDALError` when GDAL fails.
    func compareHillshade(_ shade: HillshadeInput, terrainRaster: RasterDataset, terrain: TerrainGrid, sources: [RasterDataset]) throws {
        guard let image = try? PNGImage.decode(shade.png) else { return }
        let file = shade.file
        let sameGrid = image.width == terrain.width && image.height == terrain.height
        let geometry = sameGrid ? GridGeometry(width: terrain.width, height: terrain.height, bounds: terrain.bounds)
            : Self.pixelCentreGeometry(width: image.width, height: image.height, edges: shade.bounds)
        let raster = sameGrid ? terrainRaster : try warpedRaster(sources, onto: geometry)
        func reference(zFactor: Double) throws -> [UInt8] {
            var options = shade.lighting
            options.zFactor = zFactor
            options.groundMetresPerUnit = geometry.mercatorScale
            return try raster.hillshade(options).readBytes()
        }
        // The grey channel (the first of each pixel's samples).
        let pack = image.channels == 1 ? image.pixels : stride(from: 0, to: image.pixels.count, by: image.channels).map { image.pixels[$0] }
        let (s, shift) = Self.hillshadeDifference(pack, try reference(zFactor: shade.lighting.zFactor), width: image.width, height: image.height) {
            ($0.summary(withinLimit: Self.hillshadeNearLevels), $0.bestShift())
        }
        let nearShare = Double(s.within) / Double(s.count)
        log.figure(.demHillshade, file: file, "meanAbsLevels", s.meanAbs, limit: Self.hillshadeMeanLimit)
        log.figure(.demHillshade, file: file, "nearShare", nearShare, limit: Self.hillshadeNearShareLimit)
        log.figure(.demHillshade, file: file, "contrastScale", s.scale, limit: nil)
        reportShift(shift, minimumRMS: Double(Self.hillshadeNearLevels), unit: "pixel", file: file)
        guard s.meanAbs > Self.hillshadeMeanLimit || nearShare < Self.hillshadeNearShareLimit else { return }
        var found = "mean |difference| \(format((s.meanAbs * 100).rounded() / 100)) grey levels, \(format((nearShare * 1000).rounded() / 10))% of pixels within \(Int(Self.hillshadeNearLevels)); contrast scale \(format((s.scale * 100).rounded() / 100)) (slope of the pack's pixels against the reference)"
        if let fit = try bestZFactor(pack: pack, width: image.width, height: image.height, recorded: shade.lighting.zFactor, reference: reference) {
            found += "; a hillshade with zFactor \(format(fit.zFactor)) matches (mean |difference| \(format((fit.meanAbs * 100).rounded() / 100))) while the manifest records \(format(shade.lighting.zFactor))"
        }
        let r = s.worstIndex / image.width, c = s.worstIndex % image.width
        log.add(.demHillshade, file: file, at: .file,
                expected: "the hillshade recomputed from the DEM with the manifest's lighting: mean |difference| at most \(format(Self.hillshadeMeanLimit)) grey level, at least \(format(Self.hillshadeNearShareLimit * 100))% of pixels within \(Int(Self.hillshadeNearLevels))",
                found: found + "; worst at pixel row \(r), column \(c)")
    }

    /// `body` on the grey levels of the pack's hillshade against a recomputed one, as they are
    /// (bytes: no widened copies).
    private static func hillshadeDifference<T>(_ pack: [UInt8], _ reference: [UInt8], width: Int, height: Int,
                                               _ body: (GridDifference<UInt8, UInt8>) throws -> T) rethrows -> T {
        try pack.withUnsafeBufferPointer { p in
            try reference.withUnsafeBufferPointer { q in try body(GridDifference(width: width, height: height, pack: p, reference: q)) }
        }
    }

    /// The candidate z-factor whose hillshade matches `pack` within the limits, if any.
    private func bestZFactor(pack: [UInt8], width: Int, height: Int, recorded: Double,
                             reference: (Double) throws -> [UInt8]) throws -> (zFactor: Double, meanAbs: Double)? {
        var best: (zFactor: Double, meanAbs: Double)?
        for factor in Self.zFactorCandidates {
            let z = recorded * factor
            let s = Self.hillshadeDifference(pack, try reference(z), width: width, height: height) {
                $0.summary(withinLimit: Self.hillshadeNearLevels)
            }
            if s.meanAbs <= Self.hillshadeMeanLimit, Double(s.within) / Double(s.count) >= Self.hillshadeNearShareLimit,
               s.meanAbs < best?.meanAbs ?? .infinity {
                best = (z, s.meanAbs)
            }
        }
        return best
    }

    /// The grid whose pixel-is-area raster has outer edges `edges` (a hillshade's `bounds`).
    static func pixelCentreGeometry(width: Int, height: Int, edges: BBox) -> GridGeometry {
        let xW = WebMercator.metresX(lonDeg: edges.west), xE = WebMercator.metresX(lonDeg: edges.east)
        let yN = WebMercator.metresY(latDeg: edges.north), yS = WebMercator.metresY(latDeg: edges.south)
        let dx = (xE - xW) / Double(width), dy = (yN - yS) / Double(height)
        return GridGeometry(width: width, height: height, bounds: BBox(
            west: WebMercator.lonDeg(metresX: xW + dx / 2), south: WebMercator.latDeg(metresY: yS + dy / 2),
            east: WebMercator.lonDeg(metresX: xE - dx / 2), north: WebMercator.latDeg(metresY: yN - dy / 2)))
    }
}
