/// One edge walked in one direction.
public struct PathStep: Hashable, Sendable {
    public var edge: Int
    /// True when walked from the edge's first node to its last.
    public var forward: Bool

    public init(edge: Int, forward: Bool) {
        self.edge = edge
        self.forward = forward
    }
}
