@testable import Flyover
import Testing
import TrailpackCore

/// The region mesh as the 3D page draws it: the stride rule, the vertex cap, the drawn surface.
@Suite struct FlyoverMeshTests {
    @Test func aWholeTileIsStridedUnderTheCap() {
        // A whole 1-degree tile at 30 m (the N44W072 build: 2,643 x 3,705 samples).
        let s = FlyoverMesh.stride(width: 2_643, height: 3_705, maxVertices: FlyoverMesh.maxVertices)
        let columns = FlyoverMesh.indices(count: 2_643, stride: s), rows = FlyoverMesh.indices(count: 3_705, stride: s)
        #expect(s == 4)
        #expect(columns.count * rows.count <= FlyoverMesh.maxVertices)
        #expect(FlyoverMesh.indices(count: 2_643, stride: s - 1).count * FlyoverMesh.indices(count: 3_705, stride: s - 1).count > FlyoverMesh.maxVertices)
        #expect(columns.first == 0 && columns.last == 2_642 && rows.last == 3_704)
        #expect(zip(columns, columns.dropFirst()).allSatisfy { $1 - $0 >= 1 && $1 - $0 <= s })
        // The demo's regions stay whole.
        #expect(FlyoverMesh.stride(width: 742, height: 966, maxVertices: FlyoverMesh.maxVertices) == 1)
    }

    @Test func theDrawnSurfaceMeetsTheSamplesAndLiesOnTheTriangles() {
        let region = GorgeFixture.region
        let mesh = FlyoverMesh(grid: region, maxVertices: 5_000)
        #expect(mesh.stride > 1 && mesh.vertexCount <= 5_000)
        // At every vertex, the sample itself.
        for r in mesh.rows.prefix(20) {
            for c in mesh.columns.prefix(20) {
                let p = LonLat(region.lon(column: Double(c)), region.lat(row: Double(r)))
                #expect(abs(mesh.elevationM(at: p)! - Double(region[column: c, row: r])) < 1e-6)
            }
        }
        // Inside a cell, the plane of its triangle: the north-west triangle's centroid is the mean
        // of its three corners.
        let c0 = mesh.columns[3], c1 = mesh.columns[4], r0 = mesh.rows[5], r1 = mesh.rows[6]
        let p = LonLat(region.lon(column: Double(2 * c0 + c1) / 3), region.lat(row: Double(2 * r0 + r1) / 3))
        let expected = (Double(region[column: c0, row: r0]) + Double(region[column: c1, row: r0]) + Double(region[column: c0, row: r1])) / 3
        #expect(abs(mesh.elevationM(at: p)! - expected) < 1e-6)
        #expect(mesh.elevationM(at: LonLat(region.bounds.east + 0.01, region.bounds.north)) == nil)
    }

    @Test func theCameraClearsTheDrawnMesh() {
        // Over a strided mesh of the gorge (its cells cut across the valley), the keyframes keep
        // the camera clearance above the mesh as well as above the grids.
        let mesh = FlyoverMesh(grid: GorgeFixture.region, maxVertices: 3_000)
        let ground = FlyoverGround(grids: GorgeFixture.ground.grids, meshes: [mesh])
        let r = GorgeFixture.route
        let frames = FlyoverPath.make(coords: r.coords, elevationsM: r.elevationsM, cumM: r.cumM, ground: ground, frame: GorgeFixture.frame)
        let worst = frames.map { $0.positionEleM - (mesh.elevationM(at: $0.position) ?? -1e9) }.min()!
        #expect(worst >= FlyoverTuning.standard.cameraClearanceM - 1e-6, "\(worst) m over the drawn mesh")
    }
}
