import Bindings
import Foundation
import RouteFinish
import TrailGraph
import TrailpackCore

/// Everything a build reads from its inputs, before any product is made.
public struct LoadedInputs {
    public var dem: [RasterDataset]
    public var trails: [TrailLine]
    public var pois: [PointOfInterest]
    /// Every input file read (for the depfile).
    public var files: [String]
    public var diagnostics: [Diagnostic]
    /// The filled region grid, once the terrain stage made it (nil before, or with no void
    /// filled): the source of the AR patches' void cells (`FilledRegion`).
    var filledRegion: FilledRegion? = nil
    /// The region's landmark candidates, once the landmark stage found them: every route is
    /// finished with them (nil before, or for a region without routes).
    var landmarks: LandmarkField? = nil
}

/// Stage: opens the DEM sources and reads trails and points of interest.
public enum LoadStage {
    /// Reads the recipe's inputs.
    /// - Throws: `GDALError` naming the file that cannot be read and GDAL's reason.
    public static func run(_ recipe: Recipe) throws -> LoadedInputs {
        var diagnostics: [Diagnostic] = []
        let (dem, demNotes) = try DEMSources.open(recipe)
        diagnostics += demNotes
        var trails: [TrailLine] = []
        for path in recipe.trails {
            let (lines, notes) = try TrailSource.read(path: path, recipe: recipe)
            trails += lines
            diagnostics += notes
        }
        var pois: [POIMerge.Sourced] = []
        for source in recipe.pois {
            switch source {
            case .inline(let poi):
                pois.append(POIMerge.Sourced(poi: poi, source: recipe.path))
            case .file(let path, let defaultKind):
                let features = try VectorReader.read(path: path)
                for f in features {
                    guard case .point(let p) = f.geometry else { continue }
                    guard let name = f.name else {
                        diagnostics.append(Diagnostic(.warning, path, "\(f.layer) feature \(f.index) has no name; skipped"))
                        continue
                    }
                    pois.append(POIMerge.Sourced(poi: PointOfInterest(name: name, kind: poiKind(f) ?? defaultKind, location: p), source: path))
                }
            }
        }
        let merged = POIMerge.merge(pois)
        return LoadedInputs(dem: dem, trails: trails, pois: merged.pois, files: inputFiles(recipe), diagnostics: diagnostics + merged.notes)
    }

    /// The local files `recipe` reads (DEMs, trails, POI files, tracks; an archive for a path
    /// inside it; remote sources left out), in recipe order: what a depfile lists after the recipe.
    public static func inputFiles(_ recipe: Recipe) -> [String] {
        (recipe.dem + recipe.trails + recipe.pois.compactMap {
            if case .file(let p, _) = $0 { p } else { nil }
        } + recipe.routes.compactMap {
            if case .track(let p, _, _) = $0.source { p } else { nil }
        }).filter { !RecipeLoader.isRemote($0) }.map(RecipeLoader.physicalFile)
    }

    /// A POI kind from common attributes (`kind`, OSM `natural`/`tourism`/`amenity`, GPX `sym`/`type`).
    static func poiKind(_ feature: VectorFeature) -> String? {
        if let k = feature.field("kind"), !k.isEmpty { return k }
        if let n = feature.field("natural") { return n == "peak" ? "summit" : n }
        for key in ["tourism", "amenity", "type", "sym"] {
            if let v = feature.field(key), !v.isEmpty { return v.lowercased() }
        }
        return nil
    }
}
