import Testing
@testable import PackJSON

/// `JSONNode.positions(of:)` gives each node what its own `position` gives, in one pass.
@Suite("JSONNode.positions(of:)")
struct JSONNodePositionsTests {
    /// Every value and member of `root`, depth first.
    static func allNodes(_ root: JSONNode) -> [JSONNode] {
        [root] + root.children.flatMap(allNodes)
    }

    static let documents = [
        // Several values a line, a multibyte name, CRLF and a lone CR.
        "{\n  \"features\": [\n    {\"ele\": 120, \"name\": \"Mont Élan\"}, {\"ele\": 140}\r\n  ],\r \"n\": [1, 2]\n}",
        // One line, as a writer with no newlines gives.
        "[{\"ele\": 1, \"a\": \"ééé\"}, {\"ele\": 2}, {\"ele\": 3, \"b\": [true, null]}]",
        // A byte-order mark before the first value.
        "\u{FEFF}{\"ele\": 5,\n \"x\": \"ü\", \"y\": 6}",
    ]

    @Test(arguments: documents)
    func positionsMatchEachNodesOwn(text: String) throws {
        let root = try JSONParser.parse(Array(text.utf8))
        let nodes = Self.allNodes(root)
        #expect(nodes.count >= 4)
        #expect(JSONNode.positions(of: nodes) == nodes.map(\.position))
        // In any order: reversed, and every other node.
        let reversed = Array(nodes.reversed())
        #expect(JSONNode.positions(of: reversed) == reversed.map(\.position))
        let some = nodes.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(JSONNode.positions(of: some) == some.map(\.position))
    }

    @Test func knownPositions() throws {
        let root = try JSONParser.parse(Array(Self.documents[0].utf8))
        let eles = [root["features"]![0]!["ele"]!, root["features"]![1]!["ele"]!]
        let positions = JSONNode.positions(of: eles)
        #expect(positions.map(\.line) == [3, 3])
        // After "Mont Élan" (É is two bytes, one column).
        #expect(positions.map(\.column) == [13, 48])
        #expect(JSONNode.positions(of: []).isEmpty)
    }
}
