import Foundation
import PackJSON
import PackSpec
import TrailpackCore

/// A region folder on disk, as the files under it: every file found (walked once, on demand),
/// and the bytes of a relative path read once, never through a symlink (a pack holds none
/// among its region folders and their files) and never from a FIFO or device. Not thread-safe:
/// one instance per thread.
public final class RegionFolder {
    public let url: URL
    /// The real path no symlink may lead out of.
    public let boundary: String
    private var cache: [String: [UInt8]] = [:]
    private var walked: [PackDisk.Entry]?

    public init(url: URL) {
        self.url = url
        boundary = PackDisk.resolved(url.path)
    }

    /// Every file and symlink under the folder, sorted by path (walked on first use, once).
    public var entries: [PackDisk.Entry] {
        if let walked { return walked }
        let all = PackDisk.walk(url)
        walked = all
        return all
    }

    /// The file's path as shown to people (the folder path joined with `relative`).
    public func displayPath(_ relative: String) -> String { url.path + "/" + relative }

    /// The bytes of a regular file of the folder; nil otherwise: nil for a symlink or a path
    /// through a symlinked folder (its real path must be the folder's joined with `relative`),
    /// and nil, unread, for a JSON document over its kind's cap (`oversize`).
    /// `relative` must be safe (`PackDisk.pathProblem`).
    public func bytes(_ relative: String) -> [UInt8]? {
        if let cached = cache[relative] { return cached }
        guard PackDisk.pathProblem(relative) == nil else { return nil }
        let file = url.appendingPathComponent(relative)
        guard PackDisk.resolved(file.path) == boundary + "/" + relative,
              let bytes = PackDisk.readNoFollow(file.path, maxBytes: PackLimits.maxBytes(ofPackFile: relative) ?? Int.max) else { return nil }
        cache[relative] = bytes
        return bytes
    }

    /// Lets go of the bytes read so far (`bytes` reads a file again after this).
    public func forgetBytes() {
        cache.removeAll()
    }

    /// The size on disk of a JSON document of the folder over its kind's cap
    /// (`PackLimits.maxBytes(ofPackFile:)`), and the cap: such a file is never read. Nil for a
    /// file within its cap, a binary file, or a missing one.
    public func oversize(_ relative: String) -> (bytes: Int, limitBytes: Int)? {
        guard let limit = PackLimits.maxBytes(ofPackFile: relative),
              let size = PackDisk.oversize(displayPath(relative), maxBytes: limit) else { return nil }
        return (size, limit)
    }

    /// Why a file of the folder that exists is never read: "a FIFO, not a regular file" (a
    /// directory, device or socket likewise; `InputFile.kind`); nil for a regular file or a
    /// missing one.
    public func notRegular(_ relative: String) -> String? {
        InputFile.kind(displayPath(relative)).map { "\($0), not a regular file" }
    }

    /// The bytes of `relative`.
    /// - Throws: `PackReadError.unreadable` when the path is unsafe or the file cannot be read
    ///   (its reason says what a FIFO, device or directory is).
    public func requireBytes(_ relative: String) throws(PackReadError) -> [UInt8] {
        if let problem = PackDisk.pathProblem(relative) {
            throw .unreadable(path: displayPath(relative), reason: "not a safe relative path (\(problem))")
        }
        if let (size, limit) = oversize(relative) {
            throw .unreadable(path: displayPath(relative), reason: "is \(size) bytes, over the \(PackLimits.sizeText(limit)) it may be (not read)")
        }
        guard let bytes = bytes(relative) else {
            throw .unreadable(path: displayPath(relative), reason: notRegular(relative).map { "is " + $0 } ?? "no such file or unreadable")
        }
        return bytes
    }

    /// The strict-JSON document at `relative`, with every value's location.
    /// - Throws: `PackReadError.unreadable` (also for a document over one of its kind's count
    ///   caps, `PackLimits.countCaps(ofPackFile:)`) or `.syntax`.
    public func document(_ relative: String) throws(PackReadError) -> PackDocument {
        let document = try PackDocument(bytes: try requireBytes(relative), path: displayPath(relative))
        if let problem = document.countProblem(relative: relative) { throw .unreadable(path: displayPath(relative), reason: problem) }
        return document
    }
}

/// One parsed JSON file of a pack: its bytes and its root value with locations (path, line,
/// column of every value).
public struct PackDocument: Sendable {
    /// The file, as shown in messages.
    public let path: String
    public let bytes: [UInt8]
    public let root: JSONNode

    /// Parses `bytes` as strict RFC 8259 JSON.
    /// - Throws: `PackReadError.syntax` naming `path`, line and column.
    public init(bytes: [UInt8], path: String) throws(PackReadError) {
        self.path = path
        self.bytes = bytes
        do { root = try JSONParser.parse(bytes, mode: .strict) } catch { throw .syntax(path: path, error: error) }
    }

    /// Reads and parses the regular file at `path` (a catalog.json, or any single pack file),
    /// unless it is over its kind's cap by name (`PackLimits.maxBytes(ofPackFile:)`, and the
    /// count caps, `countCaps(ofPackFile:)`).
    /// - Throws: `PackReadError.unreadable` (an oversize file unread) or `.syntax`.
    public static func read(path: String) throws(PackReadError) -> PackDocument {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if let limit = PackLimits.maxBytes(ofPackFile: name), let size = PackDisk.oversize(path, maxBytes: limit) {
            throw .unreadable(path: path, reason: "is \(size) bytes, over the \(PackLimits.sizeText(limit)) it may be (not read)")
        }
        guard PackDisk.isRegularFile(path), let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file or unreadable")
        }
        let document = try PackDocument(bytes: [UInt8](data), path: path)
        if let problem = document.countProblem(relative: name) { throw .unreadable(path: path, reason: problem) }
        return document
    }

    /// True when the file starts with a UTF-8 byte-order mark (which the SPEC does not allow).
    public var hasBOM: Bool { bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF }
}
