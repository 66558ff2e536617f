import Foundation
import Testing
import TestSupport
import TrailpackCore
import Validation

/// Random flips inside elevation samples of TER1 grids, re-signed so that only the content
/// changed: every flip that moves a sample by more than 200 m must fail validation without a
/// DEM (range, spike, void, or route ele against the AR patch).
@Suite("Elevation-sample flips")
struct SampleFlipTests {
    /// Flips one byte of one random sample per case; returns (cases over 200 m, those that passed).
    func flip(_ editor: PackEditor, file: String, cases: Int, seed: UInt64) throws -> (large: Int, silent: [String]) {
        let original = try editor.bytes(file)
        let samples = (original.count - 44) / 2
        var rng = SeededRandom(seed: seed)
        var large = 0
        var silent: [String] = []
        for _ in 0..<cases {
            let k = Int.random(in: 0..<samples, using: &rng)
            var bytes = original
            let at = 44 + 2 * k + Int.random(in: 0...1, using: &rng)
            bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
            let before = Int16(bitPattern: UInt16(original[44 + 2 * k]) | UInt16(original[45 + 2 * k]) << 8)
            let after = Int16(bitPattern: UInt16(bytes[44 + 2 * k]) | UInt16(bytes[45 + 2 * k]) << 8)
            guard abs(Int(after) - Int(before)) > 200 else { continue }
            large += 1
            try editor.write(file, bytes)
            try PackSigner.resign(root: editor.root)
            let report = PackValidator.validate(path: editor.region.path)
            if report.errorCount == 0 { silent.append("\(file) sample \(k): \(before) -> \(after)") }
        }
        try editor.write(file, original)
        try PackSigner.resign(root: editor.root)
        return (large, silent)
    }

    @Test(arguments: ["terrain.bin", "ar/mount-cabot.bin", "ar/unknown-pond.bin", "ar/starr-king.bin"])
    func flipsInTheDemoPackAreCaught(file: String) throws {
        let editor = try DemoPack.copy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let (large, silent) = try flip(editor, file: file, cases: 60, seed: 0xF11B + UInt64(file.utf8.count))
        #expect(large >= 20)
        #expect(silent.isEmpty, "flips over 200 m that passed: \(silent)")
    }

    @Test(arguments: ["terrain.bin", "ar/\(PackFixture.routeId).bin"])
    func flipsInTheFixturePackAreCaught(file: String) throws {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let (large, silent) = try flip(editor, file: file, cases: 60, seed: 0xF1F0 + UInt64(file.utf8.count))
        #expect(large >= 20)
        #expect(silent.isEmpty, "flips over 200 m that passed: \(silent)")
    }
}
