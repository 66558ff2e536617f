import Bindings
import Foundation
import Testing
import TestSupport
import TrailpackCore

/// Filling voids only in windows around them gives exactly what filling the whole grid gives
/// with the same search distance (the windows hold all data within reach).
@Suite struct WindowedFillTests {
    @Test func windowedFillEqualsWholeGridFill() throws {
        let dem = try RasterDataset.open(path: TestData.path("white-mountains/N44W072.hgt"))
        let all = try dem.readFloat32()
        let w = 400, h = 300
        var values = [Float](repeating: 0, count: w * h)
        for r in 0..<h { for c in 0..<w { values[r * w + c] = all[(r + 200) * dem.width + c + 300] } }
        var rng = SeededRandom(seed: 15)
        var isVoid = [Bool](repeating: false, count: w * h)
        for _ in 0..<25 {
            let c = Int.random(in: 0..<w, using: &rng), r = Int.random(in: 0..<h, using: &rng)
            let bw = Int.random(in: 1...30, using: &rng), bh = Int.random(in: 1...30, using: &rng)
            for rr in r..<min(h, r + bh) { for cc in c..<min(w, c + bw) { values[rr * w + cc] = -32768; isVoid[rr * w + cc] = true } }
        }
        let gt = [0.0, 30, 0, 0, 0, -30]
        let whole = try RasterDataset.memory(width: w, height: h, geoTransform: gt, values: values, noData: -32768)
        let windowed = try RasterDataset.memory(width: w, height: h, geoTransform: gt, values: values, noData: -32768)
        let distance = 12.0
        try whole.fillNoData(maxSearchDistancePixels: distance)
        let windows = isVoid.withUnsafeBufferPointer { VoidAreas.fillWindows(isVoid: $0, width: w, height: h, marginCells: Int(distance) + 1) }
        #expect(windows.count > 1)
        #expect(windows.reduce(0) { $0 + $1.cellCount } < w * h)
        for window in windows { try windowed.fillNoData(in: window, noData: -32768, maxSearchDistancePixels: distance) }
        let a = try whole.readFloat32(), b = try windowed.readFloat32()
        let differing = zip(a, b).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) cells differ")
        // Some voids are wider than twice the distance: those cells stay void in both.
        #expect(a.contains(-32768) == b.contains(-32768))
        #expect(a.filter { $0 == -32768 }.count < isVoid.filter { $0 }.count)
    }
}
