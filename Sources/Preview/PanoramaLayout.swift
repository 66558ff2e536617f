import Foundation
import Landmarks

/// Where a panorama's parts go, so that nothing is blank and every text fits.
///
/// Width: the azimuths the skyline has terrain on (an observer at the region's edge sees none
/// beyond it), plus the landmarks' bearings; the longest run of azimuths without either is left
/// out, so the picture spans `startDeg` to `startDeg + spanDeg` clockwise, `PanoramaRenderer.pixelsPerDegree`
/// wide, with margins, and never narrower than `minimumWidthPx` (the title's room). Height: the
/// label band holds only the rows its labels use. Footer lines are wrapped to the width.
public struct PanoramaLayout: Sendable, Equatable {
    /// The least image width, pixels.
    public static let minimumWidthPx = 900.0
    /// Margins left and right of the band, pixels.
    public static let marginPx = 40.0

    /// Azimuth at the band's left edge, degrees clockwise from north.
    public var startDeg: Double
    /// Azimuths the band spans, degrees (360 for a whole circle).
    public var spanDeg: Double
    /// The image's width, pixels.
    public var widthPx: Double

    /// The layout for `skyline` and landmarks at `bearingsDeg`.
    public init(skyline: Skyline, bearingsDeg: [Double]) {
        let count = skyline.elevationDeg.count
        var seen = skyline.elevationDeg.map { $0 > -90 }
        for b in bearingsDeg where count > 0 {
            let k = Int((b / skyline.stepDeg).rounded()) % count
            seen[(k + count) % count] = true
        }
        let gap = Self.longestGap(seen)
        if gap.length == 0 || gap.length == count {
            startDeg = 0
            spanDeg = 360
        } else {
            // The band starts where the gap ends, and spans the rest of the circle.
            startDeg = Double((gap.start + gap.length) % count) * skyline.stepDeg
            spanDeg = Double(count - gap.length - 1) * skyline.stepDeg
        }
        widthPx = max(Self.minimumWidthPx, (spanDeg * PanoramaRenderer.pixelsPerDegree + 2 * Self.marginPx).rounded())
    }

    /// The longest circular run of `false` in `flags`: its first index and length (0 when none).
    static func longestGap(_ flags: [Bool]) -> (start: Int, length: Int) {
        let n = flags.count
        guard n > 0 else { return (0, 0) }
        if flags.allSatisfy({ !$0 }) { return (0, n) }
        var best = (start: 0, length: 0)
        // Start just after a true flag so that a run wrapping past the end is counted whole.
        let origin = (flags.lastIndex(of: true)! + 1) % n
        var runStart = 0, runLength = 0
        for step in 0..<n {
            let k = (origin + step) % n
            if flags[k] {
                runLength = 0
            } else {
                if runLength == 0 { runStart = k }
                runLength += 1
                if runLength > best.length { best = (runStart, runLength) }
            }
        }
        return best
    }

    /// The band's left edge: the content is centred when the image is wider than the band.
    public var bandXPx: Double { max(Self.marginPx, (widthPx - spanDeg * PanoramaRenderer.pixelsPerDegree) / 2) }

    /// Degrees clockwise from `startDeg` to `bearingDeg`, 0..<360.
    public func offsetDeg(_ bearingDeg: Double) -> Double {
        let d = (bearingDeg - startDeg).truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }

    /// The image x of `bearingDeg`, pixels.
    public func xPx(_ bearingDeg: Double) -> Double { bandXPx + offsetDeg(bearingDeg) * PanoramaRenderer.pixelsPerDegree }

    /// True when `bearingDeg` lies on the band.
    public func covers(_ bearingDeg: Double) -> Bool { spanDeg >= 360 || offsetDeg(bearingDeg) <= spanDeg + 1e-9 }
}
