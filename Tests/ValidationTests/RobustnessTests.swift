import Foundation
import Testing
import TestSupport
import Validation


/// Every file of a valid pack, relative to its root, sorted.
func packFiles(_ root: URL) -> [String] {
    let base = root.standardizedFileURL.path + "/"
    var out: [String] = []
    for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])! {
        if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            out.append(String(url.standardizedFileURL.path.dropFirst(base.count)))
        }
    }
    return out.sorted()
}

/// Flips and truncations of one file of `root`, each validated; returns the cases that ended
/// without an error (the validator must never crash, which the test run itself shows).
func fuzz(root: URL, file: String, cases: Int, seed: UInt64, truncateEvery: Int = 4) throws -> [String] {
    let url = root.appendingPathComponent(file)
    let original = [UInt8](try Data(contentsOf: url))
    var rng = SeededRandom(seed: seed)
    var silent: [String] = []
    for k in 0..<cases {
        var bytes = original
        let what: String
        if k % truncateEvery == truncateEvery - 1 || bytes.count < 2 {
            let length = Int.random(in: 0..<max(bytes.count, 1), using: &rng)
            bytes = Array(bytes.prefix(length))
            what = "truncated to \(length)"
        } else {
            var flips: [Int] = []
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
                flips.append(at)
            }
            what = "flipped bytes \(flips)"
        }
        try Data(bytes).write(to: url)
        let report = PackValidator.validate(path: root.path)
        if report.errorCount == 0 { silent.append("\(file) \(what)") }
        _ = ReportRenderer.json(report)
    }
    try Data(original).write(to: url)
    return silent
}

@Suite("Never crashes")
struct RobustnessTests {
    /// 9 files x 36 cases = 324 corrupted packs per run.
    @Test(arguments: 0..<9)
    func flipsAndTruncationsOfTheFixturePack(fileIndex: Int) throws {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let files = packFiles(editor.root)
        try #require(files.count == 9)
        let silent = try fuzz(root: editor.root, file: files[fileIndex], cases: 36, seed: 0x7EA1 + UInt64(fileIndex))
        #expect(silent.isEmpty, "corruptions that passed validation: \(silent)")
    }
}

@Suite("One problem, one report")
struct ProblemOnceTests {
    /// A layer cut in half is one syntax error, however many rules read the layer (its GeoJSON
    /// rules, the style's sources, routing, guidance): each of the demo's three layers.
    @Test(arguments: ["pois.geojson", "trails.geojson", "contours.geojson"])
    func aTruncatedLayerIsOneSyntaxError(file: String) throws {
        let editor = try DemoPack.copy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        try editor.editBytes(file) { $0 = Array($0.prefix($0.count / 2)) }
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path)
        let syntax = report.problems(.jsonSyntax)
        #expect(syntax.count == 1 && syntax.first?.file.hasSuffix(file) == true, "\(syntax.map(\.file))")
        let lines = ReportRenderer.text(report).split(separator: "\n").filter { $0.contains("error") }
        #expect(Set(lines).count == lines.count, "a problem reported twice: \(lines)")
    }
}
