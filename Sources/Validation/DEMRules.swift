import Bindings
import Foundation
import PackJSON
import PackReader
import TrailpackCore

/// `validate --dem`: a region against its source DEMs, read through the build's own GDAL paths
/// (`RasterDataset.warp` onto the pack's grid with the recipe's kernel, cubic spline by default,
/// `fillNoData`, `hillshade`). Each comparison records its figures; thresholds are below and
/// in docs/VALIDATION.md.
struct DEMRules {
    let log: ProblemLog
    /// Problem file names are `prefix + relative path`.
    let prefix: String
    let demPaths: [String]
    /// The kernel the build resampled with (the recipe's `terrain.kernel`).
    let kernel: ResamplingKernel
    let seed: UInt64

    /// Random points per grid comparison.
    static let samplePoints = 4000
    /// Terrain and AR patches: the RMS and worst difference allowed (metres).
    static let gridRMSLimitM = 2.0
    static let gridWorstLimitM = 20.0
    /// Contours: the share of vertices more than one interval off the DEM allowed.
    static let contourShareLimit = 0.02
    /// Hillshade: the lowest correlation with the recomputed hillshade allowed.
    static let hillshadeCorrelationLimit = 0.9
    /// POIs: the largest difference from the DEM allowed (metres).
    static let poiLimitM = 2.0

    /// What the region validator read and hands over.
    struct Inputs {
        var terrain: (grid: TerrainGrid, file: String)?
        var hillshade: (image: PNGImage, bounds: BBox, lighting: RasterDataset.HillshadeOptions, file: String)?
        var contours: (doc: JSONNode, intervalM: Double, file: String)?
        var pois: (doc: JSONNode, file: String)?
        var arPatches: [(grid: TerrainGrid, file: String)] = []
    }

    /// The hillshade's pixels, outer bounds and lighting from its manifest entry; nil when the
    /// bounds are invalid or the PNG does not decode (both reported by their own rules).
    static func hillshadeInput(_ node: JSONNode, bytes: [UInt8], file: String)
        -> (image: PNGImage, bounds: BBox, lighting: RasterDataset.HillshadeOptions, file: String)? {
        guard let bounds = FileEntryView(node).bounds, bounds.problem == nil, let image = try? PNGImage.decode(bytes) else { return nil }
        var lighting = RasterDataset.HillshadeOptions()
        if let v = node["azimuthDeg"]?.doubleValue { lighting.azimuthDeg = v }
        if let v = node["altitudeDeg"]?.doubleValue { lighting.altitudeDeg = v }
        if let v = node["zFactor"]?.doubleValue { lighting.zFactor = v }
        if node["multidirectional"]?.value == .bool(true) { lighting.multidirectional = true }
        return (image, bounds, lighting, file)
    }

    func run(_ inputs: Inputs) {
        let manifestFile = prefix + "manifest.json"
        var sources: [RasterDataset] = []
        for path in demPaths {
            do { sources.append(try RasterDataset.open(path: Self.gdalPath(path))) } catch {
                log.add(.demRead, file: manifestFile, at: .file, expected: "a readable DEM at \(path)", found: error.description)
                return
            }
        }
        guard let region = inputs.terrain?.grid.bounds ?? inputs.arPatches.first?.grid.bounds else { return }
        let covering = sources.filter { (try? $0.lonLatExtent())?.intersects(region) ?? false }
        guard !covering.isEmpty else {
            log.add(.demRead, file: manifestFile, at: .file, expected: "a --dem source covering the region \(region)",
                    found: "none of \(demPaths.joined(separator: ", ")) does")
            return
        }
        do {
            if let terrain = inputs.terrain {
                let raster = try warpedRaster(covering, onto: terrain.grid)
                let dem = try grid(of: raster, like: terrain.grid)
                compareGrid(terrain.grid, with: dem, rule: .demTerrain, file: terrain.file)
                if let pois = inputs.pois { comparePOIs(pois.doc, dem: dem, file: pois.file) }
                if let contours = inputs.contours { compareContours(contours.doc, intervalM: contours.intervalM, dem: dem, file: contours.file) }
                if let shade = inputs.hillshade {
                    try compareHillshade(shade.image, bounds: shade.bounds, lighting: shade.lighting, terrain: terrain.grid, dem: raster,
                                         file: shade.file)
                }
            }
            for patch in inputs.arPatches {
                let raster = try warpedRaster(covering, onto: patch.grid)
                compareGrid(patch.grid, with: try grid(of: raster, like: patch.grid), rule: .demARPatch, file: patch.file)
            }

        } catch {
            log.add(.demRead, file: manifestFile, at: .file, expected: "the DEM read and resampled onto the pack's grids",
                    found: String(describing: error))
        }
    }

    /// A `.zip` DEM is read through GDAL's `/vsizip/`, as recipes read it.
    static func gdalPath(_ path: String) -> String {
        guard !path.hasPrefix("/vsi"), path.lowercased().hasSuffix(".zip") else { return path }
        return "/vsizip/" + URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The pixels of a raster warped onto `grid`, as an unrounded grid.
    private func grid(of raster: RasterDataset, like grid: TerrainGrid) throws -> FloatGrid {
        FloatGrid(width: grid.width, height: grid.height, bounds: grid.bounds, values: try raster.withFloat32Pixels { Array($0) })
    }

    /// The DEM on the grid of `grid` (pixel centres on its samples), voids filled, unrounded.
    private func warpedRaster(_ sources: [RasterDataset], onto grid: TerrainGrid) throws -> RasterDataset {
        let geometry = GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds)
        let raster = try RasterDataset.warp(sources, to: geometry, kernel: kernel, noData: -32768)
        let hasVoids = try raster.withFloat32Pixels { $0.contains { $0 <= -32768 || !$0.isFinite } }
        if hasVoids { try raster.fillNoData(maxSearchDistancePixels: Double(max(grid.width, grid.height))) }
        return raster
    }

    /// RMS and worst difference at seeded random points, both sampled with the SPEC sampler.
    private func compareGrid(_ grid: TerrainGrid, with dem: FloatGrid, rule: ValidationRule, file: String) {
        var rng = SplitMix64(seed: seed ^ UInt64(truncatingIfNeeded: file.hashValueStable))
        var sumSquares = 0.0, worst = 0.0, count = 0
        var worstPoint = LonLat(0, 0)
        for _ in 0..<Self.samplePoints {
            let c = rng.unit() * Double(grid.width - 1), r = rng.unit() * Double(grid.height - 1)
            let p = LonLat(grid.lon(column: c), grid.lat(row: r))
            guard let mine = grid.elevationM(at: p), let theirs = dem.elevationM(at: p) else { continue }
            let d = mine - theirs
            sumSquares += d * d
            count += 1
            if abs(d) > worst { worst = abs(d); worstPoint = p }
        }
        guard count > 0 else { return }
        let rms = (sumSquares / Double(count)).squareRoot()
        log.figure(rule, file: file, "rmsM", rms, limit: Self.gridRMSLimitM)
        log.figure(rule, file: file, "worstM", worst, limit: Self.gridWorstLimitM)
        if rms > Self.gridRMSLimitM || worst > Self.gridWorstLimitM {
            log.add(rule, file: file, at: .file,
                    expected: "the source DEM within RMS \(metres(Self.gridRMSLimitM)), worst \(metres(Self.gridWorstLimitM)) at \(count) random points",
                    found: "RMS \(metres(rms)), worst \(metres(worst)) at \(worstPoint)")
        }
    }

    /// The share of contour vertices more than one interval off the DEM.
    private func compareContours(_ doc: JSONNode, intervalM: Double, dem: FloatGrid, file: String) {
        var total = 0, off = 0
        var firstOff: JSONNode?
        for feature in FeatureCollectionView(doc).features {
            guard let eleNode = feature.properties?["ele"], let ele = eleNode.doubleValue, let parts = feature.lineParts else { continue }
            var featureOff = false
            for p in parts.joined() {
                guard let z = dem.elevationM(at: p) else { continue }
                total += 1
                if abs(z - ele) > intervalM { off += 1; featureOff = true }
            }
            if featureOff, firstOff == nil { firstOff = eleNode }
        }
        guard total > 0 else { return }
        let share = Double(off) / Double(total)
        log.figure(.demContours, file: file, "shareOffByMoreThanOneInterval", share, limit: Self.contourShareLimit)
        if share > Self.contourShareLimit, let firstOff {
            log.add(.demContours, file: file, node: firstOff,
                    expected: "at most \(format(Self.contourShareLimit * 100))% of vertices more than one interval (\(format(intervalM)) m) off the DEM",
                    found: "\(format((share * 1000).rounded() / 10))% (\(off) of \(total)); the first such line here")
        }
    }

    /// Correlation of hillshade.png with a hillshade recomputed from the DEM on the terrain
    /// grid, each terrain sample against the PNG pixel holding it.
    private func compareHillshade(_ image: PNGImage, bounds: BBox, lighting: RasterDataset.HillshadeOptions, terrain: TerrainGrid,
                                  dem: RasterDataset, file: String) throws {
        var options = lighting
        options.groundMetresPerUnit = GridGeometry(width: terrain.width, height: terrain.height, bounds: terrain.bounds).mercatorScale
        let shaded = try dem.hillshade(options)
        let reference = try shaded.readBytes()
        let yNorth = WebMercator.y(latDeg: bounds.north), ySouth = WebMercator.y(latDeg: bounds.south)
        var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0, n = 0.0
        for r in 0..<terrain.height {
            let y = WebMercator.y(latDeg: terrain.lat(row: Double(r)))
            let py = Int(((yNorth - y) / (yNorth - ySouth) * Double(image.height)).rounded(.down))
            guard py >= 0, py < image.height else { continue }
            for c in 0..<terrain.width {
                let lon = terrain.lon(column: Double(c))
                let px = Int(((lon - bounds.west) / (bounds.east - bounds.west) * Double(image.width)).rounded(.down))
                guard px >= 0, px < image.width else { continue }
                let a = Double(image.pixels[(py * image.width + px) * image.channels])
                let b = Double(reference[r * terrain.width + c])
                sx += a; sy += b; sxx += a * a; syy += b * b; sxy += a * b; n += 1
            }
        }
        guard n > 1 else { return }
        let cov = sxy - sx * sy / n, va = sxx - sx * sx / n, vb = syy - sy * sy / n
        let correlation = va > 0 && vb > 0 ? cov / (va * vb).squareRoot() : (va == vb ? 1 : 0)
        log.figure(.demHillshade, file: file, "correlation", correlation, limit: Self.hillshadeCorrelationLimit)
        if correlation < Self.hillshadeCorrelationLimit {
            log.add(.demHillshade, file: file, at: .file,
                    expected: "a correlation of at least \(format(Self.hillshadeCorrelationLimit)) with the hillshade recomputed from the DEM",
                    found: "\((correlation * 1000).rounded() / 1000)")
        }
    }

    /// POI `ele` against the DEM resampled onto the terrain grid (as the build samples it) at the POI.
    private func comparePOIs(_ doc: JSONNode, dem: FloatGrid, file: String) {
        var worst = 0.0
        for feature in FeatureCollectionView(doc).features {
            guard let eleNode = feature.properties?["ele"], let ele = eleNode.doubleValue, let p = feature.point else { continue }
            guard let z = dem.elevationM(at: p) else { continue }
            worst = max(worst, abs(z - ele))
            if abs(z - ele) > Self.poiLimitM {
                log.add(.demPOIEle, file: file, node: eleNode, expected: "\(metres(z)) (the DEM, within \(metres(Self.poiLimitM)))", found: format(ele))
            }
        }
        log.figure(.demPOIEle, file: file, "worstM", worst, limit: Self.poiLimitM)
    }
}
