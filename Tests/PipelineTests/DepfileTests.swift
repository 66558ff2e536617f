import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// `--depfile`'s names read back by GNU make exactly as written (make's own debug output
/// names each prerequisite it considers), and names make cannot read refused.
@Suite struct DepfileTests {
    /// File names with every character make treats specially.
    static let oddNames = ["a b", "h#x", "d$x", "c:d", "e\\f", "sp\\ q", "two\\\\ sp", "x\\#y", "tab\tx", "st*r", "q?x",
                           "br[a]", "pct%x", "~home", "it's", "ünï cödé", "photo (1).gpx", "a(b)c", "plain.tif"]

    /// The prerequisites GNU make reads for `target` from a depfile of `names` in `folder`
    /// (`make -d -n`: "Considering target file 'NAME'." for each).
    func makeReads(_ names: [String], target: String, in folder: URL) throws -> (status: Int32, considered: [String], stderr: String) {
        let text = try Depfile.text(target: target, prerequisites: names, depfile: "deps.d")
        try Depfile.write(path: folder.appendingPathComponent("deps.d").path, text: text)
        try "include deps.d\n".write(to: folder.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
        let (status, stdout, stderr) = try TestData.runProcess(URL(fileURLWithPath: "/usr/bin/make"), ["-d", "-n", target], cwd: folder)
        let prefix = "Considering target file '"
        let considered = String(decoding: stdout, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix(prefix), t.hasSuffix("'.") else { return nil }
            return String(t.dropFirst(prefix.count).dropLast(2))
        }.filter { !["deps.d", "Makefile", target].contains($0) }
        return (status, considered, String(decoding: stderr, as: UTF8.self))
    }

    @Test func makeReadsEveryNameBackExactly() throws {
        let folder = TestData.scratchFolder("depfile-names")
        for name in Self.oddNames { #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("o%t: #1"), withIntermediateDirectories: true)
        let r = try makeReads(Self.oddNames, target: "o%t: #1/manifest.json", in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.considered == Self.oddNames)
    }

    @Test func theTextFollowsGCCsEscapes() throws {
        #expect(Depfile.escaped("a b#c$d") == "a\\ b\\#c$$d")
        #expect(Depfile.escaped("x\\ y") == "x\\\\\\ y")
        #expect(Depfile.escaped("e\\f") == "e\\f")
        #expect(Depfile.escaped("~x") == "./~x")
        #expect(Depfile.escaped("o%t", isTarget: true) == "o\\%t" && Depfile.escaped("o%t") == "o%t")
        let text = try Depfile.text(target: "out/m.json", prerequisites: ["r.json5", "a b", "r.json5"], depfile: "d")
        #expect(text == "out/m.json: \\\n  r.json5 \\\n  a\\ b\n")
    }

    @Test(arguments: [("line\nbreak.gpx", "line\\nbreak.gpx: the name has a line break"), ("semi;colon.gpx", "a ';'"),
                      ("eq=x.gpx", "an '='"), ("ends\\", "a backslash at the end"),
                      ("lib(member)", "a ')' at the end after a '('")])
    func namesMakeCannotReadAreRefused(name: String, fragment: String) throws {
        #expect {
            _ = try Depfile.text(target: "out/m.json", prerequisites: ["r.json5", name], depfile: "deps/r.d")
        } throws: { error in
            let text = "\(error)"
            return text.contains(fragment) && text.contains("--depfile deps/r.d") && !text.contains("\n")
        }
    }
}
