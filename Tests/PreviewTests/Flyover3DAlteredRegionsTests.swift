import Flyover
import Foundation
@testable import Preview
import TestSupport
import Testing
import TrailpackCore

/// The 3D page over Jacksboro's region altered on disk after the build (by `poke`, Python): a
/// `terrain.bin` four times finer (1,253 x 1,077 samples, over the page's mesh cap) and one with
/// -32768 samples and a route sunk 1.5 m under its AR patch.
enum AlteredRegion {
    /// Copies the built Jacksboro region to a scratch folder and runs `poke` with `mode` over it.
    static func make(_ mode: String) throws -> URL {
        let built = try BrowserHarness.jacksboro.get().region
        let region = TestData.scratchFolder("flyover-\(mode)").appendingPathComponent("jacksboro")
        try FileManager.default.copyItem(at: built, to: region)
        let run = try ChildRun.run(["python3", "-c", poke, mode, region.path], timeoutS: 300)
        guard run.status == 0 else { throw PreviewError.malformed(path: region.path, reason: String(decoding: run.stderr, as: UTF8.self)) }
        return region
    }

    /// `finer`: terrain.bin resampled 4x finer per axis (the SPEC's bilinear sampler at the new
    /// samples, rounded). `faulty`: a 6 x 6 block of -32768 at columns 40-45, rows 30-35, and
    /// every `ele` of the first route 1.5 m lower. The manifest's sizes are left as they were
    /// (the preview does not check them).
    static let poke = #"""
import json, os, struct, sys
mode, region = sys.argv[1], sys.argv[2]
m = json.load(open(os.path.join(region, "manifest.json")))
path = os.path.join(region, m["files"]["terrain"]["path"])
data = open(path, "rb").read()
w, h = struct.unpack_from("<II", data, 4)
bounds = data[12:44]
z = list(struct.unpack_from("<%dh" % (w * h), data, 44))
if mode == "finer":
    f = 4
    W, H = (w - 1) * f + 1, (h - 1) * f + 1
    out = []
    for R in range(H):
        r0 = min(R // f, h - 2); fr = R / f - r0
        for C in range(W):
            c0 = min(C // f, w - 2); fc = C / f - c0
            top = z[r0 * w + c0] + (z[r0 * w + c0 + 1] - z[r0 * w + c0]) * fc
            bot = z[(r0 + 1) * w + c0] + (z[(r0 + 1) * w + c0 + 1] - z[(r0 + 1) * w + c0]) * fc
            out.append(int(top + (bot - top) * fr + 0.5) if top + (bot - top) * fr >= 0 else -int(-(top + (bot - top) * fr) + 0.5))
    open(path, "wb").write(b"TER1" + struct.pack("<II", W, H) + bounds + struct.pack("<%dh" % (W * H), *out))
elif mode == "faulty":
    for r in range(30, 36):
        for c in range(40, 46):
            z[r * w + c] = -32768
    open(path, "wb").write(data[:44] + struct.pack("<%dh" % (w * h), *z))
    rpath = os.path.join(region, m["routes"][0]["file"]["path"])
    route = json.load(open(rpath))
    route["coords"] = [[lon, lat, round(ele - 1.5, 1)] for lon, lat, ele in route["coords"]]
    json.dump(route, open(rpath, "w"))
"""#
}

@Suite(.serialized) struct Flyover3DAlteredRegionsTests {
    /// A region over the mesh cap: the page strides its mesh to at most `FlyoverMesh.maxVertices`
    /// by the documented rule (the harness's own count), and every measure still passes: the
    /// patch edge on the drawn mesh, the flight's clearances over the drawn mesh, the samples.
    @Test(.enabled(if: BrowserHarness.available, BrowserHarness.skipMessage)) func aRegionOverTheMeshCapIsStrided() throws {
        let checked = try BrowserHarness.check(region: try AlteredRegion.make("finer"), id: "jacksboro", label: "jacksboro-finer")
        let report = try #require(try JSONSerialization.jsonObject(with: checked.reportJSON) as? [String: Any])
        let mesh = report["mesh"] as? [String: Any] ?? [:], page = mesh["page"] as? [String: Int] ?? [:]
        #expect(mesh["samples"] as? Int == 1_253 * 1_077)
        #expect(page["stride"] == 2 && mesh["stride"] as? Int == 2, "\(mesh)")
        #expect(page["vertices"] == mesh["vertices"] as? Int && (page["vertices"] ?? .max) <= FlyoverMesh.maxVertices)
        #expect(page["vertices"] == 627 * 539)
        try Flyover3DBrowserTests.expectPasses(checked)
    }

    /// -32768 samples (which TER1 forbids) and a route sunk 1.5 m: the page names both, its
    /// sampler gives nothing beside a -32768 sample, the mesh draws it at the lowest other
    /// sample, the index page names the sunk route, and the flight still keeps its clearances.
    @Test(.enabled(if: BrowserHarness.available, BrowserHarness.skipMessage)) func voidSamplesAndASunkRouteAreNamed() throws {
        let region = try AlteredRegion.make("faulty")
        let checked = try BrowserHarness.check(region: region, id: "jacksboro", label: "jacksboro-faulty")
        let report = try #require(try JSONSerialization.jsonObject(with: checked.reportJSON) as? [String: Any])
        #expect(report["error"] == nil, "\(report["error"] ?? "")")
        let s = report["sentinels"] as? [String: Any] ?? [:]
        #expect(s["cells"] as? Int == 36 && s["pageCount"] as? Int == 36, "\(s)")
        let samples = s["samplesBeside"] as? [Any] ?? []
        #expect(samples.count == 20 && samples.allSatisfy { $0 is NSNull }, "\(samples)")
        let drawn = s["drawn"] as? [[Double]] ?? [], lowest = s["lowestOther"] as? Double ?? .nan
        #expect(drawn.count == 20 && drawn.allSatisfy { $0[5] == -32768 && $0[4] == lowest }, "\(drawn)")
        let problems = (report["problems"] as? [String] ?? []).joined(separator: " | ")
        #expect(problems.contains("36 samples hold -32768"), "\(problems)")
        #expect(problems.contains("sunk 1.") && problems.contains("under its AR patch"), "\(problems)")
        let routes = report["routes"] as? [[String: Any]] ?? []
        let ground = (routes.first?["ground"] as? [String: [String: Any]])?["page"] ?? [:]
        #expect((ground["sunkM"] as? Double ?? 0) > 1.0 && (ground["verticesOver"] as? Int ?? 0) > 0, "\(ground)")
        for route in routes {
            Flyover3DBrowserTests.expectFlightAndLabels(route)
            #expect((route["cameraMinMarginM"] as? Double ?? -1) >= -0.1)
        }
        let index = try String(contentsOf: checked.out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("class=\"bad flyover-ground\"") && index.contains("sunk 1."), "index.html names the sunk route")
    }
}
