import CGDAL
import Foundation
import TrailpackCore

/// A vector geometry in WGS84 lon/lat, as trailpack uses them.
public enum VectorGeometry: Equatable, Sendable {
    case point(LonLat)
    case lineString([LonLat])
    case multiLineString([[LonLat]])
    /// Any other geometry type, by its OGR type name ("Polygon", "Multi Polygon", ...).
    case unsupported(String)

    /// Every line of a line or multi-line geometry; empty for others.
    public var lines: [[LonLat]] {
        switch self {
        case .lineString(let l): [l]
        case .multiLineString(let ls): ls
        default: []
        }
    }

    /// Reads an OGR geometry (already in lon/lat) into a value.
    static func read(_ g: OGRGeometryH) -> VectorGeometry {
        let type = OGRwkbGeometryType(rawValue: OGR_GT_Flatten(OGR_G_GetGeometryType(g)).rawValue)
        switch type {
        case wkbPoint:
            return .point(LonLat(OGR_G_GetX(g, 0), OGR_G_GetY(g, 0)))
        case wkbLineString:
            return .lineString(points(of: g))
        case wkbMultiLineString:
            return .multiLineString((0..<OGR_G_GetGeometryCount(g)).map { points(of: OGR_G_GetGeometryRef(g, $0)) })
        default:
            return .unsupported(String(cString: OGRGeometryTypeToName(type)))
        }
    }

    private static func points(of g: OGRGeometryH?) -> [LonLat] {
        guard let g else { return [] }
        let n = Int(OGR_G_GetPointCount(g))
        guard n > 0 else { return [] }
        // OGR writes x and y straight into the points' own fields (one array per line, not three).
        var points = [LonLat](repeating: LonLat(0, 0), count: n)
        let stride = Int32(MemoryLayout<LonLat>.stride)
        let lonOffset = MemoryLayout<LonLat>.offset(of: \.lon)!, latOffset = MemoryLayout<LonLat>.offset(of: \.lat)!
        points.withUnsafeMutableBytes { raw in
            _ = OGR_G_GetPoints(g, raw.baseAddress! + lonOffset, stride, raw.baseAddress! + latOffset, stride, nil, 0)
        }
        return points
    }

    /// Builds an owned OGR geometry; the caller takes ownership.
    /// Every coordinate rounded to 7 decimals (the pack's coordinates: about 1 cm), a multiple
    /// of `GeoJSONWriter.coordinateStepDeg`.
    var rounded7: VectorGeometry {
        let scale = GeoJSONWriter.stepsPerDeg
        func r(_ p: LonLat) -> LonLat { LonLat((p.lon * scale).rounded() / scale, (p.lat * scale).rounded() / scale) }
        switch self {
        case .point(let p): return .point(r(p))
        case .lineString(let l): return .lineString(l.map(r))
        case .multiLineString(let ls): return .multiLineString(ls.map { $0.map(r) })
        case .unsupported: return self
        }
    }

    func makeOGR() -> OGRGeometryH? {
        func line(_ coords: [LonLat]) -> OGRGeometryH? {
            let g = OGR_G_CreateGeometry(wkbLineString)
            for p in coords { OGR_G_AddPoint_2D(g, p.lon, p.lat) }
            return g
        }
        switch self {
        case .point(let p):
            let g = OGR_G_CreateGeometry(wkbPoint)
            OGR_G_SetPoint_2D(g, 0, p.lon, p.lat)
            return g
        case .lineString(let l):
            return line(l)
        case .multiLineString(let ls):
            let g = OGR_G_CreateGeometry(wkbMultiLineString)
            for l in ls { OGR_G_AddGeometryDirectly(g, line(l)) }
            return g
        case .unsupported:
            return nil
        }
    }
}

extension VectorGeometry {
    /// The parts of this line geometry inside `box` (OGR intersection, GEOS-backed), as lines.
    /// Points inside are kept; anything else outside is dropped.
    public func clipped(to box: BBox) -> [[LonLat]] {
        switch self {
        case .point, .unsupported:
            return []
        case .lineString, .multiLineString:
            let all = lines
            if all.allSatisfy({ $0.allSatisfy { box.contains($0) } }) { return all }
            guard let g = makeOGR() else { return [] }
            defer { OGR_G_DestroyGeometry(g) }
            let ring = OGR_G_CreateGeometry(wkbLinearRing)
            for (x, y) in [(box.west, box.south), (box.east, box.south), (box.east, box.north), (box.west, box.north), (box.west, box.south)] {
                OGR_G_AddPoint_2D(ring, x, y)
            }
            let polygon = OGR_G_CreateGeometry(wkbPolygon)
            OGR_G_AddGeometryDirectly(polygon, ring)
            defer { OGR_G_DestroyGeometry(polygon) }
            guard let cut = OGR_G_Intersection(g, polygon) else { return [] }
            defer { OGR_G_DestroyGeometry(cut) }
            return Self.collectLines(cut)
        }
    }

    private static func collectLines(_ g: OGRGeometryH) -> [[LonLat]] {
        let type = OGRwkbGeometryType(rawValue: OGR_GT_Flatten(OGR_G_GetGeometryType(g)).rawValue)
        switch type {
        case wkbLineString:
            return read(g).lines.filter { $0.count >= 2 }
        case wkbMultiLineString, wkbGeometryCollection:
            return (0..<OGR_G_GetGeometryCount(g)).flatMap { k -> [[LonLat]] in
                guard let part = OGR_G_GetGeometryRef(g, k) else { return [] }
                return collectLines(part)
            }
        default:
            return []
        }
    }
}
