import Bindings
import Foundation
import PackJSON
import TrailpackCore

/// Writes one region into a temporary folder beside its target and renames it into place, so a
/// failed or interrupted build leaves the previous region untouched.
public final class RegionWriter: @unchecked Sendable {
    public let target: URL
    public let staging: URL
    private var finished = false

    /// Prepares `<root>/regions/<id>` (the id was checked against the SPEC pattern, so it
    /// cannot leave the root).
    /// - Throws: `BuildError.output` when the folders cannot be created.
    public init(root: URL, regionID: String) throws {
        precondition(RecipeLoader.isValidID(regionID), "region id must be checked before writing")
        let regions = root.appendingPathComponent("regions")
        target = regions.appendingPathComponent(regionID)
        staging = regions.appendingPathComponent(".\(regionID).tmp-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: regions, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw BuildError.output(path: regions.path, message: "cannot create the region folder: \(error.localizedDescription)")
        }
        Interrupts.shared.register(staging)
    }

    deinit {
        if !finished { abandon() }
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
        let u = url(relative)
        do {
            try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: u)
        } catch {
            throw BuildError.output(path: u.path, message: "cannot write: \(error.localizedDescription)")
        }
        return WrittenFile(path: relative, bytes: bytes.count, sha256: SHA256.hex(of: bytes))
    }

    /// Writes a JSON document (sorted keys, fixed number formatting).
    public func write(_ relative: String, json: JSONValue) throws -> WrittenFile {
        try write(relative, bytes: try JSONWriter().bytes(json))
    }

    /// Writes a GeoJSON file through OGR and describes it.
    public func writeGeoJSON(_ relative: String, layer: String, fields: [GeoJSONField], features: [GeoJSONFeature]) throws -> WrittenFile {
        let u = url(relative)
        try GeoJSONWriter.write(path: u.path, layerName: layer, fields: fields, features: features)
        guard let data = FileManager.default.contents(atPath: u.path) else {
            throw BuildError.output(path: u.path, message: "GeoJSON was not written")
        }
        return WrittenFile(path: relative, bytes: data.count, sha256: SHA256.hex(of: data))
    }

    /// Moves the staging folder into place, replacing any previous region.
    /// - Throws: `BuildError.output` when the rename fails (the previous region is kept).
    public func commit() throws {
        let fm = FileManager.default
        let old = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())")
        try Interrupts.shared.critical {
            try? fm.removeItem(at: old)
            let hadPrevious = fm.fileExists(atPath: target.path)
            if hadPrevious && rename(target.path, old.path) != 0 {
                throw BuildError.output(path: target.path, message: "cannot move the previous region aside: \(String(cString: strerror(errno)))")
            }
            if rename(staging.path, target.path) != 0 {
                let reason = String(cString: strerror(errno))
                if hadPrevious { _ = rename(old.path, target.path) }
                throw BuildError.output(path: target.path, message: "cannot move the new region into place: \(reason)")
            }
            finished = true
            Interrupts.shared.unregister(staging)
        }
        try? fm.removeItem(at: old)
    }
}

/// SIGINT/SIGTERM handling: removes registered staging folders and exits, never in the middle
/// of a commit's renames.
public final class Interrupts: @unchecked Sendable {
    public static let shared = Interrupts()
    private let lock = NSRecursiveLock()
    private var paths: [URL] = []
    private var sources: [DispatchSourceSignal] = []

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

    func critical<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func terminate(_ sig: Int32) {
        lock.lock()
        for p in paths { try? FileManager.default.removeItem(at: p) }
        FileHandle.standardError.write(Data("\ntrailpack: interrupted; the previous pack is unchanged\n".utf8))
        exit(128 + sig)
    }
}
