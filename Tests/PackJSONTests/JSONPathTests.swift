import Testing
@testable import PackJSON

@Suite struct JSONPathTests {
    @Test(arguments: [
        ([], "$"),
        ([.key("routes"), .index(2), .key("via"), .index(0)], "routes[2].via[0]"),
        ([.index(0), .key("name")], "[0].name"),
        ([.key("names"), .key("trail name")], "names[\"trail name\"]"),
        ([.key("a-b"), .key("_ok9")], "[\"a-b\"]._ok9"),
        ([.key("9lives")], "[\"9lives\"]"),
    ] as [([JSONPath.Component], String)])
    func descriptionFormat(components: [JSONPath.Component], expected: String) {
        #expect(JSONPath(components).description == expected)
    }

    @Test func appendingKeepsPrefixAndEquality() {
        let base = JSONPath.root.appending(key: "routes")
        let one = base.appending(index: 1)
        let two = base.appending(index: 2)
        #expect(one.components == [.key("routes"), .index(1)])
        #expect(two.components == [.key("routes"), .index(2)])
        #expect(one == JSONPath([.key("routes"), .index(1)]))
        #expect(one != two)
        #expect(Set([one, JSONPath([.key("routes"), .index(1)])]).count == 1)
    }
}
