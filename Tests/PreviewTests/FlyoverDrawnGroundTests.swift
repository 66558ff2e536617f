import Flyover
import Foundation
@testable import Preview
import TestSupport
import Testing
import TrailpackCore

/// The camera clears the ground as the 3D page draws it: the region's and the AR patch's
/// triangles, which rise above the SPEC's bilinear surface between samples.
@Suite struct FlyoverDrawnGroundTests {
    /// Every keyframe of the demo region's flyovers, its camera and its sight line to the walker
    /// (sampled every 0.5 m), keeps the clearances over the drawn triangles alone.
    @Test func everyKeyframeClearsTheDrawnTriangles() throws {
        let pack = try RegionPack.load(folderPath: try DemoBuild.get().region.path)
        let region = try PackLandmarks.regionTerrain(pack)
        let flyovers = try RegionFlyovers.make(pack, region: region)
        var checked = 0, worstM = Double.infinity
        for (route, entry) in zip(pack.routes, flyovers.entries) {
            let patch = try pack.arPatch(for: route)
            let drawn = FlyoverGround(grids: [], meshes: [FlyoverMesh(grid: region), FlyoverMesh(grid: patch, maxVertices: patch.width * patch.height)])
            let clearance = FlyoverClearance(ground: drawn, frame: flyovers.frame, tuning: .standard)
            func point(_ p: LonLat, _ eleM: Double) -> FlyoverClearance.Point3 {
                let q = flyovers.frame.point(p)
                return .init(x: q.x, z: q.z, eleM: eleM)
            }
            for k in entry.keyframes {
                let marginM = clearance.margin(camera: point(k.position, k.positionEleM), walker: point(k.walker, k.walkerEleM), sampleM: 0.5)
                worstM = min(worstM, marginM)
                checked += 1
            }
        }
        #expect(checked > 100)
        #expect(worstM >= -0.05, "a camera or its sight line comes \(-worstM) m inside its clearance over the drawn triangles")
    }

    /// The ground the flyovers clear lies on or above every surface the page draws, at points
    /// across the demo's routes' patches: the triangles of both meshes included.
    @Test func theGroundHoldsTheDrawnTriangles() throws {
        let pack = try RegionPack.load(folderPath: try DemoBuild.get().region.path)
        let region = try PackLandmarks.regionTerrain(pack)
        let regionMesh = FlyoverMesh(grid: region)
        var above = 0, mostM = 0.0
        for route in pack.routes {
            let patch = try pack.arPatch(for: route)
            let ground = RegionFlyovers.ground(patch: patch, region: region, regionMesh: regionMesh)
            let patchMesh = FlyoverMesh(grid: patch, maxVertices: patch.width * patch.height)
            var rng = SeededRandom(seed: 42)
            for _ in 0..<2_000 {
                let p = LonLat(Double.random(in: patch.bounds.west...patch.bounds.east, using: &rng),
                               Double.random(in: patch.bounds.south...patch.bounds.north, using: &rng))
                let drawn = [regionMesh.elevationM(at: p), patchMesh.elevationM(at: p)].compactMap { $0 }.max() ?? -.infinity
                let bilinear = [patch.elevationM(at: p), region.elevationM(at: p)].compactMap { $0 }.max() ?? -.infinity
                #expect((ground.elevationM(at: p) ?? -.infinity) >= drawn)
                if drawn > bilinear + 0.05 { above += 1 }
                mostM = max(mostM, drawn - bilinear)
            }
        }
        // The drawn triangles do rise over the bilinear surface here (by up to half a metre on
        // these patches): the check has teeth.
        #expect(above > 0, "the drawn triangles rise at most \(mostM) m over the bilinear ground")
    }
}
