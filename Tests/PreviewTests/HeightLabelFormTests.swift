import Foundation
import Guidance
@testable import Preview
import TestSupport
import Testing
import TrailpackCore

/// Numbers formatted one way everywhere (issue 41): every label that names a place with its
/// height, in the pack (summit and pass waypoints, DEM summits' landmark names) and on the
/// overview (POI labels, landmark labels), is `MetresFormat.labelled`'s "Summit 1,181 m": the
/// name, one space, whole metres with the thousands comma. Read from the built demo.
@Suite struct HeightLabelFormTests {
    /// "<name> <metres> m" where the metres carry a height: the name and the number, or nil when
    /// `text` ends with no height (a name alone, a share "12 %").
    static func height(in text: String) -> (name: String, figure: String)? {
        guard let m = text.firstMatch(of: /^(.*?),? (-?[\d,]+) m( \(\d+\))?(: .*)?$/) else { return nil }
        return (String(m.1), String(m.2))
    }

    /// `text` is `MetresFormat.labelled(name, eleM:)` of its own name and figure.
    static func expectLabelledForm(_ text: String, _ source: String) {
        guard let (name, figure) = height(in: text) else { return }
        let eleM = Double(figure.replacingOccurrences(of: ",", with: "")) ?? .nan
        let head = text.prefix(while: { $0 != ":" }).replacingOccurrences(of: #" \(\d+\)$"#, with: "", options: .regularExpression)
        #expect(head == MetresFormat.labelled(name, eleM: eleM), "\(source): \"\(text)\"")
    }

    @Test func everyHeightLabelOfTheDemoHasTheOneForm() throws {
        let demo = try DemoBuild.get()
        let pack = try RegionPack.load(folderPath: demo.summary.regionFolder)
        let landmarks = try PackLandmarks.read(pack)
        var seen = 0
        for route in pack.routes {
            for w in route.waypoints where w.kind == .summit {
                if let name = w.name, Self.height(in: name) != nil { seen += 1; Self.expectLabelledForm(name, "waypoint of \(route.id)") }
            }
        }
        for list in landmarks { for l in list { if Self.height(in: l.name) != nil { seen += 1 }; Self.expectLabelledForm(l.name, "landmark") } }
        let frame = try OverviewRenderer.render(pack).frame
        let texts = OverviewLabels.candidates(pack, landmarks: landmarks, frame: frame).map(\.text)
        for text in texts { if Self.height(in: text) != nil { seen += 1 }; Self.expectLabelledForm(text, "overview label") }
        #expect(seen >= 5, "\(seen) labels with a height in the demo")
        #expect(!texts.contains { $0.contains(/, -?[\d,]+ m/) }, "no comma between a name and its height: \(texts)")
    }

    @Test(arguments: [("Summit", 1181.4, "Summit 1,181 m"), ("Pass", 936.0, "Pass 936 m"), ("Mount Madison", 1636.0, "Mount Madison 1,636 m")])
    func labelled(name: String, eleM: Double, text: String) {
        #expect(MetresFormat.labelled(name, eleM: eleM) == text)
    }
}
