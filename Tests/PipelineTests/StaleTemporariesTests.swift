import Foundation
@testable import Pipeline
import Testing
import TestSupport

@Suite struct StaleTemporariesTests {
    /// The pid of a process that has exited.
    func deadPID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @Test func deadBuildsLeftoversAreRemovedOrRestoredAndLiveOnesAndOtherRegionsKept() throws {
        let regions = TestData.scratchFolder("stale")
        let dead = try deadPID(), live = getpid()
        let fm = FileManager.default
        for name in [".r.tmp-\(dead)", ".r.old-\(dead)", ".r.tmp-\(live)", ".other.tmp-\(dead)", ".r.tmp-x"] {
            try fm.createDirectory(at: regions.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        try Data("previous".utf8).write(to: regions.appendingPathComponent(".r.old-\(dead)/manifest.json"))
        let cleaned = StaleTemporaries.clean(regions: regions, regionID: "r")
        #expect(Set(cleaned) == [".r.tmp-\(dead)", ".r.old-\(dead)"])
        // The region was missing: the previous version moved aside by the dead build is back.
        #expect(fm.contents(atPath: regions.appendingPathComponent("r/manifest.json").path) == Data("previous".utf8))
        #expect(try fm.contentsOfDirectory(atPath: regions.path).sorted() == [".other.tmp-\(dead)", ".r.tmp-\(live)", ".r.tmp-x", "r"])
        // With the region present, a dead build's aside copy is dropped.
        try fm.createDirectory(at: regions.appendingPathComponent(".r.old-\(dead)"), withIntermediateDirectories: false)
        StaleTemporaries.clean(regions: regions, regionID: "r")
        #expect(!fm.fileExists(atPath: regions.appendingPathComponent(".r.old-\(dead)").path))
        #expect(fm.fileExists(atPath: regions.appendingPathComponent("r/manifest.json").path))
    }
}

@Suite struct StaleTemporaryNamesTests {
    @Test func thisHostsDeadBuildsAreCleanedAndOtherHostsAreLeftAlone() throws {
        let regions = TestData.scratchFolder("stale-host")
        let fm = FileManager.default
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        let dead = p.processIdentifier
        let mine = ".r.tmp-\(ProcessTag.host)-\(dead)", theirs = ".r.tmp-other-machine-\(dead)"
        let live = ".r.tmp-\(ProcessTag.current)"
        for name in [mine, theirs, live] {
            try fm.createDirectory(at: regions.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        #expect(StaleTemporaries.clean(regions: regions, regionID: "r") == [mine])
        #expect(try fm.contentsOfDirectory(atPath: regions.path).sorted() == [live, theirs].sorted())
        #expect(ProcessTag.current == "\(ProcessTag.host)-\(getpid())")
        #expect(ProcessTag.host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    }
}
