import Testing

@Test func endToEndTestsBuilds() { #expect(Bool(true)) }
