import PackJSON
import PackSpec

extension JSONNode {
    /// The first of `caps` this document root is over (an array or object member with more
    /// elements than the cap allows), with its count and node; nil when within every cap. It
    /// counts, never walks the elements.
    public func overCount(_ caps: [CountCap]) -> (cap: CountCap, count: Int, node: JSONNode)? {
        for cap in caps {
            if let member = self[cap.key], member.count > cap.max { return (cap, member.count, member) }
        }
        return nil
    }
}

extension PackDocument {
    /// Why the document at `relative` (`PackLimits.countCaps(ofPackFile:)`) is refused for its
    /// counts: "holds 2000001 features under \"features\", over the 2000000 it may (not read
    /// further)"; nil when within its caps.
    public func countProblem(relative: String) -> String? {
        root.overCount(PackLimits.countCaps(ofPackFile: relative)).map {
            "holds \($0.count) \($0.cap.items) under \"\($0.cap.key)\", over the \($0.cap.max) it may (not read further)"
        }
    }
}
