import Foundation
import TrailpackCore

/// Make depfiles (`--depfile`): `target: prereq prereq ...`, one prerequisite a line, every
/// name escaped so GNU make reads it back exactly (GCC's `-MD` writer's rules for space, `#`
/// and `$`, plus `:`, wildcards and backslashes before them); names make cannot read are refused.
public enum Depfile {
    /// The depfile's text: `target` depends on each of `prerequisites` (duplicates dropped, in
    /// order), every name through `escaped`.
    /// - Throws: `BuildError.input` naming the first file whose name make cannot read back (a
    ///   line break, `;`, `=`, a backslash or `(...)` at the end: `unreadable`); `depfile` is the depfile
    ///   asked for, named in the message.
    public static func text(target: String, prerequisites: [String], depfile: String) throws -> String {
        var unique: [String] = []
        for p in prerequisites where !unique.contains(p) { unique.append(p) }
        for name in [target] + unique {
            if let why = unreadable(name) {
                throw BuildError.input(file: shown(name), place: "",
                                       message: "the name has \(why), which a make depfile cannot hold (--depfile \(depfile)); rename the file or build without --depfile")
            }
        }
        return "\(escaped(target, isTarget: true)): \\\n" + unique.map { "  \(escaped($0))" }.joined(separator: " \\\n") + "\n"
    }

    /// What in `name` GNU make has no escape for, or nil: a line break, `;` (starts a recipe),
    /// `=` (makes the line a variable assignment), a backslash at the end (a line continuation),
    /// `lib(member)` (an archive member).
    static func unreadable(_ name: String) -> String? {
        if name.contains(where: \.isNewline) { return "a line break" }
        if name.contains(";") { return "a ';'" }
        if name.contains("=") { return "an '='" }
        if name.hasSuffix("\\") { return "a backslash at the end" }
        if name.hasSuffix(")"), name.contains("(") { return "a ')' at the end after a '(' (make reads an archive member)" }
        return nil
    }

    /// `name` as a make rule reads it back: `$` doubled; a backslash before a space, tab, `#`,
    /// `:` and the wildcards `*?[]` (and `%` in the target), the backslashes right before them
    /// doubled (GNU make: 2N+1 backslashes before a space are N backslashes and the space);
    /// `./` before a leading `~` (no home folder). Other backslashes stay as they are. `name`
    /// passed `unreadable`.
    public static func escaped(_ name: String, isTarget: Bool = false) -> String {
        let special: Set<Character> = isTarget ? [" ", "\t", "#", ":", "*", "?", "[", "]", "%"] : [" ", "\t", "#", ":", "*", "?", "[", "]"]
        var out = name.hasPrefix("~") ? "./" : ""
        var backslashes = 0
        for c in name {
            if c == "\\" {
                backslashes += 1
            } else {
                if special.contains(c) { out += String(repeating: "\\", count: backslashes) + "\\" }
                if c == "$" { out += "$" }
                backslashes = 0
            }
            out.append(c)
        }
        return out
    }

    /// `name` on one line for a message: a line break shown as `\n` (or `\r`).
    static func shown(_ name: String) -> String {
        name.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Refuses a depfile path the build could not write safely, before anything is built: a
    /// symlink there (even one pointing at a depfile: the build writes no file through a link,
    /// and does not silently replace the link either), a FIFO, directory or other special file.
    /// - Throws: `BuildError.output` naming the path and what it is (`SafeFile.check`).
    public static func checkWritable(path: String) throws {
        do throws(SafeFile.Failure) { try SafeFile.check(path) } catch {
            throw BuildError.safeFile(error, message: "cannot write the depfile")
        }
    }

    /// Writes `text` (from `text(target:prerequisites:depfile:)`) to `path`, atomically
    /// (`SafeFile.replace`: a new temporary beside it renamed over it).
    /// - Throws: `BuildError.io` (its kind from the errno: a full disk is transient);
    ///   `BuildError.output` naming a symlink or special file at `path` (nothing written).
    public static func write(path: String, text: String) throws {
        do throws(SafeFile.Failure) { try SafeFile.replace(path, with: Array(text.utf8)) } catch {
            throw BuildError.safeFile(error, message: "cannot write the depfile")
        }
    }
}
