// swift-tools-version:6.0
import PackageDescription

// The tests run the libraries over seeded corpora (recordings, corrupted packs, previews) and the
// binary builds dozens of regions: every library and the executable are optimised in debug builds
// too, so `make test` spends its time testing. So are the test targets whose own code does heavy
// work (TestSupport, the recording simulations of GuidanceTests, the geometry checks of
// RouteCoreTests, the pixel comparisons of PreviewTests and MapRenderTests, the seeded tilings
// of VectorTilesTests and the archive corruptions of PMTilesTests); the others are not (their
// builds stay quick).
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

// trailpack: builds offline region packs (terrain, hillshade, contours, trails, routes) for
// the AR trail-navigation apps. See ARCHITECTURE.md for how the targets fit together.
let package = Package(
    name: "trailpack",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "trailpack", targets: ["trailpack"]),
        .library(name: "Pipeline", targets: ["Pipeline"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config. Module maps only.
        .systemLibrary(name: "CGDAL", pkgConfig: "gdal", providers: [.apt(["libgdal-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CPROJ", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // zlib's gzip streams (the map tiles and PMTiles directories).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's <malloc.h> (mallopt), for the executable's memory bound.
        .systemLibrary(name: "CMalloc"),
        // Linux calls Glibc's Swift module leaves out: renameat2's RENAME_EXCHANGE (a region's commit).
        .systemLibrary(name: "CLinux"),

        // Pure core: values in, values out; testable without files.
        .target(name: "PackJSON", swiftSettings: optimizedInDebug),
        // The pack's names, fixed numbers, staging folders and what a recipe lets a pack be:
        // shared by the builder and every reader of packs.
        .target(name: "PackSpec", swiftSettings: optimizedInDebug),
        .target(name: "TrailpackCore", dependencies: ["CPROJ", "PackSpec"], swiftSettings: optimizedInDebug),
        // One model of a recorded or drawn line: the local planar frame, distance along, one
        // spatial index and where the line walks the same ground the other way.
        .target(name: "TrackGeometry", dependencies: ["TrailpackCore"], swiftSettings: optimizedInDebug),
        .target(name: "RouteCore", dependencies: ["TrailpackCore", "PackSpec", "TrackGeometry"], swiftSettings: optimizedInDebug),
        // The one trail graph (routing.json's model): built from the trail lines, searched,
        // split and walked alike by the builder, the pack's network and `trailpack route`.
        .target(name: "TrailGraph", dependencies: ["TrailpackCore", "PackReader", "RouteCore"], swiftSettings: optimizedInDebug),
        .target(name: "Guidance", dependencies: ["TrailpackCore", "TrackGeometry"], swiftSettings: optimizedInDebug),
        // Landmarks in sight: candidates (POIs, DEM summits), sightlines, skylines.
        .target(name: "Landmarks", dependencies: ["TrailpackCore", "PackSpec"], swiftSettings: optimizedInDebug),

        // The one module that owns C handles (GDAL, OGR, libpng, libcrypto, Cairo).
        .target(name: "Bindings", dependencies: ["CGDAL", "CPNG", "CCrypto", "CZlib", "TrailpackCore", "PackJSON"], swiftSettings: optimizedInDebug),
        // Cairo drawing surfaces for previews and FreeType faces for glyphs (owns their handles).
        .target(name: "Drawing", dependencies: ["CCairo", "CFreeType"], swiftSettings: optimizedInDebug),
        // The protocol buffers wire format (varints, zigzag, length-delimited fields): glyph PBFs and vector tiles.
        .target(name: "ProtobufWire", swiftSettings: optimizedInDebug),
        // MapLibre glyph PBFs (signed distance fields from FreeType) for a pack's map/glyphs/.
        .target(name: "Glyphs", dependencies: ["Drawing", "ProtobufWire"], swiftSettings: optimizedInDebug),
        // Mapbox Vector Tiles 2.1: tile math, clipping, simplification by zoom, the parallel tiler,
        // the MVT encoder and decoder (pure: features in lon/lat in, tile bytes out).
        .target(name: "VectorTiles", dependencies: ["TrailpackCore", "ProtobufWire", "PMTiles"], swiftSettings: optimizedInDebug),
        // PMTiles v3: the one-file tile archive (header, Hilbert tile ids, varint directories), writer and reader.
        .target(name: "PMTiles", swiftSettings: optimizedInDebug),

        // The 3D page's flyover: a chase camera along a route over its TER1 grids (pure values).
        .target(name: "Flyover", dependencies: ["TrailpackCore", "PackJSON"], swiftSettings: optimizedInDebug),
        // The region's MapLibre style (pure: values in, the style document out).
        .target(name: "MapStyle", dependencies: ["TrailpackCore", "PackJSON"], swiftSettings: optimizedInDebug),
        // The map's assets: sprite (Cairo) and glyph ranges.
        .target(name: "MapAssets", dependencies: ["MapStyle", "Drawing", "Glyphs", "Bindings", "PackJSON"], swiftSettings: optimizedInDebug),
        // The one route finisher: a line on the ground -> elevations, stats, waypoints.
        .target(name: "RouteFinish", dependencies: ["TrailpackCore", "RouteCore", "Guidance", "Landmarks", "PackReader"], swiftSettings: optimizedInDebug),
        // The trail network a pack carries (routing.json): assembled with terrain, asked from a region folder.
        .target(name: "Rerouting", dependencies: ["TrailpackCore", "TrailGraph", "RouteCore", "RouteFinish", "PackJSON", "Guidance", "PackReader", "PackSpec", "Landmarks"], swiftSettings: optimizedInDebug),
        // Readers of built packs: one model of a pack on disk, with locations, for both.
        .target(name: "PackReader", dependencies: ["TrailpackCore", "PackJSON", "PackSpec"], swiftSettings: optimizedInDebug),
        .target(name: "Validation", dependencies: ["TrailpackCore", "PackJSON", "PackReader", "PackSpec", "Bindings", "RouteCore", "Glyphs", "Landmarks", "VectorTiles", "PMTiles", "CMalloc"], swiftSettings: optimizedInDebug),
        .target(name: "Preview", dependencies: ["TrailpackCore", "PackJSON", "PackReader", "PackSpec", "Bindings", "Drawing", "Validation", "Landmarks", "Rerouting", "RouteCore", "MapStyle", "VectorTiles", "PMTiles", "Flyover", "Navigation"], swiftSettings: optimizedInDebug),

        // The navigation engine of docs/NAVIGATION.md (snapping, off route, cues, ETA) over a
        // region folder, the replay of a recording and the app teams' test vectors.
        .target(name: "Navigation", dependencies: ["TrailpackCore", "RouteCore", "Guidance", "PackReader", "PackSpec", "PackJSON", "Rerouting"], swiftSettings: optimizedInDebug),

        // recipe -> load -> routes -> terrain -> landmarks -> network -> assemble -> tiles -> map -> write.
        .target(name: "Pipeline", dependencies: [
            "TrailpackCore", "PackJSON", "RouteCore", "RouteFinish", "TrailGraph", "Guidance", "Bindings",
            "Landmarks", "Rerouting", "MapStyle", "MapAssets", "PackSpec", "CLinux", "PackReader", "VectorTiles", "PMTiles",
        ], swiftSettings: optimizedInDebug),
        // Command line: argument parsing, progress, errors -> messages and exit codes.
        .executableTarget(name: "trailpack", dependencies: ["Pipeline", "Validation", "Preview", "Rerouting", "PackSpec", "CMalloc", "Navigation", "Bindings"], swiftSettings: optimizedInDebug),
        // `make bench`: timings against the GDAL command-line tools (not part of `make test`).
        .executableTarget(name: "trailpack-bench", dependencies: ["Pipeline", "VectorTiles", "RouteCore", "Guidance", "TrailGraph", "Bindings", "TrailpackCore", "Landmarks", "Rerouting", "PackJSON", "PackReader", "PackSpec", "TestSupport"], path: "Sources/TrailpackBench"),

        // Shared by the test targets: where the repo, its data and the built binary are.
        .target(name: "TestSupport", dependencies: ["TrailpackCore", "RouteCore", "Pipeline"], path: "Tests/TestSupport", swiftSettings: optimizedInDebug),

        .testTarget(name: "PackJSONTests", dependencies: ["TestSupport", "PackJSON"]),
        .testTarget(name: "TrailpackCoreTests", dependencies: ["TestSupport", "TrailpackCore"]),
        .testTarget(name: "TrackGeometryTests", dependencies: ["TrackGeometry", "TrailpackCore"]),
        .testTarget(name: "RouteCoreTests", dependencies: ["TestSupport", "RouteCore", "TrackGeometry", "Bindings"], swiftSettings: optimizedInDebug),
        .testTarget(name: "TrailGraphTests", dependencies: ["TestSupport", "TrailGraph", "PackReader"]),
        .testTarget(name: "RouteFinishTests", dependencies: ["RouteFinish", "RouteCore", "TrailpackCore", "Landmarks"]),
        .testTarget(name: "MapStyleTests", dependencies: ["MapStyle", "PackJSON", "TrailpackCore"]),
        .testTarget(name: "ReroutingTests", dependencies: ["TestSupport", "Rerouting", "TrailGraph", "PackJSON", "PackReader", "Pipeline", "RouteCore"]),
        .testTarget(name: "GuidanceTests", dependencies: ["TestSupport", "Guidance", "TrackGeometry", "TrailGraph", "RouteCore", "Bindings"], swiftSettings: optimizedInDebug),
        .testTarget(name: "BindingsTests", dependencies: ["TestSupport", "Bindings"]),
        .testTarget(name: "ValidationTests", dependencies: ["TestSupport", "Validation", "Pipeline", "Glyphs", "PackSpec", "RouteCore", "Landmarks", "Bindings", "PMTiles", "ProtobufWire", "VectorTiles"]),
        .testTarget(name: "FlyoverTests", dependencies: ["Flyover", "TrailpackCore", "PackJSON"]),
        .testTarget(name: "PackSpecTests", dependencies: ["PackSpec"]),
        .testTarget(name: "PackReaderTests", dependencies: ["TestSupport", "PackReader", "PackJSON", "TrailpackCore"]),
        .testTarget(name: "PreviewTests", dependencies: ["TestSupport", "Preview", "Drawing", "Pipeline", "Landmarks", "Rerouting"], swiftSettings: optimizedInDebug),
        .testTarget(name: "NavigationTests", dependencies: ["TestSupport", "Navigation", "TrailpackCore", "RouteCore", "PackJSON", "PackReader", "Bindings"]),
        .testTarget(name: "PipelineTests", dependencies: ["TestSupport", "Pipeline", "PackSpec", "TrailGraph"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "Pipeline", "Bindings", "TrailpackCore", "PackReader", "PackSpec"]),
        .testTarget(name: "VectorTilesTests", dependencies: ["VectorTiles", "ProtobufWire", "TrailpackCore"], swiftSettings: optimizedInDebug),
        .testTarget(name: "PMTilesTests", dependencies: ["TestSupport", "PMTiles", "Bindings"], swiftSettings: optimizedInDebug),
        .testTarget(name: "GlyphsTests", dependencies: ["TestSupport", "Glyphs", "Drawing"]),
        .testTarget(name: "MapAssetsTests", dependencies: ["TestSupport", "MapAssets", "Glyphs"]),
        .testTarget(name: "LandmarksTests", dependencies: ["TestSupport", "Landmarks", "Bindings", "Pipeline"]),
        // Styles rendered with MapLibre Native (scripts/render_style.py, mapli in .venv).
        .testTarget(name: "MapRenderTests", dependencies: ["TestSupport", "Bindings", "TrailpackCore", "Pipeline", "MapStyle", "Preview"], swiftSettings: optimizedInDebug),
    ],
    swiftLanguageModes: [.v6]
)
