import Foundation
import PackJSON
import TestSupport

/// Edits a copy of a pack for one corruption: raw bytes, or JSON values by a path such as
/// `files.terrain.width` or `coords[10][2]`.
struct PackEditor {
    let root: URL
    let regionId: String

    var region: URL { root.appendingPathComponent("regions/\(regionId)") }

    /// A file of the region (`terrain.bin`), or of the root when it starts with `/`.
    func url(_ relative: String) -> URL {
        relative.hasPrefix("/") ? root.appendingPathComponent(String(relative.dropFirst())) : region.appendingPathComponent(relative)
    }

    func bytes(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(relative))) }

    func write(_ relative: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: url(relative)) }

    func editBytes(_ relative: String, _ edit: (inout [UInt8]) throws -> Void) throws {
        var b = try bytes(relative)
        try edit(&b)
        try write(relative, b)
    }

    func json(_ relative: String) throws -> JSONValue { try JSONParser.parse(try bytes(relative)).value }

    func editJSON(_ relative: String, _ edit: (inout JSONValue) throws -> Void) throws {
        var value = try json(relative)
        try edit(&value)
        try write(relative, try JSONWriter().bytes(value))
    }

    /// Sets (or with nil removes) the value at `path` in a JSON file.
    func set(_ relative: String, _ path: String, _ value: JSONValue?) throws {
        try editJSON(relative) { $0.set(path, value) }
    }

    /// Copies the whole pack root to a fresh scratch folder.
    static func copy(_ root: URL, regionId: String) throws -> PackEditor {
        let target = TestData.scratchFolder("validation").appendingPathComponent("pack")
        try FileManager.default.copyItem(at: root, to: target)
        return PackEditor(root: target, regionId: regionId)
    }
}

extension JSONValue {
    /// Components of `a.b[2].c`.
    static func components(_ path: String) -> [JSONPath.Component] {
        var out: [JSONPath.Component] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket > rest.startIndex { out.append(.key(String(rest[..<bracket]))) }
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    out.append(.index(Int(rest[rest.index(after: rest.startIndex)..<close])!))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                out.append(.key(String(rest)))
            }
        }
        return out
    }

    func get(_ path: String) -> JSONValue? {
        var value: JSONValue? = self
        for c in Self.components(path) {
            switch c {
            case .key(let k): value = value?[k]
            case .index(let i): value = value?[i]
            }
        }
        return value
    }

    mutating func set(_ path: String, _ newValue: JSONValue?) {
        self = Self.setting(self, Self.components(path)[...], newValue)
    }

    private static func setting(_ value: JSONValue, _ path: ArraySlice<JSONPath.Component>, _ newValue: JSONValue?) -> JSONValue {
        guard let first = path.first else { return newValue ?? .null }
        switch (first, value) {
        case (.key(let k), .object(var o)):
            o[k] = path.count == 1 ? newValue : setting(o[k] ?? .null, path.dropFirst(), newValue)
            return .object(o)
        case (.index(let i), .array(var a)):
            if path.count == 1, newValue == nil { a.remove(at: i) } else { a[i] = setting(a[i], path.dropFirst(), newValue) }
            return .array(a)
        default:
            preconditionFailure("no container at \(first)")
        }
    }

    var double: Double {
        if case .number(let d) = self { return d }
        preconditionFailure("not a number: \(self)")
    }
}
