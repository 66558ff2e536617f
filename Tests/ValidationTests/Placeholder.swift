import Testing

@Test func validationTestsBuilds() { #expect(Bool(true)) }
