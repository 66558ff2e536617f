import Testing
import TrailpackCore
@testable import TrailGraph

/// The one search takes its cost from the caller: the same graph gives the shortest path by
/// length and another by time.
@Suite struct GraphSearchTests {
    /// Two ways from node 0 to node 3: over node 1 (edges 0, 1: 100 m each, slow) or over node 2
    /// (edges 2, 3: 150 m each, quick); edge 4 runs 3 -> 0 one way only.
    let ends = [(0, 1), (1, 3), (0, 2), (2, 3), (3, 0)]
    let lengthM: [Double] = [100, 100, 150, 150, 10]
    let timeS: [Double] = [900, 900, 120, 120, 5]

    var outgoing: [[PathStep]] {
        var out = Array(repeating: [PathStep](), count: 4)
        for (k, e) in ends.enumerated() {
            out[e.0].append(PathStep(edge: k, forward: true))
            out[e.1].append(PathStep(edge: k, forward: false))
        }
        return out
    }

    func path(_ cost: [Double], from: Int, to: Int) -> [PathStep]? {
        GraphSearch.path(nodeCount: 4, outgoing: outgoing, from: from, to: to,
                         departure: { $0.forward ? ends[$0.edge].0 : ends[$0.edge].1 },
                         arrival: { $0.forward ? ends[$0.edge].1 : ends[$0.edge].0 }) { step in
            step.edge == 4 && !step.forward ? nil : cost[step.edge]
        }
    }

    @Test func lengthAndTimeChooseDifferentWays() {
        #expect(path(lengthM, from: 0, to: 3)?.map(\.edge) == [0, 1])
        #expect(path(timeS, from: 0, to: 3)?.map(\.edge) == [2, 3])
        #expect(path(lengthM, from: 2, to: 2) == [])
    }

    @Test func aStepWithNoCostIsNeverWalked() {
        // 3 -> 0 over the one-way edge; 0 -> 3 may not use it backwards.
        #expect(path(lengthM, from: 3, to: 0)?.map(\.edge) == [4])
        #expect(path(lengthM, from: 0, to: 3)?.contains { $0.edge == 4 } == false)
    }

    @Test func equalCostsGoToTheLowerEdge() {
        let even: [Double] = [1, 1, 1, 1, 100]
        #expect(path(even, from: 0, to: 3)?.map(\.edge) == [0, 1])
        let (cost, _) = GraphSearch.leastCost(nodeCount: 4, outgoing: outgoing, from: 0,
                                              arrival: { $0.forward ? ends[$0.edge].1 : ends[$0.edge].0 }) { even[$0.edge] }
        #expect(cost == [0, 1, 1, 2])
    }
}

/// The one edge split: pieces meet at the cuts and together are the edge.
@Suite struct EdgeSplitTests {
    let line = (0..<5).map { LonLat(Double($0) * 0.001, 45) }

    @Test func piecesMeetAtTheCutsAndKeepEveryVertex() {
        let cuts = [EdgeCut(seg: 1, t: 0.5, point: LonLat(0.0015, 45), node: 10),
                    EdgeCut(seg: 3, t: 0, point: line[3], node: 11)]
        let pieces = EdgeSplit.pieceCoords(line, cuts: cuts)
        #expect(pieces == [[line[0], line[1], LonLat(0.0015, 45)], [LonLat(0.0015, 45), line[2], line[3]], [line[3], line[4]]])
        #expect(EdgeSplit.pieces(line, cuts: []) == [[.vertex(0), .vertex(1), .vertex(2), .vertex(3), .vertex(4)]])
    }

    @Test func twoCutsInOneSegmentMakeAPieceOfTheirOwn() {
        let cuts = [EdgeCut(seg: 2, t: 0.25, point: LonLat(0.00225, 45), node: 7),
                    EdgeCut(seg: 2, t: 0.75, point: LonLat(0.00275, 45), node: 8)]
        #expect(EdgeSplit.pieces(line, cuts: cuts) == [[.vertex(0), .vertex(1), .vertex(2), .cut(0)], [.cut(0), .cut(1)],
                                                      [.cut(1), .vertex(3), .vertex(4)]])
    }
}
