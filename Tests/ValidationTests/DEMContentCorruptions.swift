import Bindings
import Foundation
import PackJSON
import Testing
import TestSupport
import TrailpackCore
import Validation

private let demoRegion = "regions/\(DemoPack.regionId)/"
private let demoRoute = "routes/mount-cabot.json"
private let demoAR = "ar/mount-cabot.bin"
private typealias Edit = DEMCorruptionEdits

/// A corruption of the demo pack's content that only the source DEM reveals, with where the
/// problem must point: a byte offset (computed on the valid copy), a JSON path, and text the
/// problem's `found` must contain.
struct DEMCase: Sendable, CustomTestStringConvertible {
    var corruption: Corruption
    /// Text the problem's `found` must contain.
    var found: String? = nil
    /// The expected byte offset, read from the valid copy before the corruption.
    var offset: (@Sendable (PackEditor) throws -> Int)? = nil
    /// The share of the grid's height where the worst row must lie.
    var rows: ClosedRange<Double>? = nil

    var testDescription: String { corruption.testDescription }
}

/// The TER1 byte offset of cell (`row`, `column`) of `grid`.
func ter1Offset(_ grid: TerrainGrid, row: Int, column: Int) -> Int { TER1.headerBytes + 2 * (row * grid.width + column) }

private func grid(_ e: PackEditor, _ file: String) throws -> TerrainGrid { try TER1.decode(try e.bytes(file)) }

/// Dense comparisons: the corruptions of issue 27 that a random sample and loose limits missed.
let demContentCases: [DEMCase] = [
    DEMCase(corruption: Corruption(name: "dem: AR patch shifted one cell east", rule: .demShift, file: demoRegion + demoAR) {
        try Edit.editGrid($0, demoAR) { Edit.shifted($0, east: 1, south: 0) }
    }, found: "dx -1, dy 0"),
    DEMCase(corruption: Corruption(name: "dem: terrain shifted one cell south", rule: .demShift, file: demoRegion + "terrain.bin") {
        try Edit.editGrid($0, "terrain.bin") { Edit.shifted($0, east: 0, south: 1) }
    }, found: "shifted 1 cell south: offset dx 0, dy -1"),
    DEMCase(corruption: Corruption(name: "dem: 18 m dome under the route in the AR patch", rule: .demARPatch, file: demoRegion + demoAR) { e in
        let cell = try Edit.routeMiddleCell(e, route: demoRoute, grid: try grid(e, demoAR))
        try Edit.editGrid(e, demoAR) { Edit.bump($0, row: cell.row, column: cell.column, heightM: 18, radiusCells: 5) }
    }, offset: { e in
        let g = try grid(e, demoAR), cell = try Edit.routeMiddleCell(e, route: demoRoute, grid: g)
        return ter1Offset(g, row: cell.row, column: cell.column)
    }),
    DEMCase(corruption: Corruption(name: "dem: AR patch upsampled from the 30 m terrain, declared 10 m", rule: .demARPatch,
                                   file: demoRegion + demoAR) { e in
        let coarse = try grid(e, "terrain.bin")
        try Edit.editGrid(e, demoAR) { Edit.upsampled($0, from: coarse) }
    }, found: "worst"),
    DEMCase(corruption: Corruption(name: "dem: 150 m pit in the terrain's south-east corner", rule: .demTerrain,
                                   file: demoRegion + "terrain.bin") {
        try Edit.editGrid($0, "terrain.bin") { Edit.bump($0, row: $0.height - 1, column: $0.width - 1, heightM: -150, radiusCells: 3) }
    }, offset: { e in
        let g = try grid(e, "terrain.bin")
        return ter1Offset(g, row: g.height - 1, column: g.width - 1)
    }),
    DEMCase(corruption: Corruption(name: "dem: terrain rows spaced in latitude", rule: .demTerrain, file: demoRegion + "terrain.bin") {
        try Edit.editGrid($0, "terrain.bin", Edit.rowsEvenInLatitude)
    }, rows: 0.15...0.85),
    DEMCase(corruption: Corruption(name: "dem: box-blurred terrain", rule: .demTerrain, file: demoRegion + "terrain.bin") {
        try Edit.editGrid($0, "terrain.bin", Edit.boxBlurred)
    }, found: "worst"),
    DEMCase(corruption: Corruption(name: "dem: one terrain sample 67 m off", rule: .demTerrain, file: demoRegion + "terrain.bin") {
        try Edit.editGrid($0, "terrain.bin") { g in
            var values = g.elevationsM
            values[g.height / 3 * g.width + g.width / 3] += 67
            return values
        }
    }, found: "row", offset: { e in
        let g = try grid(e, "terrain.bin")
        return ter1Offset(g, row: g.height / 3, column: g.width / 3)
    }),
    DEMCase(corruption: Corruption(name: "dem: hillshade shifted 2 px east", rule: .demShift, file: demoRegion + "hillshade.png") {
        try Edit.editHillshade($0) { image in
            (0..<image.pixels.count).map { k in image.pixels[k / image.width * image.width + max(k % image.width - 2, 0)] }
        }
    }, found: "dx -2, dy 0"),
    DEMCase(corruption: Corruption(name: "dem: hillshade slopes flattened (contrast halved)", rule: .demHillshade,
                                   file: demoRegion + "hillshade.png") {
        try Edit.editHillshade($0) { image in
            let mean = Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count)
            return image.pixels.map { UInt8((mean + (Double($0) - mean) / 2).rounded()) }
        }
    }, found: "contrast scale 0.5"),
    DEMCase(corruption: Corruption(name: "dem: hillshade with an unrecorded zFactor 2", rule: .demHillshade,
                                   file: demoRegion + "hillshade.png") { e in
        let pixels = try Edit.hillshade(e, dem: TestData.path("white-mountains/N44W072.hgt"), zFactor: 2)
        try Edit.editHillshade(e) { _ in pixels }
    }, found: "zFactor 2 matches"),
    DEMCase(corruption: Corruption(name: "dem: contours of another region", rule: .demContours, file: demoRegion + "contours.geojson") {
        try $0.editJSON("contours.geojson") { c in
            guard case .array(let features) = c["features"]! else { return }
            for k in features.indices {
                guard case .array(let line)? = c.get("features[\(k)].geometry.coordinates") else { continue }
                c.set("features[\(k)].geometry.coordinates", .array(line.map { .array([.number($0[0]!.double + 1, decimals: 7), $0[1]!]) }))
            }
        }
    }, found: "none of"),
    DEMCase(corruption: Corruption(name: "dem: POI outside the terrain grid", rule: .demPOIEle, file: demoRegion + "pois.geojson",
                                   path: "features[2].geometry.coordinates") {
        try $0.editJSON("pois.geojson") { p in
            p.set("features[2].geometry.coordinates[0]", .number(p.get("features[2].geometry.coordinates[0]")!.double + 0.5, decimals: 7))
        }
    }, found: "outside the grid"),
]
