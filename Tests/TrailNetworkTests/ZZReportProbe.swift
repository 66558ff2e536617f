import Foundation
import Testing
import TrailpackCore
@testable import TrailNetwork

@Test func zzReportProbe() throws {
    let g = Pliney.graph
    print("PROBE nodes \(g.nodes.count) edges \(g.edges.count)")
    let routes: [(String, LonLat, LonLat)] = [
        ("Cabot", RoutingRealDataTests.bunnellTrailhead, RoutingRealDataTests.cabotSummit),
        ("Unknown Pond", Pliney.way("1097124355").coords.last!, Pliney.way("64142024").coords.first!),
        ("Starr King", Pliney.way("18845520").coords.last!, Pliney.way("18845520").coords[8]),
    ]
    for (name, a, b) in routes {
        let r = try g.route(via: [ViaPoint(label: "a", location: a), ViaPoint(label: "b", location: b)])
        print("PROBE \(name) from \(a) to \(b): \(r.trailNames) \(r.lengthM) m, \(r.path.coords.count) coords")
        for j in r.path.junctions {
            print("PROBE   junction i=\(j.index) at \(r.path.coords[j.index]): \(j.branches.map { "\($0.trailName ?? "unnamed") \(Int($0.bearingDeg.rounded()))°" })")
        }
    }
    var lines: [TrailLine] = []
    for i in 0..<60 { for j in 0..<60 {
        lines.append(Local.line("h\(i)-\(j)", "H\(i)", [(Double(j) * 100, Double(i) * 100), (Double(j) * 100 + 50, Double(i) * 100 + 3), (Double(j + 1) * 100, Double(i) * 100)]))
    } }
    for j in 0..<60 { lines.append(Local.line("v\(j)", "V\(j)", (0..<60).map { (Double(j) * 100 + 1.5, Double($0) * 100) })) }
    let t0 = Date()
    let big = try TrailNetworkGraph(lines: lines)
    let t1 = Date()
    let r = try big.route(via: [Local.via("a", 0, 0), Local.via("b", 5900, 5900)])
    let t2 = Date()
    print("PROBE synthetic \(lines.count) lines: \(big.nodes.count) nodes \(big.edges.count) edges build \(t1.timeIntervalSince(t0)) s route \(t2.timeIntervalSince(t1)) s len \(r.lengthM)")
}
