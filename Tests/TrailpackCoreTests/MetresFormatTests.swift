import Testing
import TrailpackCore

struct MetresFormatTests {
    @Test(arguments: [
        (1234.4, "1,234 m"), (1234.5, "1,235 m"), (987.5, "988 m"), (999.6, "1,000 m"),
        (0.0, "0 m"), (-12.0, "-12 m"), (-1234.0, "-1,234 m"), (1234567.0, "1,234,567 m"),
    ])
    func wholeMetres(metres: Double, text: String) {
        #expect(MetresFormat.wholeMetres(metres) == text)
    }

    @Test(arguments: [(1460.2, "1,460"), (86.0, "86"), (-1500.5, "-1,501")])
    func wholeNumber(metres: Double, text: String) {
        #expect(MetresFormat.wholeNumber(metres) == text)
    }
}
