import Testing
@testable import PackJSON

@Suite struct JSONNodeTests {
    static let recipe = """
    {
      "name": "White Mountains",
      "routes": [
        {"id": "a", "via": [1, 2]},
        {"id": "b", "via": []},
        {"id": "c",
         "name": 42,
         "via": ["x", 2.5],
         "spacingM": 0.05,
         "nmae": "typo"}
      ]
    }
    """

    let root: JSONNode

    init() throws {
        root = try JSONParser.parse(Self.recipe, mode: .json5)
    }

    @Test func navigationBuildsPaths() throws {
        #expect(root.path.description == "$")
        let via = try #require(root["routes"]?[2]?["via"]?[0])
        #expect(via.path.description == "routes[2].via[0]")
        #expect(try via.string() == "x")
        #expect(via.position.line == 8)
        #expect(root["routes"]?[3] == nil)
        #expect(root["nope"] == nil)
        #expect(root["routes"]?["id"] == nil)
        #expect(try root.member("routes").count == 3)
        #expect(try root.member("routes").array().map { try $0.member("id").string() } == ["a", "b", "c"])
        let members = try root.member("routes")[2]!.object()
        #expect(members.map(\.key) == ["id", "name", "via", "spacingM", "nmae"])
        #expect(members[1].path.description == "routes[2].name")
        #expect(members[1].keyPosition == JSONPosition(line: 7, column: 6, offset: offsetOf(7, 6, Self.recipe)))
    }

    @Test func typedAccessorsReturnValues() throws {
        let route = try #require(root["routes"]?[0])
        #expect(try route.member("via")[1]?.int() == 2)
        #expect(try route.member("via")[1]?.double() == 2)
        #expect(try route.member("via")[0]?.int(in: 1...5) == 1)
        #expect(try root["routes"]?[2]?["via"]?[1]?.double(in: 0...10) == 2.5)
        #expect(try JSONParser.parse("[true]")[0]?.bool() == true)
        #expect(try JSONParser.parse("[null]")[0]?.isNull == true)
    }

    @Test func typeMismatchNamesPathAndLine() throws {
        let name = try #require(root["routes"]?[2]?["name"])
        #expect(throws: JSONAccessError(path: name.path, position: name.position,
                                        reason: .typeMismatch(expected: "a string", found: .number))) {
            try name.string()
        }
        do {
            _ = try name.string()
            Issue.record("no error")
        } catch {
            #expect(error.description == "routes[2].name: expected a string, found a number (line 7, column 14)")
        }
        do {
            _ = try root.member("routes").object()
            Issue.record("no error")
        } catch {
            #expect(error.description == "routes: expected an object, found an array (line 3, column 13)")
        }
        do {
            _ = try root["routes"]?[2]?["via"]?[1]?.int()
            Issue.record("no error")
        } catch {
            #expect(error.description == "routes[2].via[1]: expected an integer, found 2.5 (line 8, column 19)")
        }
    }

    @Test func missingKeyIsReportedAtTheObject() throws {
        let route = try #require(root["routes"]?[1])
        do {
            _ = try route.member("name")
            Issue.record("no error")
        } catch {
            #expect(error.reason == .missingKey("name"))
            #expect(error.description == "routes[1]: missing required key \"name\" (line 5, column 5)")
        }
    }

    @Test func rangeCheckMessage() throws {
        let spacing = try #require(root["routes"]?[2]?["spacingM"])
        do {
            _ = try spacing.double(in: 0.1...1000)
            Issue.record("no error")
        } catch {
            #expect(error.description == "routes[2].spacingM: 0.05 is out of range 0.1...1000 (line 9, column 18)")
        }
        do {
            _ = try root["routes"]?[0]?["via"]?[1]?.int(in: 5...9)
            Issue.record("no error")
        } catch {
            #expect(error.message == "2 is out of range 5...9")
        }
    }

    @Test func unknownKeysWithSuggestion() throws {
        let route = try #require(root["routes"]?[2])
        try root["routes"]?[0]?.requireOnlyKeys(["id", "name", "via"])
        do {
            try route.requireOnlyKeys(["id", "name", "via", "spacingM"])
            Issue.record("no error")
        } catch {
            #expect(error.reason == .unknownKey("nmae", suggestion: "name"))
            #expect(error.position.line == 10)
            #expect(error.description == "routes[2].nmae: unknown key \"nmae\"; did you mean \"name\"? (line 10, column 6)")
        }
        let all = try route.unknownKeys(["id", "via"])
        #expect(all.map(\.path.description) == ["routes[2].name", "routes[2].spacingM", "routes[2].nmae"])
        #expect(all.map(\.reason) == [
            .unknownKey("name", suggestion: nil),
            .unknownKey("spacingM", suggestion: nil),
            .unknownKey("nmae", suggestion: nil),
        ])
    }

    @Test func scalarsHaveNoChildrenAndValueKeepsOrder() throws {
        let doc = try JSONParser.parse(#"{"z": 1.5, "a": [2, {"m": null, "b": "s"}]}"#)
        #expect(try doc.member("z").children.isEmpty)
        #expect(try doc.member("z").count == 0)
        #expect(try doc.member("z").key == "z")
        #expect(doc.key == nil && doc.keyPosition == nil)
        guard case .object(let top) = doc.value, case .object(let inner)? = top["a"]?[1] else {
            Issue.record("not objects"); return
        }
        #expect(top.keys == ["z", "a"])
        #expect(inner.keys == ["m", "b"])
    }

    @Test func customErrorsCarryLocation() throws {
        let id = try #require(root["routes"]?[1]?["id"])
        #expect(id.error("id must be unique").description == "routes[1].id: id must be unique (line 5, column 12)")
    }
    /// On a document written on one line, a value's column is the Unicode scalars before it
    /// plus one, counted from the line's start (here the file's), whatever checkpoint it falls
    /// beside; a byte-order mark is no column.
    @Test func columnsOnOneLongLineCountScalarsFromTheLineStart() throws {
        let words = ["\"é\"", "12.5", "\"日本\"", "\"😀x\"", "null", "[1,\"ß\"]"]
        let items = (0..<6000).map { words[$0 % words.count] }
        for bom in ["", "\u{FEFF}"] {
            let text = bom + "{\"a\":[" + items.joined(separator: ",") + "]}"
            let root = try JSONParser.parse(Array(text.utf8), mode: .json5)
            let array = try #require(root["a"])
            for k in stride(from: 0, to: items.count, by: 97) {
                let node = try #require(array[k])
                let before = "{\"a\":[" + items[..<k].joined(separator: ",") + (k > 0 ? "," : "")
                #expect(node.position == JSONPosition(line: 1, column: before.unicodeScalars.count + 1, offset: bom.utf8.count + before.utf8.count))
            }
        }
    }
}
