import PackJSON
import Testing
@testable import Validation

@Suite("Decimals on the raw text")
struct RawNumberScannerTests {
    @Test func findsPathLineAndColumnOfLongNumbers() {
        let text = "{\n  \"name\": \"x 1.123456789\",\n  \"c\": [[1.5, 2.123456789], {\"k\\\"q\": 3.00000000}],\n  \"e\": 1.5e-9\n}"
        let findings = RawNumberScanner.scan(Array(text.utf8), minimumLimit: 7) { _ in 7 }
        #expect(findings.map(\.path.description) == ["c[0][1]", "c[1][\"k\\\"q\"]", "e"])
        #expect(findings.map(\.decimals) == [9, 8, 10])
        #expect(findings.map(\.line) == [3, 3, 4])
        #expect(findings.first?.column == 15)
        #expect(findings.first?.text == "2.123456789")
    }

    @Test func limitDependsOnThePlace() {
        let text = #"{"coords": [[-71.1234567, 44.1234567, 512.25]], "cum": [0, 11.5, 23.05], "other": 1.25}"#
        let findings = RawNumberScanner.scan(Array(text.utf8), minimumLimit: 1) { path in
            if path.first == .key("cum") { return 1 }
            if path.first == .key("coords"), path.count == 3, path[2] == .index(2) { return 1 }
            return nil
        }
        #expect(findings.map(\.path.description) == ["coords[0][2]", "cum[2]"])
        #expect(findings.map(\.text) == ["512.25", "23.05"])
    }

    @Test func integersAndExponentsCountTheirTrueDecimals() {
        // 25 and 1000 have no decimals; 0.125 has three.
        let text = "[100, 1e3, 2.5E+1, 1.25e-1]"
        let findings = RawNumberScanner.scan(Array(text.utf8), minimumLimit: 0) { _ in 0 }
        #expect(findings.map(\.text) == ["1.25e-1"])
        #expect(findings.map(\.decimals) == [3])
        #expect(findings.map(\.path.description) == ["[3]"])
    }
}
