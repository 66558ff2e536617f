import Testing

@Test func packJSONTestsBuilds() { #expect(Bool(true)) }
