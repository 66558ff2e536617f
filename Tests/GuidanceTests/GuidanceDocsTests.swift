import Foundation
import Testing
import TestSupport
import Guidance

/// docs/GUIDANCE.md tabulates every guidance threshold: each stored field of each area of
/// `GuidanceTuning.standard` is named in a row of a table headed by its area, with its standard
/// value, and the tables name no field that does not exist (`TuningDocTables`).
struct GuidanceDocsTests {
    /// The areas of the standard tuning (`cues`, `summits`, ...) with their numeric fields, the
    /// computed thresholds the doc also names added to theirs.
    static func areas() -> [(area: String, fields: [(name: String, numbers: [String])])] {
        let t = GuidanceTuning.standard
        let computed: [String: [(name: String, numbers: [String])]] = [
            "bends": [("minWideDeg", [TuningDocTables.decimal(t.bends.minWideDeg)]),
                      ("plateauReachM", [TuningDocTables.decimal(t.bends.plateauReachM)])],
        ]
        return Mirror(reflecting: t).children.compactMap { child in
            guard let label = child.label else { return nil }
            return ("GuidanceTuning.\(label)", TuningDocTables.numericFields(of: child.value) + (computed[label] ?? []))
        }
    }

    @Test func everyGuidanceThresholdIsTabulatedWithItsValue() throws {
        let doc = try TuningDocTables.guidanceDoc()
        let areas = Self.areas()
        #expect(areas.map(\.area) == ["GuidanceTuning.cues", "GuidanceTuning.summits", "GuidanceTuning.bends",
                                      "GuidanceTuning.switchbacks", "GuidanceTuning.overlap"])
        #expect(areas.map(\.fields.count).reduce(0, +) >= 77, "Mirror sees the stored fields")
        let known = Set(areas.flatMap { $0.fields.map(\.name) })
        for (area, fields) in areas {
            let problems = TuningDocTables.problems(doc: doc, area: area, fields: fields, known: known)
            #expect(problems.isEmpty, "\(area):\n\(problems.joined(separator: "\n"))")
        }
    }

    /// The checker finds a renamed field, a wrong value and a stale name, so the test above can fail.
    @Test func theCheckerCatchesARenamedFieldAWrongValueAndAStaleName() {
        let doc = """
        | `GuidanceTuning.overlap` | value |
        |---|---|
        | near (`nearWithM`) | 12 m |
        | far (`farWithinM`) | 300 m |
        | share (`farShare`) | 0.95 |

        Prose naming `Retrace.tangentM`.
        """
        let fields: [(name: String, numbers: [String])] = [("nearWithinM", ["12"]), ("farWithinM", ["30"]),
                                                          ("farShare", ["0.9"]), ("tangentM", ["10"])]
        let problems = TuningDocTables.problems(doc: doc, area: "GuidanceTuning.overlap", fields: fields,
                                                known: Set(fields.map(\.name)))
        #expect(problems == [
            "`Retrace.tangentM`: `tangentM` is a field of `GuidanceTuning.overlap`",
            "`nearWithM` in a `GuidanceTuning.overlap` table is no field of it",
            "`nearWithinM` (GuidanceTuning.overlap) is named in no row of a `GuidanceTuning.overlap` table",
            "`tangentM` (GuidanceTuning.overlap) is named in no row of a `GuidanceTuning.overlap` table",
            "no row naming `farShare` shows its value 0.9",
            "no row naming `farWithinM` shows its value 30",
        ])
    }

    /// Numbers are whole tokens: "5" is not found in "25" or "0.5", a range needs both bounds.
    @Test func valuesAreReadAsWholeNumbers() {
        #expect(TuningDocTables.numbers(45.0) == ["45"] && TuningDocTables.numbers(0.45) == ["0.45"])
        #expect(TuningDocTables.numbers(30.0...150.0) == ["30", "150"] && TuningDocTables.numbers(true) == nil)
        #expect(TuningDocTables.holds("| ≥ 45° |", number: "45") && TuningDocTables.holds("within 5 m", number: "5"))
        #expect(!TuningDocTables.holds("25 m, 0.5 m, 5.5", number: "5") && !TuningDocTables.holds("0.95", number: "0.9"))
        #expect(!TuningDocTables.holds("1,500 m", number: "500"))
    }
}
