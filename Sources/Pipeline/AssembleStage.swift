import Bindings
import Foundation
import Landmarks
import MapStyle
import PackJSON
import PackReader
import PackSpec
import Rerouting
import RouteCore
import RouteFinish
import TrailGraph
import TrailpackCore

/// A file written into a region folder: its path relative to the folder, size and digest.
public struct WrittenFile: Sendable, Equatable {
    public var path: String
    public var bytes: Int
    public var sha256: String

    /// `{ "path", "bytes", "sha256" }` plus `extra` members.
    func json(_ extra: [(String, JSONValue)] = []) -> JSONValue {
        .object(JSONObject([("path", .string(path)), ("bytes", .int(bytes)), ("sha256", .string(sha256))] + extra))
    }
}

/// Stage: turns products into the SPEC's JSON documents and GeoJSON features.
public enum AssembleStage {
    public static let generator = "\(PackTree.generatorName) \(TrailpackVersion.current)"

    static func bounds(_ b: BBox) -> JSONValue { .array(b.array.map { .number($0) }) }

    /// The route file's `stats` object.
    static func stats(_ s: RouteStats) -> JSONValue { RouteFileJSON.stats(s) }

    /// The route file's `arPatch` object; in the manifest (`withFilledVoids`) with the route's
    /// run over filled voids when it has one (`filledVoids`, docs/FORMAT.md).
    static func arPatch(_ route: BuiltRoute, file: WrittenFile, withFilledVoids: Bool = false) -> JSONValue {
        var extra: [(String, JSONValue)] = [("bounds", bounds(route.arPatch.bounds)), ("width", .int(route.arPatch.width)),
                                            ("height", .int(route.arPatch.height)), ("resolutionM", .number(route.arResolutionM, decimals: 2))]
        let run = route.filledStretches
        if withFilledVoids, run.totalM > 0 {
            extra.append(("filledVoids", ["routeM": .number(run.totalM, decimals: 1), "longestM": .number(run.longestM, decimals: 1),
                                          "vertices": .array([.int(run.from), .int(run.to)])]))
        }
        return file.json(extra)
    }

    /// `routes/<id>.json` per SPEC.
    public static func routeDocument(_ route: BuiltRoute, arFile: WrittenFile) -> JSONValue {
        var document: JSONObject = ["id": .string(route.id), "name": .string(route.name), "blurb": .string(route.blurb),
                "coords": RouteFileJSON.coords(route.coords, elevationsM: route.elevationsM), "cum": RouteFileJSON.cum(route.cumM),
                "waypoints": RouteFileJSON.waypoints(route.waypoints), "stats": stats(route.stats), "arPatch": arPatch(route, file: arFile)]
        if !route.landmarks.isEmpty { document["landmarks"] = RouteFileJSON.landmarks(route.landmarks.map(\.packEntry)) }
        return .object(document)
    }

    /// `manifest.json` per SPEC.
    public static func manifest(recipe: Recipe, bbox: BBox, terrain: TerrainProducts, files: [String: WrittenFile],
                                routes: [(BuiltRoute, file: WrittenFile, ar: WrittenFile)],
                                routing: (nodes: Int, edges: Int)? = nil, mapAssets: [WrittenFile] = []) -> JSONValue {
        var terrainExtra: [(String, JSONValue)] = [
            ("bounds", bounds(terrain.grid.bounds)), ("width", .int(terrain.grid.width)),
            ("height", .int(terrain.grid.height)), ("resolutionM", .number(terrain.geometry.resolutionM, decimals: 2)),
        ]
        if terrain.voids.filledCells > 0 {
            var voids: [(String, JSONValue)] = [("cells", .int(terrain.voids.filledCells)), ("areaCount", .int(terrain.voids.voidAreas)),
                                                ("largestCells", .int(terrain.voids.largestVoidCells))]
            if let b = terrain.voids.largestVoidBounds { voids.append(("largestBounds", bounds(b))) }
            // Every filled area's box (the validator warns about routes crossing one), largest first.
            voids.append(("areas", .array(terrain.voids.areaBounds.prefix(1000).map { bounds($0) })))
            terrainExtra.append(("filledVoids", .object(JSONObject(voids))))
        }
        var hillshadeExtra: [(String, JSONValue)] = [
            ("bounds", bounds(terrain.hillshadeBounds)), ("width", .int(terrain.hillshade.width)), ("height", .int(terrain.hillshade.height)),
        ]
        let h = recipe.terrain.hillshade
        if !h.isDefault {
            hillshadeExtra += [("azimuthDeg", .number(h.azimuthDeg)), ("altitudeDeg", .number(h.altitudeDeg)),
                               ("zFactor", .number(h.zFactor)), ("multidirectional", .bool(h.multidirectional))]
        }
        var fileObjects: JSONObject = [
            "terrain": files["terrain"]!.json(terrainExtra),
            "hillshade": files["hillshade"]!.json(hillshadeExtra),
            "contours": contoursEntry(files["contours"], intervalM: terrain.contourIntervalM),
            "trails": files["trails"]!.json(),
            "pois": files["pois"]!.json(),
        ]
        if let style = files["style"] {
            fileObjects["style"] = style.json()
            fileObjects["mapAssets"] = .array(mapAssets.map { $0.json() })
        }
        if let routing, let file = files["routing"] {
            fileObjects["routing"] = file.json([("nodes", .int(routing.nodes)), ("edges", .int(routing.edges))])
        }
        let routeEntries: [JSONValue] = routes.map { route, file, ar in
            ["id": .string(route.id), "name": .string(route.name), "file": file.json(),
             "stats": stats(route.stats), "arPatch": arPatch(route, file: ar, withFilledVoids: true)]
        }
        return ["formatVersion": .int(PackTree.formatVersion), "id": .string(recipe.id), "name": .string(recipe.name), "bbox": bounds(bbox),
                "attribution": .array(recipe.attribution.map { .string($0) }), "generator": .string(generator),
                "files": .object(fileObjects), "routes": .array(routeEntries)]
    }

    /// `files.contours`: the GeoJSON file with `intervalM`, or, when the contours are in the
    /// map's tiles (no file), `{ intervalM, tiles, layer }` (SPEC).
    static func contoursEntry(_ file: WrittenFile?, intervalM: Double) -> JSONValue {
        guard let file else {
            return ["intervalM": .number(intervalM), "tiles": .string(StyleSheet.tilesPath), "layer": "contours"]
        }
        return file.json([("intervalM", .number(intervalM))])
    }

    /// Contour features: `ele` (integer metres when the interval is whole) and `index`.
    public static func contourFeatures(_ terrain: TerrainProducts) -> (fields: [GeoJSONField], features: [GeoJSONFeature]) {
        (contourFields(terrain), terrain.contours.indices.map { contourFeature(terrain, $0) })
    }

    /// The fields of `contours.geojson`: `ele` (integer when the interval is whole metres) and `index`.
    public static func contourFields(_ terrain: TerrainProducts) -> [GeoJSONField] {
        let whole = terrain.contourIntervalM == terrain.contourIntervalM.rounded()
        return [GeoJSONField("ele", whole ? .integer : .real), GeoJSONField("index", .boolean)]
    }

    /// Contour `k` as a feature (the same as `contourFeatures(terrain).features[k]`).
    public static func contourFeature(_ terrain: TerrainProducts, _ k: Int) -> GeoJSONFeature {
        let line = terrain.contours[k]
        let whole = terrain.contourIntervalM == terrain.contourIntervalM.rounded()
        return GeoJSONFeature(geometry: .lineString(line.coords), values: [
            whole ? .integer(Int(line.eleM.rounded())) : .real(line.eleM),
            .boolean(ContourInterval.isIndex(eleM: line.eleM, intervalM: terrain.contourIntervalM)),
        ])
    }

    /// Trail features (clipped to the region) and one feature per route carrying `routeId`.
    public static func trailFeatures(trails: [(name: String?, coords: [LonLat])], routes: [BuiltRoute], bbox: BBox) -> [GeoJSONFeature] {
        var out: [GeoJSONFeature] = []
        for t in trails {
            for part in VectorGeometry.lineString(t.coords).clipped(to: bbox) {
                out.append(GeoJSONFeature(geometry: .lineString(part), values: [t.name.map { .string($0) } ?? .null, nil]))
            }
        }
        for r in routes {
            out.append(GeoJSONFeature(geometry: .lineString(r.coords), values: [.string(r.name), .string(r.id)]))
        }
        return out
    }

    /// For each trail line (by id), the index in `trails.geojson` of the feature of its first
    /// part inside the region, as `trailFeatures` writes them; lines with no part inside are absent.
    public static func trailFeatureIndex(_ trails: [TrailLine], bbox: BBox) -> [String: Int] {
        var index: [String: Int] = [:]
        var next = 0
        for t in trails {
            let parts = VectorGeometry.lineString(t.coords).clipped(to: bbox).count
            if parts > 0 { index[t.id] = next }
            next += parts
        }
        return index
    }

    /// Simplification (metres) of the lines that carry trail names in vector tiles.
    static let trailNameToleranceM = 60.0

    /// Named trails simplified by `trailNameToleranceM` (Douglas–Peucker): where the style places
    /// trail names (mapped trails zigzag vertex by vertex, and a label needs a smooth stretch).
    static func trailNameFeatures(_ trails: [TrailLine], bbox: BBox) -> [GeoJSONFeature] {
        trails.compactMap { t -> [GeoJSONFeature]? in
            guard let name = t.name else { return nil }
            return VectorGeometry.lineString(t.coords).clipped(to: bbox).map { part in
                let corners = (try? Resampler.resample(part, options: Resampler.Options(cornerToleranceM: trailNameToleranceM)).cornerInputIndices)
                    ?? Array(part.indices)
                return GeoJSONFeature(geometry: .lineString(corners.map { part[$0] }), values: [.string(name)])
            }
        }.flatMap { $0 }
    }

    /// The zoom from which a feature of `trailNameFeatures` carries its name (`TrailNameZoom`).
    static func trailNameZoom(_ feature: GeoJSONFeature) -> Double {
        guard case .string(let name)? = feature.values.first, case .lineString(let coords) = feature.geometry else {
            return TrailNameZoom.zoomRange.upperBound
        }
        return TrailNameZoom.zoom(name: name, coords: coords)
    }

    public static let trailFields = [GeoJSONField("name", .string), GeoJSONField("routeId", .string)]
    public static let poiFields = [GeoJSONField("name", .string), GeoJSONField("kind", .string), GeoJSONField("ele", .real)]

    /// POI features with `ele` from the DEM.
    public static func poiFeatures(_ pois: [PointOfInterest]) -> [GeoJSONFeature] {
        pois.map { p in
            GeoJSONFeature(geometry: .point(p.location),
                           values: [.string(p.name), .string(p.kind), p.eleM.map { .real(($0 * 10).rounded() / 10) } ?? .null])
        }
    }
}

/// The tool's semantic version (also in `generator`).
public enum TrailpackVersion {
    public static let current = "0.1.0"
}
