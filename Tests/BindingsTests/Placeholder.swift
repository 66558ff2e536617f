import Testing

@Test func bindingsTestsBuilds() { #expect(Bool(true)) }
