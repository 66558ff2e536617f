import Testing
@testable import PackJSON

@Suite struct JSONObjectTests {
    @Test func keepsInsertionOrderAndReplacesInPlace() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 4
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == .number(4))
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object["c"] == .number(3))
        #expect(object.count == 2)
        object["d"] = 5
        #expect(object.map(\.key) == ["b", "c", "d"])
    }

    @Test func equalityIgnoresOrder() {
        let a: JSONObject = ["x": 1, "y": [1, 2]]
        let b: JSONObject = ["y": [1, 2], "x": 1]
        let c: JSONObject = ["y": [2, 1], "x": 1]
        let d: JSONObject = ["x": 1]
        #expect(a == b)
        #expect(a != c)
        #expect(a != d)
    }
}
