import Foundation
import Glibc
import Testing
import TestSupport
@testable import TrailpackCore

/// Issue 40: `SafeFile`, the one opener of every file trailpack creates, writes or locks, refuses
/// a link, a special file and (for a file written in place) a hard link, and writes nothing
/// through any of them.
@Suite struct SafeFileTests {
    /// A scratch folder with a canary file; the canary's bytes.
    func scratch(_ label: String) throws -> (folder: URL, canary: URL, bytes: Data) {
        let folder = TestData.scratchFolder("safe-file-\(label)")
        let canary = folder.appendingPathComponent("canary"), bytes = Data("canary \(label)".utf8)
        try bytes.write(to: canary)
        return (folder, canary, bytes)
    }

    @Test func createNewRefusesALinkEvenADanglingOne() throws {
        let s = try scratch("create")
        for (name, target) in [("live", s.canary.path), ("dangling", s.folder.appendingPathComponent("nowhere").path)] {
            let link = s.folder.appendingPathComponent(name).path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            #expect { _ = try SafeFile.createNew(link, replacingStale: true) } throws: { error in
                guard let f = error as? SafeFile.Failure, case .symlink = f.reason else { return false }
                return f.path == link && f.failureKind == .permanent
            }
        }
        #expect(try Data(contentsOf: s.canary) == s.bytes)
        #expect(!FileManager.default.fileExists(atPath: s.folder.appendingPathComponent("nowhere").path))
    }

    @Test func openSharedRefusesALinkAFIFOAndAHardLink() throws {
        let s = try scratch("shared")
        let link = s.folder.appendingPathComponent("link").path, fifo = s.folder.appendingPathComponent("fifo").path
        let hard = s.folder.appendingPathComponent("hard").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: s.canary.path)
        #expect(mkfifo(fifo, 0o644) == 0 && Glibc.link(s.canary.path, hard) == 0)
        let expected: [(String, String)] = [(link, "a symlink (to \(s.canary.path))"), (fifo, "is a FIFO, not a regular file"),
                                            (hard, "has 2 hard links")]
        for (path, words) in expected {
            #expect { _ = try SafeFile.openShared(path) } throws: { "\($0)".hasPrefix("\(path): \(words)") }
        }
        #expect(try Data(contentsOf: s.canary) == s.bytes)
        let fd = try SafeFile.openShared(s.folder.appendingPathComponent("lock").path)
        #expect(fd >= 0)
        close(fd)
    }

    @Test func replaceRefusesALinkAndOtherwiseRenamesANewFileIntoPlace() throws {
        let s = try scratch("replace")
        let link = s.folder.appendingPathComponent("out.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: s.canary.path)
        #expect(throws: SafeFile.Failure(path: link, reason: .symlink(target: s.canary.path))) {
            try SafeFile.replace(link, with: Array("new".utf8))
        }
        #expect(try Data(contentsOf: s.canary) == s.bytes)
        let file = s.folder.appendingPathComponent("file.json").path
        try SafeFile.replace(file, with: Array("one".utf8))
        try SafeFile.replace(file, with: Array("two".utf8))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.folder.path).sorted() == ["canary", "file.json", "out.json"])
    }
}
