import Bindings
import Foundation
import PackSpec
import TrailpackCore

/// A DEM too coarse for the grids made from it: the region grid (`terrain.resolutionM`) and the
/// AR patches (`ar.resolutionM`) are resampled from the DEM with a smooth kernel, and a grid much
/// finer than its source shows the kernel's curves, not the ground (a 30″ DEM, cells of about
/// 900 m, made into a 10 m patch: a megabyte of invented detail). A resolution the recipe sets
/// is kept with a warning naming the DEM, both resolutions and the resolution that suits it.
/// An AR patch is never that much finer than its source unless the recipe insists: with routes
/// and the default `ar.resolutionM`, the build stops and asks for the key (the SPEC makes the
/// patch 10 m unless the recipe says otherwise, so the build may not pick a coarser one on its
/// own). `trailpack init` writes resolutions that suit its DEM.
public enum SourceResolution {
    /// How many times finer than its source's cells a grid may be before the build warns (and
    /// refuses the default AR resolution). 10: SRTM 3″ (cells of at most 93 m), the global DEM many
    /// regions start from and the bundled Jacksboro demo, stays under it with the default 10 m
    /// patch (9.3×) and 30 m grid (3.1×), as the SPEC pairs them; 30″ DEMs (GTOPO30, GMTED2010,
    /// about 930 m) are 93× the patch and 31× the grid. A 3× rule would warn on every 3″ region.
    public static let factor = RegionExpectations.maxSourceCoarseness

    /// The ground size of the finest DEM source at `point`: its file and its cell's two sides,
    /// metres; nil when no source covers `point` or none can say.
    static func finestSource(_ dem: [RasterDataset], at point: LonLat) -> (file: String, xM: Double, yM: Double)? {
        let sizes = dem.compactMap { source -> (file: String, xM: Double, yM: Double)? in
            guard let extent = try? source.lonLatExtent(), extent.contains(point),
                  let cell = try? source.groundCellSizeM(at: point) else { return nil }
            return (source.path, cell.xM, cell.yM)
        }
        return sizes.min { max($0.xM, $0.yM) < max($1.xM, $1.yM) }
    }

    /// Where the region's resolutions are judged: the recipe's bbox centre, else the centre of
    /// its trails and POIs, else that of the first DEM source.
    static func referencePoint(_ recipe: Recipe, inputs: LoadedInputs) -> LonLat? {
        if let bbox = recipe.bbox { return bbox.center }
        if let box = BBox(covering: inputs.trails.flatMap(\.coords) + inputs.pois.map(\.location)) { return box.center }
        return inputs.dem.first.flatMap { try? $0.lonLatExtent() }?.center
    }

    /// Checks both resolutions of `recipe` against the finest DEM at the region's reference
    /// point; returns the warnings.
    /// - Throws: `BuildError.recipe` naming `ar.resolutionM` when the recipe has routes, leaves
    ///   the AR resolution at its default and the DEM is more than `factor` times coarser.
    static func check(_ recipe: Recipe, inputs: LoadedInputs) throws -> [Diagnostic] {
        guard let point = referencePoint(recipe, inputs: inputs), let source = finestSource(inputs.dem, at: point) else { return [] }
        try refuseDefaultPatch(recipe, source: source, latDeg: point.lat)
        var out: [Diagnostic] = []
        if !recipe.routes.isEmpty, let d = judge(recipe.ar.resolutionM, explicit: recipe.ar.resolutionIsExplicit, grid: "the AR patch", key: "ar.resolutionM",
                         source: source, latDeg: point.lat) { out.append(d) }
        if let d = judge(recipe.terrain.resolutionM, explicit: recipe.terrain.resolutionIsExplicit, grid: "the region grid",
                         key: "terrain.resolutionM", source: source, latDeg: point.lat) { out.append(d) }
        return out
    }

    /// Stops a build whose AR patches would be the default resolution over a DEM more than
    /// `factor` times coarser: the recipe must choose (the suited resolution, or insist on the
    /// default by setting it).
    static func refuseDefaultPatch(_ recipe: Recipe, source: (file: String, xM: Double, yM: Double), latDeg: Double) throws {
        let sourceM = max(source.xM, source.yM), defaultM = recipe.ar.resolutionM
        guard !recipe.routes.isEmpty, !recipe.ar.resolutionIsExplicit, sourceM > factor * defaultM else { return }
        throw BuildError.recipe(file: recipe.path, line: 0, keyPath: "ar.resolutionM", message: String(
            format: "the DEM %@ has cells of %.0f × %.0f m on the ground (at %.2f°), more than %d× the default %@ m AR patch, which would show the resampling kernel, not the ground; set ar: { resolutionM: %@ } in the recipe (%d× finer than the DEM), or ar: { resolutionM: %@ } to insist on the finer patch, or use a finer DEM",
            source.file, source.xM, source.yM, latDeg, Int(factor), metres(defaultM),
            metres(suited(defaultM, sourceM: sourceM)), Int(factor), metres(defaultM)))
    }

    /// The resolution a grid over a source of `sourceM` cells should have, metres: `factor`
    /// times finer than the source (whole metres, rounded up), never finer than `resolutionM`.
    public static func suited(_ resolutionM: Double, sourceM: Double) -> Double {
        max(resolutionM, (sourceM / factor).rounded(.up))
    }

    /// The warning for one grid of `resolutionM` over `source`; nil when the source is fine enough.
    static func judge(_ resolutionM: Double, explicit: Bool, grid: String, key: String,
                      source: (file: String, xM: Double, yM: Double), latDeg: Double) -> Diagnostic? {
        let sourceM = max(source.xM, source.yM)
        guard sourceM > factor * resolutionM else { return nil }
        let cell = String(format: "%.0f × %.0f m on the ground (at %.2f°, the region's centre latitude)", source.xM, source.yM, latDeg)
        let message = "the DEM's cells are \(cell), more than \(Int(factor))× \(grid)'s \(metres(resolutionM)) m (\(key)\(explicit ? "" : ", its default")): "
            + "so much finer than its source, it shows the resampling kernel, not the ground; "
            + (explicit ? "\(key) is set in the recipe, so it is kept"
                        : "set \(key): \(metres(suited(resolutionM, sourceM: sourceM))) in the recipe (\(Int(factor))× finer than the DEM), or a finer DEM")
        return Diagnostic(.warning, source.file, message)
    }

    /// Metres with one decimal, or none when whole.
    static func metres(_ v: Double) -> String {
        v == v.rounded() ? String(format: "%.0f", v) : String(format: "%.1f", v)
    }
}
