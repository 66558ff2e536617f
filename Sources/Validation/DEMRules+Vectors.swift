import Foundation
import PackJSON
import PackReader
import TrailpackCore

extension DEMRules {
    /// How far (grid cells) a vertex or POI may lie outside the grid and still be sampled on its
    /// edge: coordinates are written with 7 decimals.
    static let edgeToleranceCells = 0.01

    /// Every contour vertex: the DEM on the terrain grid at the vertex against its line's `ele`.
    /// No vertex on the grid at all (contours of another region) is an error too.
    func compareContours(_ doc: JSONNode, dem: FloatGrid, file: String) {
        var compared = 0, outside = 0, offCount = 0, worst = 0.0, edgeWorst = 0.0
        var firstOff: (node: JSONNode, ele: Double, demM: Double, p: LonLat)?
        for feature in FeatureCollectionView(doc).features {
            guard let eleNode = feature.properties?["ele"], let ele = eleNode.doubleValue, let parts = feature.lineParts else { continue }
            for p in parts.joined() {
                guard let z = dem.elevationM(at: p, toleranceCells: Self.edgeToleranceCells),
                      let gap = dem.levelGapM(ele, at: p, toleranceCells: Self.edgeToleranceCells) else { outside += 1; continue }
                compared += 1
                // Near the edge, clipping added the vertex between traced ones: only the level's
                // place between the cell's samples is exact there.
                let nearEdge = dem.isNearEdge(p), d = nearEdge ? gap : abs(z - ele)
                if nearEdge { edgeWorst = max(edgeWorst, d) } else { worst = max(worst, d) }
                if d > Self.contourWorstLimitM {
                    offCount += 1
                    if firstOff == nil { firstOff = (eleNode, ele, z, p) }
                }
            }
        }
        log.figure(.demContours, file: file, "verticesCompared", Double(compared), limit: nil)
        log.figure(.demContours, file: file, "verticesOutsideGrid", Double(outside), limit: 0)
        guard compared > 0 else {
            log.add(.demContours, file: file, at: .file, expected: "contour vertices on the terrain grid, compared with the DEM",
                    found: "none of \(outside) vertices lies on the grid (contours of another region?)")
            return
        }
        log.figure(.demContours, file: file, "worstM", worst, limit: Self.contourWorstLimitM)
        log.figure(.demContours, file: file, "edgeWorstM", edgeWorst, limit: Self.contourWorstLimitM)
        if let firstOff {
            log.add(.demContours, file: file, node: firstOff.node,
                    expected: "every vertex within \(metres(Self.contourWorstLimitM)) of its line's ele on the DEM (within a cell of the grid's edge: the ele between the cell's samples, within \(metres(Self.contourWorstLimitM)))",
                    found: "ele \(format(firstOff.ele)), the DEM at \(firstOff.p) is \(metres(firstOff.demM)); \(offCount) of \(compared) vertices off, worst \(metres(max(worst, edgeWorst)))")
        }
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
