import Testing

@Test func routeCoreTestsBuilds() { #expect(Bool(true)) }
