import PackJSON
import PackReader
import TrailpackCore

/// A `routes/<routeId>.json` file read back: its line (PackReader's `RouteLine`: id, name, blurb,
/// coords, elevations, `cum`, waypoints, landmarks; read as members of the route) with its stats
/// and AR patch.
@dynamicMemberLookup
public struct PackRoute: Sendable, Equatable {
    public var line: RouteLine
    public var stats: PackRouteStats
    public var arPatch: PackFileEntry

    /// The line's members (`route.coords`, `route.cumulativeM`, ...).
    public subscript<T>(dynamicMember path: WritableKeyPath<RouteLine, T>) -> T {
        get { line[keyPath: path] }
        set { line[keyPath: path] = newValue }
    }

    /// Reads a route document through PackReader's `RouteLine`, adding its stats and AR patch.
    /// - Throws: `PreviewError.malformed` (naming the file, key path and line) for a document
    ///   that is not a SPEC route.
    public static func decode(_ doc: PackDocument) throws(PreviewError) -> PackRoute {
        do { return try read(doc) } catch { throw PreviewError(error) }
    }

    private static func read(_ doc: PackDocument) throws(PackReadError) -> PackRoute {
        let root = doc.root, path = doc.path
        return PackRoute(line: try RouteLine.read(doc), stats: try PackRouteStats(try root.required("stats", in: path), in: path),
                         arPatch: try PackFileEntry(try root.required("arPatch", in: path), in: path))
    }
}

extension PreviewError {
    /// A pack-reading error as a preview error (same file, same place).
    init(_ error: PackReadError) {
        switch error {
        case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
        case .syntax(let path, let e): self = .malformed(path: path, reason: "line \(e.line), column \(e.column): \(e.message)")
        case .malformed(let path, let at, let line, _, let reason):
            self = .malformed(path: path, reason: "\(at)\(line.map { " (line \($0))" } ?? ""): \(reason)")
        }
    }
}
