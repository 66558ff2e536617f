/// A binary min-heap of (distance, node) pairs for Dijkstra: the smallest distance pops first,
/// ties go to the smaller node id, so pop order never depends on insertion order.
public struct BinaryHeap: Sendable {
    public init() {}
    private var items: [(distanceM: Double, node: Int)] = []

    public var isEmpty: Bool { items.isEmpty }

    private static func less(_ a: (distanceM: Double, node: Int), _ b: (distanceM: Double, node: Int)) -> Bool {
        a.distanceM != b.distanceM ? a.distanceM < b.distanceM : a.node < b.node
    }

    public mutating func push(distanceM: Double, node: Int) {
        items.append((distanceM, node))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.less(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    public mutating func pop() -> (distanceM: Double, node: Int)? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let l = 2 * parent + 1, r = l + 1
            var smallest = parent
            if l < items.count, Self.less(items[l], items[smallest]) { smallest = l }
            if r < items.count, Self.less(items[r], items[smallest]) { smallest = r }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
