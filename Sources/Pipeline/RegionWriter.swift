import Bindings
import CLinux
import Foundation
import PackJSON
import PackReader
import PackSpec
import TrailpackCore

/// Writes one region into a temporary folder beside its target and renames it into place, so a
/// failed or interrupted build leaves the previous region untouched.
public final class RegionWriter: @unchecked Sendable {
    public let target: URL
    public let staging: URL
    private var finished = false

    /// Prepares `<root>/regions/<id>` (the id was checked against the SPEC pattern, so it
    /// cannot leave the root). The staging folder is made by `mkdir` (which never follows a
    /// link), and every file in it is new (`SafeFile.createNew`).
    /// - Throws: `BuildError.output` when the folders cannot be created; `BuildError.symlink`
    ///   when a link stands at this build's staging or moved-aside folder's name (nothing is
    ///   removed, made or written through it).
    public init(root: URL, regionID: String) throws {
        precondition(PackTree.isValidId(regionID), "region id must be checked before writing")
        let regions = root.appendingPathComponent(PackTree.regions)
        let staging = regions.appendingPathComponent(ProcessTag.folder(regionID, .staging).name)
        // Checked before `self` is whole, so a refused link is not even removed by `deinit`.
        for name in [staging, regions.appendingPathComponent(ProcessTag.folder(regionID, .previous).name)] {
            if let target = PackDisk.symlinkTarget(name.path) { throw BuildError.symlink(path: name.path, target: target) }
        }
        target = regions.appendingPathComponent(regionID)
        self.staging = staging
        // Created and registered under the interrupt lock, so a signal never leaves it behind.
        try Interrupts.shared.critical {
            do {
                try FileManager.default.createDirectory(at: regions, withIntermediateDirectories: true)
                StaleTemporaries.clean(regions: regions, regionID: regionID)
                try? FileManager.default.removeItem(at: staging)
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            } catch {
                throw BuildError.io(path: regions.path, message: "cannot create the region folder", error: error)
            }
            Interrupts.shared.register(staging)
        }
    }

    deinit {
        if !finished { committed ? rollback() : abandon() }
    }

    /// Removes the staging folder (after an error).
    public func abandon() {
        try? FileManager.default.removeItem(at: staging)
        Interrupts.shared.unregister(staging)
        finished = true
    }

    func url(_ relative: String) -> URL { staging.appendingPathComponent(relative) }

    /// Writes `bytes` at `relative` in the staging folder and describes the file.
    public func write(_ relative: String, bytes: [UInt8]) throws -> WrittenFile {
        try bytes.withUnsafeBytes { try write(relative, buffer: $0) }
    }

    /// Writes `buffer` at `relative` in the staging folder, hashing it as it is written, and
    /// describes the file. Safe to call from several threads for different files.
    /// - Throws: `BuildError.output` naming the file.
    public func write(_ relative: String, buffer: UnsafeRawBufferPointer) throws -> WrittenFile {
        try write(relative, parts: [buffer])
    }

    /// `write(_:buffer:)` for a file made of `parts`, in order.
    public func write(_ relative: String, parts: [UnsafeRawBufferPointer]) throws -> WrittenFile {
        try write(relative, byteCount: parts.reduce(0) { $0 + $1.count }) { try SHA256.write(parts, to: $0) }
    }

    /// `write(_:buffer:)` for a file made of the byte arrays `arrays`, in order, none copied.
    public func write(_ relative: String, arrays: [[UInt8]]) throws -> WrittenFile {
        try write(relative, byteCount: arrays.reduce(0) { $0 + $1.count }) { try SHA256.write(arrays: arrays, to: $0) }
    }

    /// Creates `relative` in the staging folder and fills it with `fill` (given the open file,
    /// returning the hex SHA-256 of what it wrote); `byteCount` bytes.
    func write(_ relative: String, byteCount: Int, fill: (Int32) throws -> String) throws -> WrittenFile {
        let u = url(relative)
        let sha256: String = try Interrupts.shared.critical {
            do {
                try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw BuildError.io(path: u.deletingLastPathComponent().path, message: "cannot create the folder", error: error)
            }
            return try Self.writeHashing(to: u.path, fill: fill)
        }
        return WrittenFile(path: relative, bytes: byteCount, sha256: sha256)
    }

    /// Fills a new file at `path` with `fill` (`SafeFile.createNew`: nothing may be there, a
    /// link least of all), which hashes what it writes; a failed `close` fails it too
    /// (network file systems report a full disk or quota there).
    /// - Returns: the SHA-256 hex digest.
    /// - Throws: `BuildError.io` with the failing call's errno (transient for ENOSPC, EDQUOT, EIO...);
    ///   `BuildError.output` naming a link or special file found at `path`.
    static func writeHashing(to path: String, fill: (Int32) throws -> String) throws -> String {
        let fd: Int32
        do throws(SafeFile.Failure) { fd = try SafeFile.createNew(path) } catch { throw BuildError.safeFile(error, message: "cannot write") }
        let sha256: String
        do { sha256 = try fill(fd) } catch {
            close(fd)
            throw BuildError.io(path: path, message: "cannot write", error: error)
        }
        guard close(fd) == 0 else { throw BuildError.ioErrno(path: path, message: "cannot write") }
        return sha256
    }

    /// Writes a GeoJSON file through OGR, making each of the `count` features only when OGR
    /// writes it (from several threads: chunks are encoded on every core), encoded in memory
    /// off the interrupt lock (so other files can be written meanwhile), then written and
    /// hashed in one pass.
    /// - Throws: `GDALError` from OGR, `BuildError.output` naming the file.
    public func writeGeoJSON(_ relative: String, layer: String, fields: [GeoJSONField], count: Int,
                             feature: @escaping (Int) -> GeoJSONFeature) throws -> WrittenFile {
        try GeoJSONWriter.withEncodedInParallel(layerName: layer, fields: fields, count: count, feature: feature) {
            try write(relative, parts: $0)
        }
    }

    /// Writes a JSON document (sorted keys, fixed number formatting).
    public func write(_ relative: String, json: JSONValue) throws -> WrittenFile {
        try write(relative, bytes: try JSONWriter().bytes(json))
    }

    /// Writes a GeoJSON file through OGR (encoded in memory, then written and hashed like every
    /// other file, so a full disk is an errno, not OGR's message) and describes it.
    /// - Throws: `GDALError` from OGR, `BuildError.io` naming the file.
    public func writeGeoJSON(_ relative: String, layer: String, fields: [GeoJSONField], features: [GeoJSONFeature]) throws -> WrittenFile {
        try GeoJSONWriter.withEncoded(layerName: layer, fields: fields, count: features.count, feature: { features[$0] }) {
            try write(relative, buffer: $0)
        }
    }

    private var previous: URL {
        target.deletingLastPathComponent().appendingPathComponent(ProcessTag.folder(target.lastPathComponent, .previous).name)
    }

    /// Moves the staging folder into place; the previous region is kept aside until
    /// `finish()` (or restored by `rollback()`). Over a previous region the two folders are
    /// swapped in one atomic `renameat2(RENAME_EXCHANGE)`, so `regions/<id>` is never missing;
    /// where the file system cannot swap, the previous region is renamed aside first.
    /// - Throws: `BuildError.io` when a rename fails (the previous region is kept).
    public func commit() throws {
        let fm = FileManager.default
        try Interrupts.shared.critical {
            try? fm.removeItem(at: previous)
            if fm.fileExists(atPath: target.path), try swapIntoPlace() {
                Interrupts.shared.unregister(staging)
                committed = true
                return
            }
            try renameIntoPlace(hadPrevious: fm.fileExists(atPath: target.path))
            Interrupts.shared.unregister(staging)
            committed = true
        }
    }

    /// Swaps the staging folder with the previous region, then names the previous one aside.
    /// Returns false when the file system cannot swap (nothing moved).
    /// - Throws: `BuildError.io` when the swapped-out region cannot be named aside.
    private func swapIntoPlace() throws -> Bool {
        guard trailpack_rename_exchange(staging.path, target.path) == 0 else {
            if errno == ENOSYS || errno == EINVAL || errno == ENOTSUP { return false }
            throw BuildError.ioErrno(path: target.path, message: "cannot swap the new region into place")
        }
        // The staging name now holds the previous region.
        guard rename(staging.path, previous.path) == 0 else {
            let code = errno
            _ = trailpack_rename_exchange(staging.path, target.path)
            throw BuildError.io(path: staging.path, message: "cannot move the previous region aside", errno: code)
        }
        Interrupts.shared.registerRestore(previous, to: target)
        return true
    }

    /// The fallback commit: the previous region (if any) renamed aside, then the new one in.
    /// - Throws: `BuildError.io` when a rename fails (the previous region is put back).
    private func renameIntoPlace(hadPrevious: Bool) throws {
        if hadPrevious {
            guard rename(target.path, previous.path) == 0 else {
                throw BuildError.ioErrno(path: target.path, message: "cannot move the previous region aside")
            }
            Interrupts.shared.registerRestore(previous, to: target)
        }
        if rename(staging.path, target.path) != 0 {
            let code = errno
            if hadPrevious { _ = rename(previous.path, target.path) }
            Interrupts.shared.unregisterRestore(previous)
            throw BuildError.io(path: target.path, message: "cannot move the new region into place", errno: code)
        }
    }

    private var committed = false

    /// Puts the previous region back after a failure that followed `commit()`.
    public func rollback() {
        Interrupts.shared.critical {
            guard committed else { return abandon() }
            let fm = FileManager.default
            try? fm.removeItem(at: target)
            if fm.fileExists(atPath: previous.path) { _ = rename(previous.path, target.path) }
            Interrupts.shared.unregisterRestore(previous)
            finished = true
        }
    }

    /// Drops the previous region for good.
    public func finish() {
        Interrupts.shared.critical {
            Interrupts.shared.unregisterRestore(previous)
            try? FileManager.default.removeItem(at: previous)
            finished = true
        }
    }
}

/// SIGINT/SIGTERM handling: removes registered staging folders and exits, never in the middle
/// of a commit's renames.
public final class Interrupts: @unchecked Sendable {
    public static let shared = Interrupts()
    private let lock = NSRecursiveLock()
    private var paths: [URL] = []
    /// Previous regions moved aside during a commit: (aside, target).
    private var restores: [(URL, URL)] = []
    private var sources: [DispatchSourceSignal] = []
    private var logLabel: String?

    /// The `[label] ` plain logs put before the interruption's message (nil: none).
    public func setLogLabel(_ label: String?) {
        lock.lock()
        logLabel = label
        lock.unlock()
    }

    /// Installs the handlers (once, from the executable).
    public func install() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [unowned self] in self.terminate(sig) }
            source.resume()
            sources.append(source)
        }
    }

    func register(_ url: URL) {
        lock.lock()
        paths.append(url)
        lock.unlock()
    }

    func unregister(_ url: URL) {
        lock.lock()
        paths.removeAll { $0 == url }
        lock.unlock()
    }

    func registerRestore(_ aside: URL, to target: URL) {
        lock.lock()
        restores.append((aside, target))
        lock.unlock()
    }

    func unregisterRestore(_ aside: URL) {
        lock.lock()
        restores.removeAll { $0.0 == aside }
        lock.unlock()
    }

    func critical<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func terminate(_ sig: Int32) {
        lock.lock()
        for p in paths { try? FileManager.default.removeItem(at: p) }
        for (aside, target) in restores {
            try? FileManager.default.removeItem(at: target)
            _ = rename(aside.path, target.path)
        }
        let message = logLabel.map { "[\($0)] error: interrupted; the previous pack is unchanged\n" }
            ?? "\ntrailpack: interrupted; the previous pack is unchanged\n"
        FileHandle.standardError.write(Data(message.utf8))
        _exit(128 + sig)
    }
}
