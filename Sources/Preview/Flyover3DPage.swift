import Foundation
import PackReader
import TrailpackCore

/// The region's 3D page, `<regionId>-3d.html`: three.js (`ThreeJS`), the page's script
/// (`trailpack-3d.js`, `Flyover3DScript`) and `<regionId>-3d-data.js`, which hands the page the
/// pack's own files, byte for byte, as base64 strings (`window.TRAILPACK_PACK`; a page opened
/// from `file://` may not fetch its neighbours). The page decodes them itself: TER1, PNG, JSON.
public enum Flyover3DPage {
    public static let scriptFile = "trailpack-3d.js"

    public static func pageFile(regionId: String) -> String { "\(regionId)-3d.html" }
    public static func dataFile(regionId: String) -> String { "\(regionId)-3d-data.js" }

    /// The page's HTML.
    public static func html(regionId: String, regionName: String) -> String {
        shell.replacingOccurrences(of: "@TITLE@", with: HTMLText.escape("3D flyover: \(regionName)"))
            .replacingOccurrences(of: "@DATA@", with: HTMLText.escape(dataFile(regionId: regionId)))
    }

    /// The data script: the region's manifest, `terrain.bin`, hillshade, every route file and AR
    /// patch (by their manifest paths) and every flyover document (by its file name), base64;
    /// the flyover file of each route and the route colours (`RoutePalette`, manifest order).
    /// - Throws: `PreviewError` when a pack file cannot be read.
    public static func dataScript(_ pack: RegionPack, flyovers: RegionFlyovers) throws(PreviewError) -> String {
        let folder = RegionFolder(url: URL(fileURLWithPath: pack.folderPath))
        var names = ["manifest.json", pack.manifest.files.terrain.path, pack.manifest.files.hillshade.path]
        for route in pack.manifest.routes { names += [route.file.path, route.arPatch.path] }
        var files: [String] = []
        for name in names {
            let bytes: [UInt8]
            do { bytes = try folder.requireBytes(name) } catch { throw PreviewError(error) }
            files.append("\(quoted(name)): \"\(Data(bytes).base64EncodedString())\"")
        }
        for entry in flyovers.entries { files.append("\(quoted(entry.file)): \"\(Data(entry.bytes).base64EncodedString())\"") }
        let flyoverNames = flyovers.entries.map { "\(quoted($0.routeId)): \(quoted($0.file))" }
        let colors = pack.routes.indices.map { quoted(RoutePalette.routeColor(index: $0).hexString) }
        return "// trailpack: the pack's own files for \(pack.manifest.id)'s 3D page (base64, as they lie in the pack).\n"
            + "window.TRAILPACK_PACK = {\n\"files\": {\n" + files.joined(separator: ",\n") + "\n},\n"
            + "\"flyovers\": {" + flyoverNames.joined(separator: ", ") + "},\n"
            + "\"routeColors\": [" + colors.joined(separator: ", ") + "]\n};\n"
    }

    /// A JSON string literal.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            default: out += u.value < 0x20 ? String(format: "\\u%04x", u.value) : String(u)
            }
        }
        return out + "\""
    }
}
