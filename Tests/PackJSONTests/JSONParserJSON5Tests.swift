import Testing
@testable import PackJSON

@Suite struct JSONParserJSON5Tests {
    @Test func acceptsRecipeFeatures() throws {
        let text = """
        // a recipe
        {
          id: 'white-mountains',   /* single quotes */
          $name_2: "Lost \\'Pond\\' \\x41\\v\\0 end\\
        ",
          zoom: +3,
          hex: 0x1F,
          neg: -0XfF,
          half: .5,
          whole: 5.,
          list: [1, 2, 3,],
          nested: {a: [], b: {},},
          'quoted key': 'it\\'s',
          ünïcode: 1,
        }
        """
        let root = try JSONParser.parse(text, mode: .json5)
        #expect(root.value == [
            "id": "white-mountains", "$name_2": .string("Lost 'Pond' A\u{B}\u{0} end"), "zoom": 3, "hex": 31, "neg": -255,
            "half": 0.5, "whole": 5, "list": [1, 2, 3], "nested": ["a": [], "b": [:]], "quoted key": "it's",
            "ünïcode": 1,
        ])
        #expect(try root.member("zoom").position == JSONPosition(line: 6, column: 9, offset: offsetOf(6, 9, text)))
        #expect(try root.member("zoom").keyPosition?.line == 6)
    }

    @Test func json5ExtraWhitespaceAndUnknownEscapes() throws {
        let root = try JSONParser.parse("\u{A0}[\u{2028}\"\\a\\é\"\u{B}\u{C}]\u{FEFF}", mode: .json5)
        #expect(root.value == ["aé"])
    }

    @Test(arguments: [
        ("[Infinity]", 1, 2, "Infinity and NaN are not supported"),
        ("[-NaN]", 1, 2, "Infinity and NaN are not supported"),
        ("[1, /* open", 1, 5, "unterminated block comment"),
        ("{a: 'x\ny'}", 1, 7, "unterminated string (line break inside a string)"),
        ("[0x]", 1, 4, "expected a hexadecimal digit, found ']'"),
        ("[.]", 1, 3, "expected a digit after the decimal point, found ']'"),
        ("[1,,]", 1, 4, "expected a value, found ','"),
        ("{a: 1 b: 2}", 1, 7, "expected ',' or '}' after object member, found 'b'"),
        ("['\\1']", 1, 3, "invalid escape sequence in a string"),
        ("{a: 1, a: 2}", 1, 8, "duplicate key \"a\" on line 1, first defined on line 1"),
        ("[007]", 1, 2, "leading zeros are not allowed in numbers"),
    ])
    func json5ErrorsAreLocated(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(line: line, column: column, offset: offsetOf(line, column, text), message: message)) {
            try JSONParser.parse(text, mode: .json5)
        }
    }

    @Test(arguments: ["{a: 1}", "[1,]", "['x']", "[+1]", "[0x10]", "[.5]", "[1] // c", "[1 /* c */]"])
    func strictModeRejectsJSON5Features(text: String) throws {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text, mode: .strict) }
        #expect(try JSONParser.parse(text, mode: .json5).type != .null)
    }
}
