import Foundation
import Preview
import Testing
import TrailpackCore
import Validation

@Suite struct IndexPageTests {
    @Test func escapesMarkupCharacters() {
        #expect(HTMLText.escape(#"<a href="x">Tom & Jerry's</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(HTMLText.escape("Mont Blanc — 4808 m") == "Mont Blanc — 4808 m")
    }

    @Test func pageIsWellFormedAndEscapesPackStrings() throws {
        let fixture = try PreviewFixture.make(routeNameSuffix: " <b>&</b>")
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let problem = ValidationProblem(ruleId: "test-rule", severity: .warning, file: "routes/a.json", location: .file,
                                        expected: "x < 12", found: "\"13\" & more")
        let html = IndexPage.html(title: "Preview <test>", sections: [
            .init(pack: pack, overviewFile: "a & b.png", routeFiles: [("p1.png", "a1.png"), ("p2.png", "a2.png")]),
        ], problems: [problem])
        let check = XHTMLCheck(html)
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.references == ["a &amp; b.png", "p1.png", "a1.png", "p2.png", "a2.png"])
        #expect(!check.elements.contains("script"))
        #expect(html.contains("Summit Trail &lt;b&gt;&amp;&lt;/b&gt;"))
        #expect(html.contains("x &lt; 12") && html.contains("&quot;13&quot; &amp; more"))
        #expect(html.contains("1 warning(s)"))
        // Manifest numbers: distance in km with 2 decimals, and file sizes as listed.
        let summit = fixture.routes[0]
        #expect(html.contains(">\(formatKm(summit.cum.last!))<"))
        let terrainBytes = try FileManager.default.attributesOfItem(atPath: fixture.regionURL.appendingPathComponent("terrain.bin").path)[.size] as! Int
        #expect(terrainBytes == 44 + 2 * fixture.terrain.width * fixture.terrain.height)
        #expect(html.contains("<td class=\"n\">\(terrainBytes)</td><td class=\"n\">\(terrainBytes)</td>"))
    }

    /// The overview's left-out labels are named under it: none, one, and more than ten.
    @Test func namesTheLabelsTheOverviewLeftOut() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        func page(_ dropped: [String]) -> String {
            var section = IndexPage.RegionSection(pack: pack, overviewFile: "o.png", routeFiles: [])
            section.overviewDroppedLabels = dropped
            return IndexPage.html(title: "t", sections: [section], problems: nil)
        }
        #expect(!page([]).contains("left out of the overview"))
        #expect(page(["Bald <Knob>"]).contains("1 label left out of the overview for want of room: Bald &lt;Knob&gt;."))
        let many = (1...13).map { "Peak \($0)" }
        let html = page(many)
        #expect(html.contains("13 labels left out of the overview for want of room: Peak 1, Peak 2, Peak 3, Peak 4, Peak 5, Peak 6, Peak 7, Peak 8, Peak 9, Peak 10 and 3 more."))
        #expect(XHTMLCheck(html).problems.isEmpty)
    }

    @Test func saysWhenValidationDidNotRun() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let html = IndexPage.html(title: "t", sections: [.init(pack: pack, overviewFile: "o.png", routeFiles: [])], problems: nil)
        #expect(html.contains("Validation was not run"))
        #expect(XHTMLCheck(html).problems.isEmpty)
    }

    private func formatKm(_ metres: Double) -> String {
        var s = String(format: "%.2f", metres / 1000)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
