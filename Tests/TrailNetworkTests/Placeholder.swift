import Testing

@Test func trailNetworkTestsBuilds() { #expect(Bool(true)) }
