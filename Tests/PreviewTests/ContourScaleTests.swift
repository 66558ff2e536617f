import Preview
import Testing

/// The overview's contour interval from its scale and the ground's slope.
struct ContourScaleTests {
    /// The smallest of 1, 2, 5, 10, ... times the pack's interval whose lines stay
    /// `minimumSpacingPx` apart on the design slope; minor lines only where they do.
    @Test(arguments: [
        // pack interval, metres per pixel, design slope, expected interval
        (10.0, 1.0, 0.3, 10.0), (10.0, 5.0, 0.3, 10.0), (10.0, 10.0, 0.3, 20.0), (10.0, 55.0, 0.3, 100.0),
        (20.0, 55.0, 0.3, 100.0), (25.0, 30.0, 0.45, 125.0), (10.0, 55.0, 0.0, 10.0),
    ])
    func intervalKeepsLinesApart(packM: Double, mpp: Double, slope: Double, expectedM: Double) {
        let scale = ContourScale(packIntervalM: packM, metresPerPx: mpp, designSlope: slope)
        #expect(scale.intervalM == expectedM)
        #expect(scale.spacingPx(slope: slope) >= ContourScale.minimumSpacingPx)
        #expect(scale.indexIntervalM == 5 * expectedM)
        #expect(scale.isMinorDrawn(slope: scale.maxMinorSlope) && !scale.isMinorDrawn(slope: scale.maxMinorSlope * 1.01))
        #expect(abs(scale.spacingPx(slope: scale.maxMinorSlope) - ContourScale.minimumSpacingPx) < 1e-9)
        #expect(scale.isDrawn(3 * expectedM) && scale.isIndex(10 * expectedM) && !scale.isIndex(3 * expectedM))
        #expect(expectedM == packM || !scale.isDrawn(expectedM + packM))
    }
}
