import Flyover
import Foundation
import TrailpackCore

/// A region's 3D page and flyovers in the preview: the files written, the stills captured (or
/// why none), for `index.html`.
public struct FlyoverSection: Sendable, Equatable {
    /// The page's file name, nil when it was not made (`pageWhy` says why).
    public var page: String?
    public var pageWhy: String?
    /// A route's flyover document: its file name, keyframe count and length in metres.
    public struct Document: Sendable, Equatable {
        public var routeId: String
        public var file: String
        public var keyframes: Int
        public var lengthM: Double
        /// Why the route's `ele` is too far from its AR patch (`FlyoverRouteGround.message`), or nil.
        public var groundProblem: String? = nil
    }
    /// A route's stills (start, highest point or half-way, end side by side): the file, or the browser's error.
    public struct Still: Sendable, Equatable {
        public var routeId: String
        public var file: String?
        public var error: String?
    }
    /// Per route, in manifest order.
    public var flyovers: [Document] = []
    /// Per route; empty with `stillsWhy` when no still was attempted.
    public var stills: [Still] = []
    public var stillsWhy: String?

    public init() {}

    /// Pixel size of a stills picture: three views of 560 x 420 side by side.
    public static let stillsSizePx = (width: 1680, height: 420)

    /// Writes the flyover documents, then (with three.js) the page, its script, its data and
    /// three.js beside it, then (with a browser) the stills. These files go to `written` (the
    /// preview's `pageFiles`), the stills (the browser's pixels) to `stillFiles`.
    /// - Throws: `PreviewError` when a pack file cannot be read or a file cannot be written.
    /// A region whose page data would exceed `maxDataBytes` gets no page (`Flyover3DPage.tooLarge`).
    static func write(_ pack: RegionPack, region: TerrainGrid, outURL: URL, browser: BrowserCapture?, maxDataBytes: Int = Flyover3DPage.maxDataBytes,
                      written: inout [String], stillFiles: inout [String]) throws(PreviewError) -> FlyoverSection {
        let flyovers = try RegionFlyovers.make(pack, region: region)
        var section = FlyoverSection()
        for entry in flyovers.entries {
            try writeFile(entry.bytes, outURL.appendingPathComponent(entry.file).path, written: &written)
            section.flyovers.append(Document(routeId: entry.routeId, file: entry.file, keyframes: entry.keyframes.count, lengthM: entry.keyframes.last?.distanceM ?? 0,
                                             groundProblem: entry.ground.message))
        }
        let three = ThreeJS.load()
        guard let threeBytes = three.bytes else {
            section.pageWhy = three.why
            section.stillsWhy = three.why
            return section
        }
        let id = pack.manifest.id
        let page = Flyover3DPage.pageFile(regionId: id)
        let files = try Flyover3DPage.packFiles(pack)
        if let why = Flyover3DPage.tooLarge(files: files, flyovers: flyovers, maxBytes: maxDataBytes) {
            section.pageWhy = why
            section.stillsWhy = why
            return section
        }
        try writeFile(threeBytes, outURL.appendingPathComponent(ThreeJS.fileName).path, written: &written)
        try writeFile(Array(Flyover3DPage.script.utf8), outURL.appendingPathComponent(Flyover3DPage.scriptFile).path, written: &written)
        try writeFile(Array(Flyover3DPage.dataScript(pack, files: files, flyovers: flyovers).utf8),
                      outURL.appendingPathComponent(Flyover3DPage.dataFile(regionId: id)).path, written: &written)
        try writeFile(Array(Flyover3DPage.html(regionId: id, regionName: pack.manifest.name).utf8), outURL.appendingPathComponent(page).path, written: &written)
        section.page = page
        guard let browser else {
            section.stillsWhy = BrowserCapture.notSetMessage
            return section
        }
        let pageURL = outURL.appendingPathComponent(page).absoluteString
        for entry in flyovers.entries {
            let file = "\(id)-\(entry.routeId)-flyover.png"
            let error = browser.capture(url: pageURL + "#stills=" + entry.routeId, outPath: outURL.appendingPathComponent(file).path,
                                        widthPx: stillsSizePx.width, heightPx: stillsSizePx.height)
            if error == nil { stillFiles.append(outURL.appendingPathComponent(file).path) }
            section.stills.append(Still(routeId: entry.routeId, file: error == nil ? file : nil, error: error))
        }
        return section
    }

    static func writeFile(_ bytes: [UInt8], _ path: String, written: inout [String]) throws(PreviewError) {
        do throws(SafeFile.Failure) { try SafeFile.replace(path, with: bytes) } catch { throw .writing(path: path, reason: error.message) }
        if !written.contains(path) { written.append(path) }
    }
}
