import Foundation
import PackJSON
import PackReader
import PackSpec

/// Id and path rules, and the region folder's contents on disk.
enum PackPaths {
    /// Reports `id.syntax` for a bad id.
    static func checkId(_ id: String, node: JSONNode, fields: JSONFields) {
        if !PackTree.isValidId(id) {
            fields.log.add(.idSyntax, file: fields.file, node: node, expected: "an id matching \(PackTree.idPattern)",
                           found: JSONWriter.quoted(id))
        }
    }

    /// Reports the path rules for a manifest path (relative to the region folder, or to the
    /// pack root for the catalog's manifest paths). True when the path is safe to open.
    static func checkRelativePath(_ path: String, node: JSONNode, fields: JSONFields) -> Bool {
        let found = JSONWriter.quoted(path)
        func fail(_ rule: ValidationRule, _ expected: String) -> Bool {
            fields.log.add(rule, file: fields.file, node: node, expected: expected, found: found)
            return false
        }
        switch PackDisk.pathProblem(path) {
        case .backslash: return fail(.pathBackslash, "a path using / with no backslash")
        case .absolute: return fail(.pathAbsolute, "a path relative to the region folder (no leading /)")
        case .parent: return fail(.pathParent, "a path with no .. segment")
        case .empty: return fail(.pathEmpty, "a non-empty path with no empty or . segment")
        case nil: break
        }
        return true
    }

    // Disk access is PackReader's (`PackDisk`, `RegionFolder`), shared with the preview.
    typealias Entry = PackDisk.Entry
    static func walk(_ folder: URL) -> [Entry] { PackDisk.walk(folder) }
    static func resolved(_ path: String) -> String { PackDisk.resolved(path) }
    static func isRegularFile(_ path: String) -> Bool { PackDisk.isRegularFile(path) }
    static func isInside(_ path: String, root: String) -> Bool { PackDisk.isInside(path, root: root) }
}
