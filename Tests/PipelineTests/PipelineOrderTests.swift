import Foundation
import Pipeline
import Testing
import TestSupport

/// The pipeline is told once: ARCHITECTURE.md's arrow list and its numbered stages,
/// Package.swift's and PackBuilder's comments, and the stages a real build times (its
/// `stageSeconds`, laps taken as `PackBuilder` runs them) are the same names in the same order.
@Suite struct PipelineOrderTests {
    func text(_ relative: String) throws -> String {
        try String(contentsOf: TestData.repoRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The words of the first line of `text` matching `pattern` (group 1), split at `separator`.
    func arrowList(_ text: String, _ pattern: Regex<(Substring, Substring)>, separator: String) throws -> [String] {
        let match = try #require(text.firstMatch(of: pattern), "no pipeline line")
        return match.output.1.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    @Test func theDocsTheCommentsAndTheBuildsLapsNameTheSameStagesInTheSameOrder() throws {
        let architecture = try text("ARCHITECTURE.md")
        let arrows = try arrowList(architecture, #/trailpack is a pipeline: \*\*([^*]+)\*\*/#, separator: "→")
        let headings = architecture.matches(of: #/(?m)^\d+[a-z]?\. \*\*(\w+)\*\*/#).map { $0.output.1.lowercased() }
        let package = try arrowList(try text("Package.swift"), #/// (recipe -> [a-z >-]+)\./#, separator: "->")
        let builder = try arrowList(try text("Sources/Pipeline/PackBuilder.swift"), #//// The pipeline: ([a-z >-]+)/#, separator: "->")
        let laps = try DemoPack.built.summary.stageSeconds.map(\.stage)
        #expect(arrows == ["recipe"] + laps, "ARCHITECTURE.md's pipeline \(arrows), the build's laps \(laps)")
        #expect(headings == arrows, "ARCHITECTURE.md's numbered stages \(headings)")
        #expect(package == arrows, "Package.swift's comment \(package)")
        #expect(builder == arrows, "PackBuilder's doc comment \(builder)")
    }
}
