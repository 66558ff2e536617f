import Testing
@testable import PackJSON

@Suite struct JSONValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let value: JSONValue = ["a": 1, "b": 2.5, "c": "x", "d": true, "e": nil, "f": [1, "y"]]
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["a", "b", "c", "d", "e", "f"])
        #expect(value["a"] == .number(1))
        #expect(value["b"] == .number(2.5))
        #expect(value["c"] == .string("x"))
        #expect(value["d"] == .bool(true))
        #expect(value["e"] == .null)
        #expect(value["f"]?[1] == .string("y"))
        #expect(value["f"]?[2] == nil)
        #expect(value["zz"] == nil)
        #expect(JSONValue.int(UInt8(7)) == .number(7))
        #expect(value.type == .object)
        #expect(value["f"]?.type == .array)
    }

    @Test(arguments: [
        (0.1 + 0.2, 1, 0.3),
        (44.99999999, 7, 45.0),
        (1e-8, 7, 0.0),
        (-1e-8, 7, 0.0),
        (-71.45361234999, 7, -71.4536123),
        (1234.04999, 1, 1234.0),
        (0.125, 2, 0.13),        // exact tie in binary: away from zero
        (-0.125, 2, -0.13),
        (2.5, 0, 3.0),
        (1.005, 2, 1.0),         // the double nearest 1.005 is below the tie
        (123456789.123, 7, 123456789.123),
        (123456789.12345678, 7, 123456789.123457),  // 15 significant digits at most
        (1e300, 3, 1e300),
    ] as [(Double, Int, Double)])
    func numberRoundsToDecimals(input: Double, decimals: Int, expected: Double) {
        let value = JSONValue.number(input, decimals: decimals)
        #expect(value == .number(expected))
        if case .number(let x) = value { #expect(x.sign == expected.sign || x == 0) }
    }

    @Test func roundingNegativeToZeroGivesPositiveZero() throws {
        guard case .number(let x) = JSONValue.number(-0.00000001, decimals: 7) else {
            Issue.record("not a number"); return
        }
        #expect(x.sign == .plus)
    }

    @Test func nonFiniteValuesPassThroughRounding() {
        guard case .number(let x) = JSONValue.number(.nan, decimals: 3) else { Issue.record("not a number"); return }
        #expect(x.isNaN)
        #expect(JSONValue.number(.infinity, decimals: 3) == .number(.infinity))
    }
}
