import Bindings
import Foundation
import PackJSON
import PackReader
import TrailpackCore

extension DEMRules {
    /// How far (grid cells) a vertex or POI may lie outside the grid and still be sampled on its
    /// edge: coordinates are written with 7 decimals.
    static let edgeToleranceCells = 0.01

    /// One contour line to compare: its level, vertices, where problems point, and the
    /// tolerance added to `contourWorstLimitM` at a vertex (`Rounding`). It holds no parsed
    /// tree, so the runs are made before the DEM is warped and the tree is let go.
    struct ContourRun {
        var eleM: Double
        var points: [LonLat]
        /// The line's `ele` (its JSON path, line and column), or its place in a tile.
        var location: ProblemLocation
        var rounding = Rounding.none
    }

    /// What the written coordinates' rounding can move the DEM at a vertex (metres).
    enum Rounding {
        case none
        /// Up to `halfStepDeg` on each axis (GeoJSON's 7 decimals): `FloatGrid.riseM` there.
        case coordinates(halfStepDeg: Double)
        /// Half a tile unit of `unitM` (at the equator) on each axis: the slope times that distance.
        case tileUnit(unitM: Double)

        func toleranceM(at p: LonLat, dem: FloatGrid) -> Double {
            switch self {
            case .none: 0
            case .coordinates(let halfStepDeg): dem.riseM(at: p, withinDeg: halfStepDeg)
            case .tileUnit(let unitM): dem.slope(at: p) * 0.5.squareRoot() * unitM * cos(p.lat * Double.pi / 180)
            }
        }
    }


    /// `contours.geojson`'s lines as runs: the builder writes each traced vertex rounded to
    /// `GeoJSONWriter.coordinateStepDeg`, up to half a step off on each axis, so a vertex may
    /// differ from its level by the most the DEM changes over that move (`FloatGrid.riseM`:
    /// millimetres on most ground, a few tenths of a metre on a cliff of hundreds of metres a cell).
    static func contourRuns(_ doc: JSONNode) -> [ContourRun] {
        let rounding = Rounding.coordinates(halfStepDeg: GeoJSONWriter.coordinateStepDeg / 2)
        var runs: [ContourRun] = [], eleNodes: [JSONNode] = []
        for feature in FeatureCollectionView(doc).features {
            guard let eleNode = feature.properties?["ele"], let ele = eleNode.doubleValue, let parts = feature.lineParts else { continue }
            runs.append(ContourRun(eleM: ele, points: Array(parts.joined()), location: ProblemLocation(), rounding: rounding))
            eleNodes.append(eleNode)
        }
        // Every ele's location in one pass over the text (what ProblemLog gives a node).
        for (k, position) in JSONNode.positions(of: eleNodes).enumerated() {
            runs[k].location = ProblemLocation(jsonPath: eleNodes[k].path.description, line: position.line, column: position.column)
        }
        return runs
    }

    /// Tile contours (`PackTiles.lines` at the deepest zoom) as runs: a vertex may sit half a
    /// tile unit off on each axis, so it may differ from its level by the slope there times that
    /// distance on the ground.
    static func contourRuns(_ lines: [TileLine], zoom: Int, extent: Int = 4096) -> [ContourRun] {
        let rounding = Rounding.tileUnit(unitM: 2 * Double.pi * WebMercator.radiusM / Double(1 << zoom) / Double(extent))
        return lines.compactMap { line in
            guard let ele = line.number("ele") else { return nil }
            return ContourRun(eleM: ele, points: Array(line.parts.joined()),
                              location: ProblemLocation(jsonPath: line.place("contours")), rounding: rounding)
        }
    }

    /// Every contour vertex: the DEM on the terrain grid at the vertex against its line's `ele`.
    /// No vertex on the grid at all (contours of another region) is an error too.
    func compareContours(_ runs: [ContourRun], dem: FloatGrid, file: String) {
        var compared = 0, outside = 0, offCount = 0, worst = 0.0, edgeWorst = 0.0, worstDifference = 0.0
        var firstOff: (run: ContourRun, demM: Double, p: LonLat)?
        for run in runs {
            for p in run.points {
                guard let z = dem.elevationM(at: p, toleranceCells: Self.edgeToleranceCells),
                      let gap = dem.levelGapM(run.eleM, at: p, toleranceCells: Self.edgeToleranceCells) else { outside += 1; continue }
                compared += 1
                // Near the edge, clipping added the vertex between traced ones: only the level's
                // place between the cell's samples is exact there.
                let nearEdge = dem.isNearEdge(p), difference = nearEdge ? gap : abs(z - run.eleM)
                let d = max(0, difference - run.rounding.toleranceM(at: p, dem: dem))
                worstDifference = max(worstDifference, difference)
                if nearEdge { edgeWorst = max(edgeWorst, d) } else { worst = max(worst, d) }
                if d > Self.contourWorstLimitM {
                    offCount += 1
                    if firstOff == nil { firstOff = (run, z, p) }
                }
            }
        }
        report(compared: compared, outside: outside, worst: worst, edgeWorst: edgeWorst, file: file)
        log.figure(.demContours, file: file, "worstDifferenceM", worstDifference, limit: nil)
        if let firstOff {
            let expected = "every vertex within \(metres(Self.contourWorstLimitM)) of its line's ele on the DEM, beyond what its coordinates' rounding moves the DEM (within a cell of the grid's edge: the ele between the cell's samples, within \(metres(Self.contourWorstLimitM)))"
            let found = "ele \(format(firstOff.run.eleM)), the DEM at \(firstOff.p) is \(metres(firstOff.demM)); \(offCount) of \(compared) vertices off, worst \(metres(max(worst, edgeWorst))) beyond the rounding's allowance"
            log.add(.demContours, file: file, at: firstOff.run.location, expected: expected, found: found)
        }
    }

    private func report(compared: Int, outside: Int, worst: Double, edgeWorst: Double, file: String) {
        log.figure(.demContours, file: file, "verticesCompared", Double(compared), limit: nil)
        log.figure(.demContours, file: file, "verticesOutsideGrid", Double(outside), limit: 0)
        guard compared > 0 else {
            log.add(.demContours, file: file, at: .file, expected: "contour vertices on the terrain grid, compared with the DEM",
                    found: "none of \(outside) vertices lies on the grid (contours of another region?)")
            return
        }
        log.figure(.demContours, file: file, "worstM", worst, limit: Self.contourWorstLimitM)
        log.figure(.demContours, file: file, "edgeWorstM", edgeWorst, limit: Self.contourWorstLimitM)
        if outside > 0 {
            log.add(.demContours, file: file, at: .file, expected: "every contour vertex on the terrain grid",
                    found: "\(outside) of \(outside + compared) vertices lie outside it")
        }
    }

    /// POI `ele` against the DEM resampled onto the terrain grid (as the build samples it) at
    /// the POI; a POI off the grid cannot have been sampled and is reported too.
    func comparePOIs(_ doc: JSONNode, dem: FloatGrid, file: String) {
        var worst = 0.0
        for feature in FeatureCollectionView(doc).features {
            guard let eleNode = feature.properties?["ele"], let ele = eleNode.doubleValue, let p = feature.point else { continue }
            guard let z = dem.elevationM(at: p, toleranceCells: Self.edgeToleranceCells) else {
                log.add(.demPOIEle, file: file, node: feature.node["geometry"]?["coordinates"] ?? eleNode,
                        expected: "a POI on the terrain grid \(dem.bounds), where the DEM gives its ele",
                        found: "\(p), outside the grid")
                continue
            }
            worst = max(worst, abs(z - ele))
            if abs(z - ele) > Self.poiLimitM {
                log.add(.demPOIEle, file: file, node: eleNode, expected: "\(metres(z)) (the DEM, within \(metres(Self.poiLimitM)))", found: format(ele))
            }
        }
        log.figure(.demPOIEle, file: file, "worstM", worst, limit: Self.poiLimitM)
    }
}
