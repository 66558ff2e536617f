import Bindings
import Foundation
import PackJSON
import PackReader
import PackSpec

/// `trailpack validate`: checks a pack root (catalog.json and every region) or one region
/// folder (manifest.json) against every rule of SPEC.md (see `ValidationRule`).
///
/// Each file is read once; regions are validated in parallel; the report is identical from
/// run to run. Never traps on any input: problems in the pack, unreadable files and hostile
/// numbers all end up in the report.
public enum PackValidator {
    /// Validates the pack root or region folder at `path`.
    /// - Parameters:
    ///   - path: a pack root (holding `catalog.json`) or a region folder (holding `manifest.json`).
    ///   - options: thresholds for the warnings.
    /// - Returns: the report; file names in it are relative to `path`. Never throws: a PATH
    ///   that is neither a pack root nor a region is reported under `pack.layout`.
    public static func validate(path: String, options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        let clock = ContinuousClock()
        let start = clock.now
        var report = run(path: path, options: options)
        let elapsed = clock.now - start
        report.elapsedS = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return report
    }

    private static func run(path: String, options: ValidationOptions) -> ValidationReport {
        let url = URL(fileURLWithPath: path)
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            let found = fm.fileExists(atPath: url.path) ? "a file, not a folder" : "no such folder"
            return ValidationReport(path: path, kind: .unknown, regionIds: [], problems: [
                ValidationProblem(.packLayout, file: path, at: .file, expected: "a pack root or a region folder", found: found),
            ])
        }
        if fm.fileExists(atPath: url.appendingPathComponent("catalog.json").path)
            || isSymlink(url.appendingPathComponent("catalog.json").path) {
            return validateRoot(url, path: path, options: options)
        }
        if let target = PackDisk.symlinkTarget(url.path), url.deletingLastPathComponent().lastPathComponent == PackTree.regions {
            return ValidationReport(path: path, kind: .region, regionIds: [url.lastPathComponent], problems: [
                ValidationProblem(.regionSymlink, file: ".", at: .file, expected: "a region folder, not a symlink (a pack holds none under regions/)",
                                  found: "a symlink to \(target): not read"),
            ])
        }
        if fm.fileExists(atPath: url.appendingPathComponent("manifest.json").path) {
            return validateRegion(url, path: path, options: options)
        }
        return ValidationReport(path: path, kind: .unknown, regionIds: [], problems: [
            ValidationProblem(.packLayout, file: ".", at: .file, expected: "catalog.json (pack root) or manifest.json (region folder)",
                              found: neitherFound(url, path: path)),
        ])
    }

    /// A region folder PATH, and its build's leftovers beside it (`../.<id>.tmp-<host>-<pid>`).
    private static func validateRegion(_ url: URL, path: String, options: ValidationOptions) -> ValidationReport {
        let outcome = RegionValidator(folder: url, prefix: "", options: options).run()
        let id = outcome.manifest?["id"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? url.lastPathComponent
        let parent = url.deletingLastPathComponent()
        let stale = BuildLeftovers.inRegions(parent, rootPath: parent.deletingLastPathComponent().path)
            .filter { $0.regionId == url.lastPathComponent }
            .map { ValidationProblem($0.rule, file: "../\($0.file)", at: .file, expected: "no folders or files left by a build beside the region",
                                     found: $0.found) }
        var report = ValidationReport(path: path, kind: .region, regionIds: [id], problems: outcome.problems + stale)
        report.figures = outcome.figures
        return report
    }

    /// What a PATH holding neither catalog.json nor manifest.json holds: region folders with no
    /// catalog (a first build killed before its catalog was written) name the repair.
    private static func neitherFound(_ url: URL, path: String) -> String {
        let regions = url.appendingPathComponent(PackTree.regions)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let leftovers = BuildLeftovers.find(root: url, rootPath: path).map(\.file)
        if !names.isEmpty {
            return "neither; regions/ holds \(names.joined(separator: ", ")) but there is no catalog.json (a build interrupted before writing it): run `trailpack catalog \(path)`"
        }
        if !leftovers.isEmpty {
            return "neither; only what an interrupted first build left (\(leftovers.joined(separator: ", "))): run the build again"
        }
        return "neither"
    }

    private static func isSymlink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    private static func validateRoot(_ root: URL, path: String, options: ValidationOptions) -> ValidationReport {
        let log = ProblemLog()
        let rootReal = PackPaths.resolved(root.path)
        let catalogPath = root.appendingPathComponent("catalog.json").path
        var catalog = CatalogRules(log: log)
        catalog.rootPath = path
        if isSymlink(catalogPath), !PackPaths.isInside(PackPaths.resolved(catalogPath), root: rootReal) {
            log.add(.pathSymlink, file: "catalog.json", at: .file, expected: "no symlink leading out of the pack",
                    found: "symlink to \(PackPaths.resolved(catalogPath))")
        }
        let catalogReal = PackPaths.resolved(catalogPath)
        let entries = PackPaths.isInside(catalogReal, root: rootReal) && PackPaths.isRegularFile(catalogReal)
            ? catalog.read(path: catalogPath) : nil
        if entries == nil, PackPaths.isInside(catalogReal, root: rootReal), !PackPaths.isRegularFile(catalogReal) {
            log.add(.fileRead, file: "catalog.json", at: .file, expected: "a regular file", found: "not a regular file")
        }

        let regionsDir = root.appendingPathComponent(PackTree.regions)
        var leftovers: [String: String] = [:]
        for leftover in BuildLeftovers.find(root: root, rootPath: path) {
            log.add(leftover.rule, file: leftover.file, at: .file, expected: "no folders or files left by a build", found: leftover.found)
            if let name = leftover.file.split(separator: "/").last, let f = StagingFolder(parsing: String(name)), f.kind == .previous {
                leftovers[f.regionId] = String(name)
            }
        }
        catalog.movedAside = leftovers
        var folders = regionFolders(regionsDir, log: log)
        folders.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }

        let outcomes = validateRegions(folders.map { regionsDir.appendingPathComponent($0) }, prefixes: folders.map { "regions/\($0)/" },
                                       options: options)
        var byFolder: [String: RegionOutcome] = [:]
        for (name, outcome) in zip(folders, outcomes) { byFolder[name] = outcome }
        if let entries { catalog.compare(entries, folders: folders, outcomes: byFolder) }

        var problems = log.finish()
        for outcome in outcomes { problems += outcome.problems }
        var report = ValidationReport(path: path, kind: .packRoot, regionIds: folders, problems: problems)
        report.figures = outcomes.flatMap(\.figures)
        return report
    }

    /// The region folders under `regions` (hidden entries are not regions), sorted; a symlink
    /// (`regions/` itself or a folder in it) is reported and never read, a file is reported.
    private static func regionFolders(_ regions: URL, log: ProblemLog) -> [String] {
        if let target = PackDisk.symlinkTarget(regions.path) {
            log.add(.regionSymlink, file: PackTree.regions, at: .file, expected: "a folder, not a symlink (a pack holds none under regions/)",
                    found: "a symlink to \(target): not read")
            return []
        }
        let listing = ((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [])
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var folders: [String] = []
        for name in listing where !name.hasPrefix(".") {
            let folder = regions.appendingPathComponent(name)
            if let target = PackDisk.symlinkTarget(folder.path) {
                log.add(.regionSymlink, file: "regions/\(name)", at: .file, expected: "a region folder, not a symlink (a pack holds none under regions/)",
                        found: "a symlink to \(target): not read")
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
                folders.append(name)
            } else {
                log.add(.catalogRegionUnlisted, file: "regions/\(name)", at: .file, expected: "only region folders under regions/", found: "a file")
            }
        }
        return folders
    }

    /// Runs the region validators, in parallel when allowed; results in input order.
    private static func validateRegions(_ folders: [URL], prefixes: [String], options: ValidationOptions) -> [RegionOutcome] {
        let slots = Slots<RegionOutcome>(count: folders.count)
        let work = { @Sendable (k: Int) in
            slots[k] = RegionValidator(folder: folders[k], prefix: prefixes[k], options: options).run()
        }
        if options.parallel, folders.count > 1 {
            DispatchQueue.concurrentPerform(iterations: folders.count, execute: work)
        } else {
            for k in folders.indices { work(k) }
        }
        return slots.values
    }
}

/// Fixed slots filled from concurrent workers, read once they are done.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> T? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [T] { lock.withLock { storage.compactMap { $0 } } }
}

extension StagingFolder {
    /// What a leftover folder is, for the report.
    var leftoverDescription: String {
        let by = "build " + (host.map { "\($0)-" } ?? "") + "\(pid)"
        switch kind {
        case .staging: return "the staging folder of \(by) (a build interrupted, crashed or still running)"
        case .previous: return "the previous \(regionId) moved aside by \(by) during a commit that never finished"
        }
    }
}
