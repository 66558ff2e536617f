import Testing

@Test func pipelineTestsBuilds() { #expect(Bool(true)) }
