import Testing

@Test func trailpackCoreTestsBuilds() { #expect(Bool(true)) }
