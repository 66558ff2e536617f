/// Where a value sits in a document, from the root.
///
/// Written as in JavaScript: `$` for the root itself, otherwise the components without a
/// leading `$`: `routes[2].via[0]`, `[0].name` (root array), `names["trail name"]` (a key that
/// is not an ASCII identifier `[A-Za-z_][A-Za-z0-9_]*` is quoted as a JSON string).
/// Appending a component is O(1).
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down from a container.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private final class Link: Sendable {
        let parent: Link?
        let component: Component
        let depth: Int
        init(parent: Link?, component: Component) {
            self.parent = parent
            self.component = component
            self.depth = (parent?.depth ?? 0) + 1
        }
    }

    private let last: Link?

    private init(last: Link?) { self.last = last }

    /// The root (`$`).
    public static let root = JSONPath(last: nil)

    /// A path with these components from the root.
    public init(_ components: [Component]) {
        var link: Link? = nil
        for component in components { link = Link(parent: link, component: component) }
        last = link
    }

    /// This path extended by one component.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(last: Link(parent: last, component: component))
    }

    /// This path extended by an object key.
    public func appending(key: String) -> JSONPath { appending(.key(key)) }

    /// This path extended by an array index.
    public func appending(index: Int) -> JSONPath { appending(.index(index)) }

    /// The components from the root down.
    public var components: [Component] {
        var result: [Component] = []
        result.reserveCapacity(last?.depth ?? 0)
        var link = last
        while let current = link {
            result.append(current.component)
            link = current.parent
        }
        return result.reversed()
    }

    public var description: String {
        let components = self.components
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let i):
                text += "[\(i)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    if !text.isEmpty { text += "." }
                    text += key
                } else {
                    text += "[" + JSONWriter.quoted(key) + "]"
                }
            }
        }
        return text
    }

    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (0x30...0x39).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
