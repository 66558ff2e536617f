import Foundation
import TrailpackCore

/// A synthetic hiking region: a rolling terrain grid and a GPS-like random-walk track on it.
struct SyntheticTrack {
    /// Region terrain (about 24 km square at 10 m, ridges and valleys up to ~900 m of relief).
    let terrain: TerrainGrid
    /// The recorded track: 1-5 m spacing, GPS noise, rare spikes and repeated fixes.
    let coords: [LonLat]
    /// A few summits the guidance can name.
    let pois: [PointOfInterest]

    static let metresPerDegreeLat = 111_320.0

    init(inputPoints: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let bounds = BBox(west: -71.65, south: 44.40, east: -71.35, north: 44.62)
        let geometry = GridGeometry(bounds: bounds, resolutionM: 10)
        var elevationsM = [Int16](repeating: 0, count: geometry.width * geometry.height)
        for r in 0..<geometry.height {
            for c in 0..<geometry.width {
                let x = Double(c) * 10, y = Double(r) * 10
                let z = 800 + 300 * sin(x / 2300) * cos(y / 1900) + 120 * sin((x + 2 * y) / 700) + 25 * cos((3 * x - y) / 170)
                elevationsM[r * geometry.width + c] = Int16(z.rounded())
            }
        }
        terrain = TerrainGrid(width: geometry.width, height: geometry.height, bounds: bounds, elevationsM: elevationsM)

        let centre = bounds.center
        let metresPerDegreeLon = Self.metresPerDegreeLat * cos(centre.lat * Double.pi / 180)
        let halfWidthM = (bounds.east - bounds.west) * metresPerDegreeLon * 0.4
        let halfHeightM = (bounds.north - bounds.south) * Self.metresPerDegreeLat * 0.4
        var xM = 0.0, yM = 0.0, headingRad = rng.unit() * 2 * Double.pi
        var track: [LonLat] = []
        track.reserveCapacity(inputPoints)
        while track.count < inputPoints {
            headingRad += 0.12 * rng.gaussian()
            // Turn back toward the centre near the edge of the area, as trails wind inside a range.
            if abs(xM) > halfWidthM || abs(yM) > halfHeightM {
                headingRad = atan2(-yM, -xM) + 0.5 * rng.gaussian()
            }
            let stepM = 1 + 4 * rng.unit()
            xM += stepM * cos(headingRad)
            yM += stepM * sin(headingRad)
            var noiseX = 1.5 * rng.gaussian(), noiseY = 1.5 * rng.gaussian()
            if rng.next() % 20_000 == 0 { noiseX += 120; noiseY -= 90 } // multipath spike
            let p = LonLat(centre.lon + (xM + noiseX) / metresPerDegreeLon, centre.lat + (yM + noiseY) / Self.metresPerDegreeLat)
            track.append(p)
            if rng.next() % 500 == 0, track.count < inputPoints { track.append(p) } // repeated fix
        }
        coords = track
        pois = (0..<12).map { k in
            let p = LonLat(bounds.west + (bounds.east - bounds.west) * (0.1 + 0.8 * rng.unit()),
                           bounds.south + (bounds.north - bounds.south) * (0.1 + 0.8 * rng.unit()))
            return PointOfInterest(name: "Summit \(k + 1)", kind: "summit", location: p)
        }
    }
}
