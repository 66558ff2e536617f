import Bindings
import Foundation
import PackJSON
import PackReader
import Testing
import TestSupport
import TrailpackCore
@testable import Navigation

/// A region built by the binary around one real recorded walk: the walk's own line as the only
/// trail, a DEM gridded by `gdal_grid` from the walk's own elevations, the walk as the route.
struct RecordedRegion {
    var label: String
    var folder: URL
    var region: URL
    var walkGPX: URL
    var fixes: [Fix]
    var waypointCount: Int

    static func make(file: String, track: Int) throws -> RecordedRegion {
        let label = "\(file)#\(track)"
        let folder = TestData.scratchFolder("real-\(file)-\(track)")
        let source = TestData.path("gpx/\(file)")
        let feature = try #require(try VectorReader.read(path: source).first { $0.layer == "tracks" && $0.index == track })
        let line = try #require(feature.geometry.lines.first)
        let times = try VectorReader.gpxFixTimes(path: source, tracks: [track])[track]?[0] ?? []
        let fixes = zip(line, times).compactMap { p, t in t.map { Fix(location: p, timeS: $0) } }
        try #require(fixes.count == line.count, "\(label): every fix has a time")
        let walk = folder.appendingPathComponent("walk.gpx")
        try writeGPX(fixes, to: walk)
        let trail: JSONValue = ["type": "FeatureCollection", "features": [["type": "Feature", "properties": ["name": "Walk trail", "highway": "path"],
            "geometry": ["type": "LineString", "coordinates": .array(line.map { [.number($0.lon), .number($0.lat)] })]]]]
        try Data(try JSONWriter().bytes(trail)).write(to: folder.appendingPathComponent("trail.geojson"))
        let lons = line.map(\.lon), lats = line.map(\.lat), m = 0.05
        let grid = try TestData.runProcess(URL(fileURLWithPath: "/usr/bin/gdal_grid"), [
            "-q", "-l", "track_points", "-where", "track_fid = \(track)", "-zfield", "ele",
            "-a", "invdistnn:power=2.0:radius=0.2:max_points=12:nodata=-32768",
            "-txe", "\(lons.min()! - m)", "\(lons.max()! + m)", "-tye", "\(lats.min()! - m)", "\(lats.max()! + m)",
            "-outsize", "400", "300", "-ot", "Float32", "-of", "GTiff", source, folder.appendingPathComponent("dem.tif").path])
        try #require(grid.0 == 0, "gdal_grid: \(String(decoding: grid.2, as: UTF8.self))")
        let recipe = folder.appendingPathComponent("walk.json5")
        try Data("""
        { id: "walk", name: "\(label)", attribution: ["test"], bboxMarginM: 1000, dem: ["dem.tif"], trails: ["trail.geojson"],
          terrain: { resolutionM: 30 }, routes: [{ id: "walk", name: "Walk", track: "walk.gpx" }] }
        """.utf8).write(to: recipe)
        let build = try TestData.run(["build", recipe.path, "--out", folder.appendingPathComponent("pack").path, "--quiet"])
        try #require(build.status == 0, "\(label): \(build.stderr)")
        let region = folder.appendingPathComponent("pack/regions/walk")
        let route = try JSONParser.parse(try Data(contentsOf: region.appendingPathComponent("routes/walk.json")))
        return RecordedRegion(label: label, folder: folder, region: region, walkGPX: walk, fixes: fixes,
                              waypointCount: route["waypoints"]?.children.count ?? 0)
    }

    /// `fixes` with a 300 m walk out at right angles (to the left of the way from fix `at - 1` to
    /// `at + 1`) and straight back inserted after fix `at`, at 1.2 m/s with a fix every 2 s; the
    /// later fixes shifted by its duration.
    static func detour(_ fixes: [Fix], at: Int) -> (fixes: [Fix], leavesAt: Int) {
        let here = fixes[at].location
        let headingDeg = shortBearingDeg(fixes[max(0, at - 1)].location, fixes[min(fixes.count - 1, at + 1)].location)
        let leftRad = (headingDeg - 90) * .pi / 180
        let stepM = SyntheticWalk.speedMps * SyntheticWalk.fixEveryS
        let out = (1...Int((SyntheticWalk.detourM / stepM).rounded(.up))).map { k in min(SyntheticWalk.detourM, Double(k) * stepM) }
        let metres = out + out.reversed().dropFirst() + [0]
        var result = Array(fixes[...at])
        for (k, m) in metres.enumerated() {
            result.append(Fix(location: SyntheticWalk.offset(here, eastM: m * sin(leftRad), northM: m * cos(leftRad)),
                              timeS: fixes[at].timeS + Double(k + 1) * SyntheticWalk.fixEveryS))
        }
        let shiftS = Double(metres.count) * SyntheticWalk.fixEveryS
        result += fixes[(at + 1)...].map { Fix(location: $0.location, timeS: $0.timeS + shiftS) }
        return (result, at)
    }

    static func writeGPX(_ fixes: [Fix], to url: URL) throws {
        let formatter = ISO8601DateFormatter()
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"trailpack tests\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>walk</name><trkseg>\n"
        for f in fixes {
            text += String(format: "<trkpt lat=\"%.9f\" lon=\"%.9f\"><time>%@</time></trkpt>\n", f.location.lat, f.location.lon,
                           formatter.string(from: Date(timeIntervalSince1970: f.timeS.rounded())))
        }
        text += "</trkseg></trk></gpx>\n"
        try Data(text.utf8).write(to: url)
    }

    /// `trailpack replay` of `track` on the region's route, its JSON read back.
    func replay(_ track: URL, label: String) throws -> ReplayJSON {
        let out = folder.appendingPathComponent("replay-\(label).json")
        let run = try TestData.run(["replay", region.path, "--route", "walk", "--track", track.path, "--json", out.path])
        try #require(run.status == 0, "\(self.label): \(run.stderr)")
        return try ReplayJSON(try JSONParser.parse(try Data(contentsOf: out)))
    }

    /// `trailpack route --rejoin walk --at AT --from LON,LAT`: the rejoin vertex it writes.
    func rejoinIndex(at: Int, from: LonLat) throws -> Int? {
        let out = folder.appendingPathComponent("rejoin.json")
        let run = try TestData.run(["route", region.path, "--rejoin", "walk", "--at", "\(at)", "--from", "\(from.lon),\(from.lat)", "--out", out.path])
        guard run.status == 0 else { return nil }
        return try JSONParser.parse(try Data(contentsOf: out))["rejoin"]?["index"]?.intValue
    }
}

/// A replay's JSON, the parts the tests read.
struct ReplayJSON {
    struct Frame { var t, distanceM, remainingM, etaDinS, etaS, walkingS, corridorM: Double }
    struct Event { var fix: Int; var kind: String; var waypoint: Int; var aheadM: Double; var at: Int; var from: LonLat; var answerIndex: Int?; var announced: Bool }
    var timeline: [Frame]
    var events: [Event]

    init(_ root: JSONNode) throws {
        timeline = (root["timeline"]?.children ?? []).map { f in
            Frame(t: f["t"]!.doubleValue!, distanceM: f["distanceM"]!.doubleValue!, remainingM: f["remainingM"]!.doubleValue!,
                  etaDinS: f["etaDinS"]!.doubleValue!, etaS: f["etaS"]!.doubleValue!, walkingS: f["walkingS"]!.doubleValue!,
                  corridorM: f["corridorM"]!.doubleValue!)
        }
        events = (root["events"]?.children ?? []).map { e in
            Event(fix: e["fix"]!.intValue!, kind: e["kind"]!.stringValue!, waypoint: e["waypoint"]?.intValue ?? -1, aheadM: e["aheadM"]?.doubleValue ?? 0,
                  at: e["at"]?.intValue ?? -1, from: LonLat(e["from"]?[0]?.doubleValue ?? 0, e["from"]?[1]?.doubleValue ?? 0),
                  answerIndex: e["answer"]?["index"]?.intValue, announced: e["answer"]?["announced"]?.value == .bool(true))
        }
    }
}
