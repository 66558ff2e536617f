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

    /// The cap on `<regionId>-3d-data.js`, bytes: a browser holds the page's data several times
    /// over while it decodes it (base64 text, bytes, samples), so a larger region gets no page
    /// and `index.html` says why (`tooLarge`). A whole 1° tile at 30 m fits.
    public static let maxDataBytes = 64 * 1024 * 1024

    /// The pack files the page embeds, by their path in the region folder: the manifest,
    /// `terrain.bin`, the hillshade, every route file and AR patch.
    /// - Throws: `PreviewError` when a pack file cannot be read.
    static func packFiles(_ pack: RegionPack) throws(PreviewError) -> [(name: String, bytes: [UInt8])] {
        let folder = RegionFolder(url: URL(fileURLWithPath: pack.folderPath))
        var names = ["manifest.json", pack.manifest.files.terrain.path, pack.manifest.files.hillshade.path]
        for route in pack.manifest.routes { names += [route.file.path, route.arPatch.path] }
        var files: [(name: String, bytes: [UInt8])] = []
        for name in names {
            do { files.append((name, try folder.requireBytes(name))) } catch { throw PreviewError(error) }
        }
        return files
    }

    /// Why the page is not made when its data would exceed `maxBytes` (the base64 of `files` and
    /// the flyovers), naming the sizes; nil when it fits.
    public static func tooLarge(files: [(name: String, bytes: [UInt8])], flyovers: RegionFlyovers, maxBytes: Int = maxDataBytes) -> String? {
        func base64(_ n: Int) -> Int { (n + 2) / 3 * 4 }
        let total = files.reduce(0) { $0 + base64($1.bytes.count) } + flyovers.entries.reduce(0) { $0 + base64($1.bytes.count) }
        guard total > maxBytes else { return nil }
        let largest = files.max { $0.bytes.count < $1.bytes.count }
        func mb(_ n: Int) -> String { String(format: "%.1f", Double(n) / 1_048_576) }
        return "3D page not made: the region's files would make \(mb(total)) MB of page data, over the 3D page's cap of "
            + "\(mb(maxBytes)) MB (the largest is \(largest?.name ?? "?"), \(mb(largest?.bytes.count ?? 0)) MB). Build the region "
            + "at a coarser terrain.resolutionM or over a smaller bbox to see it in 3D."
    }

    /// The data script: the region's manifest, `terrain.bin`, hillshade, every route file and AR
    /// patch (`files`, by their manifest paths) and every flyover document (by its file name),
    /// base64; the flyover file of each route and the route colours (`RoutePalette`, manifest order).
    public static func dataScript(_ pack: RegionPack, files packFiles: [(name: String, bytes: [UInt8])], flyovers: RegionFlyovers) -> String {
        var files = packFiles.map { "\(quoted($0.name)): \"\(Data($0.bytes).base64EncodedString())\"" }
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
