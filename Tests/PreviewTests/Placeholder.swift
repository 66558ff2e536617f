import Testing

@Test func previewTestsBuilds() { #expect(Bool(true)) }
