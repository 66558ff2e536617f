import Foundation
@testable import Preview
import TestSupport
import Testing
import TrailpackCore

/// No anonymous dots on the overview (issue 41): a POI or landmark marker is drawn only with its
/// label, so a label the budget (or the room) leaves out takes its marker with it. Read from the
/// layout of the built demo's overview, under its own budget and under the smallest one.
@Suite struct OverviewMarkerRuleTests {
    @Test func everyDrawnMarkerHasItsLabelAndAMarkerWithoutOneIsNotDrawn() throws {
        let demo = try DemoBuild.get()
        let pack = try RegionPack.load(folderPath: demo.summary.regionFolder)
        let own = try OverviewRenderer.render(pack)
        let tight = try OverviewRenderer.render(pack, budget: LabelBudget(widthPx: 1, heightPx: 1))
        #expect(own.markerCount >= 5, "\(own.markerCount) POI and landmark markers in the demo")
        let landmarks = try PackLandmarks.read(pack)
        let candidates = OverviewLabels.candidates(pack, landmarks: landmarks, frame: own.frame)
        let markers = OverviewMarkers.all(pack, landmarks: landmarks, frame: own.frame)
        for rendering in [own, tight] {
            // A drawn marker is the marker of a candidate whose text was placed.
            for box in rendering.drawnMarkers {
                let k = try #require(markers.firstIndex { $0.box == box })
                let labelled = candidates.filter { $0.marker == k }.map(\.text)
                #expect(labelled.contains { rendering.labelTexts.contains($0) }, "marker \(k) drawn without its label \(labelled)")
            }
            // A marker whose label was placed is drawn.
            for (k, m) in markers.enumerated() {
                let placed = candidates.contains { $0.marker == k && rendering.labelTexts.contains($0.text) }
                #expect(placed == rendering.drawnMarkers.contains(m.box), "marker \(k): label placed \(placed)")
            }
        }
        #expect(tight.drawnMarkers.count < own.drawnMarkers.count && !tight.overBudgetLabels.isEmpty,
                "the smallest budget leaves labels out (\(tight.overBudgetLabels.count)) and their markers with them: \(tight.drawnMarkers.count) of \(own.drawnMarkers.count) drawn")
    }
}
