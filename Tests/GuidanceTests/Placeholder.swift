import Testing

@Test func guidanceTestsBuilds() { #expect(Bool(true)) }
