import Foundation
import PackJSON
import Testing
import Validation

/// Packs that differ from what trailpack writes but keep the SPEC: each must pass `--strict`
/// with no finding, so the meaning checks do not mistake another valid writer for a broken pack.
@Suite("Legal variants pass")
struct LegalVariantTests {
    let routeFile = "routes/\(PackFixture.routeId).json"

    /// Applies `edit` to a copy of the fixture pack, re-signs it and validates it strictly.
    func findings(_ edit: (PackEditor) throws -> Void) throws -> [ValidationProblem] {
        let editor = try SharedPacks.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        try edit(editor)
        try PackSigner.resign(root: editor.root)
        return PackValidator.validate(path: editor.root.path).findings
    }

    @Test func landmarksOmitted() throws {
        #expect(try findings { try $0.set(routeFile, "landmarks", nil) }.isEmpty)
    }

    @Test func rfc7946BBoxMembers() throws {
        let found = try findings { e in
            for file in ["contours.geojson", "trails.geojson", "pois.geojson"] {
                try e.editJSON(file) { doc in
                    doc.set("bbox", [-71.40, 44.40, -71.36, 44.43])
                    doc.set("features[0].bbox", [-71.40, 44.40, -71.36, 44.43])
                    doc.set("features[0].geometry.bbox", [-71.40, 44.40, -71.36, 44.43])
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func contourPositionsIn3D() throws {
        let found = try findings { e in
            try e.editJSON("contours.geojson") { doc in
                guard case .array(let features)? = doc.get("features") else { return }
                for k in features.indices {
                    guard let ele = doc.get("features[\(k)].properties.ele"), let coordinates = doc.get("features[\(k)].geometry.coordinates")
                    else { continue }
                    doc.set("features[\(k)].geometry.coordinates", Self.withElevation(coordinates, ele))
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// Every `[lon, lat]` position of `value` as `[lon, lat, ele]`.
    static func withElevation(_ value: JSONValue, _ ele: JSONValue) -> JSONValue {
        guard case .array(let items) = value else { return value }
        if items.count == 2, case .number = items[0], case .number = items[1] { return .array(items + [ele]) }
        return .array(items.map { withElevation($0, ele) })
    }

    @Test func wholeMetreElevations() throws {
        let found = try findings { e in
            try e.editJSON(routeFile) { route in
                guard case .array(let coords)? = route.get("coords") else { return }
                route.set("coords", .array(coords.map { c in
                    guard case .array(var xyz) = c, case .number(let ele) = xyz[2] else { return c }
                    xyz[2] = .int(Int(ele.rounded()))
                    return .array(xyz)
                }))
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func aWaypointWithoutAName() throws {
        let found = try findings { e in
            guard case .array(let waypoints)? = try e.json(routeFile).get("waypoints") else { return }
            let last = waypoints.count
            try e.set(routeFile, "waypoints[\(last - 1)].name", nil)
        }
        #expect(found.isEmpty, "\(found)")
    }
}
