import Foundation
import Testing
import TestSupport

/// SIGKILL a real `trailpack build` of jacksboro over an existing pack (an older build of the
/// region, its name changed) at seeded moments spread over the whole build, and right after its
/// commit's first rename (polled: `.jacksboro.old-` appears), then check what is left:
/// `validate` passes (the old or the new pack is complete, only leftovers are named, as
/// warnings) or every error it reports names the repair, `trailpack catalog ROOT`; the repair
/// gives a complete old or new pack that passes `validate --strict`; the next build gives a pack
/// byte-identical to a clean serial build (which passes `validate --strict`): every leftover gone.
///
/// 10 kills by default (the binary built once; about 35 s in debug on 2 loaded cores);
/// `TRAILPACK_KILL_SWEEP=50` (.ci/run sets it) runs 50.
@Suite(.serialized) struct KillSweepTests {
    static let kills = Int(ProcessInfo.processInfo.environment["TRAILPACK_KILL_SWEEP"] ?? "") ?? 10

    /// Where one kill left the pack, for the tally.
    enum Landing: String, CaseIterable { case finished, oldComplete, newComplete, repairNamed, nothingYet }

    @Test func aBuildKilledAtAnyMomentLeavesAStateTheToolsRecogniseAndRepair() throws {
        let (cleanRoot, buildS) = try JacksboroPack.built.get()
        let clean = TestData.tree(cleanRoot)
        #expect(TestData.strictValidationFailure(cleanRoot) == nil)
        let old = try oldPack()
        let oldTree = TestData.tree(old)
        #expect(oldTree["catalog.json"] != clean["catalog.json"])
        var rng = SeededRandom(seed: 31)
        var tally: [Landing: Int] = [:]
        for k in 0..<Self.kills {
            // Every fifth build is a first build, into a root that does not exist yet.
            let root = TestData.scratchFolder("kill-\(k)").appendingPathComponent("pack")
            let fromEmpty = k % 5 == 2
            if !fromEmpty { try FileManager.default.copyItem(at: old, to: root) }
            let atCommit = k % 5 == 4
            let delayS = rng.unit() * 1.1 * buildS
            let finished = try killBuild(root: root, delayS: atCommit ? nil : delayS)
            let label = "kill \(k) (\(fromEmpty ? "first build, " : "")\(atCommit ? "at the commit" : "after \(delayS) s"))"
            let landing = try check(root, finished: finished, old: fromEmpty ? [:] : oldTree, new: clean, label: label)
            tally[landing, default: 0] += 1
            let next = try TestData.run(["build", JacksboroPack.recipe, "--out", root.path, "--quiet"])
            #expect(next.status == 0, "kill \(k): \(next.stderr)")
            // Byte for byte the clean build, which passes `validate --strict` (checked above).
            #expect(TestData.tree(root) == clean, "kill \(k): the next build differs from a clean build")
        }
        print("kill sweep: \(Self.kills) kills over a \(String(format: "%.2f", buildS)) s build: "
              + Landing.allCases.map { "\($0.rawValue) \(tally[$0, default: 0])" }.joined(separator: ", "))
        #expect(tally.values.reduce(0, +) == Self.kills)
    }

    /// The jacksboro pack built from its recipe with another region name: every file but the
    /// DEM-derived ones differs from a clean build's manifest, so the catalog tells them apart.
    func oldPack() throws -> URL {
        let dir = TestData.scratchFolder("kill-old")
        let recipe = dir.appendingPathComponent("jacksboro.json5")
        try TestData.recipeText("jacksboro").replacingOccurrences(of: "\"Jacksboro Ridges\"", with: "\"Jacksboro Ridges (old)\"")
            .write(to: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack")
        let r = try TestData.run(["build", recipe.path, "--out", root.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        return root
    }

    /// Starts the build and SIGKILLs it after `delayS` seconds, or (nil) as soon as its commit
    /// has moved the previous region aside. True when the build finished before the kill.
    func killBuild(root: URL, delayS: Double?) throws -> Bool {
        let p = Process()
        p.executableURL = TestData.binary
        p.arguments = ["build", JacksboroPack.recipe, "--out", root.path, "--quiet"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        if let delayS {
            usleep(UInt32(delayS * 1e6))
        } else {
            let regions = root.appendingPathComponent("regions").path
            while p.isRunning {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: regions)) ?? []
                if names.contains(where: { $0.hasPrefix(".jacksboro.old-") }) { break }
                usleep(200)
            }
        }
        let finished = !p.isRunning
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        return finished && p.terminationReason == .exit
    }

    /// What `validate` says of the killed build's pack, and that its repair holds.
    func check(_ root: URL, finished: Bool, old: [String: Data], new: [String: Data], label: String) throws -> Landing {
        let v = try TestData.run(["validate", root.path])
        let repair = "run `trailpack catalog \(root.path)`"
        if v.status == 0 {
            let pack = published(TestData.tree(root))
            #expect(pack == published(old) || pack == published(new), "\(label): validate passes but the pack is neither the old nor the new")
            let warnings = v.stdout.split(separator: "\n").filter { $0.contains(": warning [") }
            #expect(warnings.allSatisfy { $0.contains("stale-temp]") }, "\(label): \(v.stdout)")
            // Nothing to repair: the next build (run by the caller) removes the leftovers.
            if finished { return .finished }
            return pack == published(old) ? .oldComplete : .newComplete
        }
        let errors = v.stdout.split(separator: "\n").filter { $0.contains(": error [") }
        // A first build killed before its region was in place: no pack yet, and validate says
        // what is there (nothing, or only the build's leftovers: run the build again).
        if old.isEmpty, TestData.tree(root).keys.allSatisfy({ $0.split(separator: "/").contains { $0.hasPrefix(".") } }),
           errors.count == 1, errors[0].contains("[pack.layout]"),
           ["no such folder", "found neither\n", "run the build again"].contains(where: { (errors[0] + "\n").contains($0) }) {
            return .nothingYet
        }
        #expect(!errors.isEmpty && errors.allSatisfy { $0.contains(repair) }, "\(label): \(v.stdout)")
        let c = try TestData.run(["catalog", root.path, "--quiet"])
        #expect(c.status == 0, "\(label): \(c.stderr)")
        let repaired = TestData.tree(root)
        #expect(repaired == old || repaired == new, "\(label): the repaired pack is neither the old nor the new")
        #expect(TestData.strictValidationFailure(root) == nil, "\(label)")
        return .repairNamed
    }

    /// The files a pack server publishes: the catalog and the region folders (no leftovers).
    func published(_ tree: [String: Data]) -> [String: Data] {
        tree.filter { path, _ in !path.split(separator: "/").contains { $0.hasPrefix(".") } }
    }
}
