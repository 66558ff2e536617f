import Foundation
import TrailpackCore

/// A region's MapLibre renders on the preview page: its `style.json` drawn by the app's
/// renderer (MapLibre Native, through `MapLibreRenderer`) at the three `MapLibreView`s, or why
/// there are none. The PNGs depend on the renderer's version: unlike the preview's own
/// pictures they are not byte-for-byte reproducible.
public enum MapLibreRenders: Sendable, Equatable {
    /// No render was attempted; the reason, for the page.
    case notMade(reason: String)
    /// One entry per view, in `MapLibreView.Kind` order.
    case rendered([Entry])

    public struct Entry: Sendable, Equatable {
        public var view: MapLibreView
        /// File name beside index.html.
        public var file: String
        /// nil when the PNG was written, else the renderer's error.
        public var error: String?
    }

    /// The files written (successful renders only).
    public var files: [String] {
        guard case .rendered(let entries) = self else { return [] }
        return entries.filter { $0.error == nil }.map(\.file)
    }

    /// Renders the region's style at its three views into `outURL` with `renderer`; a nil
    /// renderer, or a region without `style.json`, makes none. A failed or timed-out render
    /// is reported for its view; it never fails the preview.
    static func make(_ pack: RegionPack, renderer: MapLibreRenderer?, outURL: URL) -> MapLibreRenders {
        guard let renderer else { return .notMade(reason: MapLibreRenderer.notSetMessage) }
        let stylePath = URL(fileURLWithPath: pack.folderPath).appendingPathComponent("style.json").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: stylePath) else {
            return .notMade(reason: "MapLibre renders not made: the region has no style.json.")
        }
        guard let bbox = try? pack.manifest.regionBBox() else {
            return .notMade(reason: "MapLibre renders not made: the manifest's bbox is invalid.")
        }
        let views = MapLibreView.views(bbox: bbox, firstRoute: pack.routes.first?.coords, pois: pack.pois.map { (MapLibreRenders.styleLabel($0), $0.location) })
        return .rendered(views.map { view in
            let file = view.fileName(regionId: pack.manifest.id)
            let error = renderer.render(stylePath: stylePath, view: view, outPath: outURL.appendingPathComponent(file).path)
            return Entry(view: view, file: file, error: error)
        })
    }

    /// A POI's label as the style writes it (`StyleLayers.poiLabel`: the name with its whole
    /// metres, `MetresFormat.labelled`), so a view's frame holds the label whole.
    static func styleLabel(_ poi: POIFeature) -> String {
        poi.eleM.map { MetresFormat.labelled(poi.name, eleM: $0) } ?? poi.name
    }
}
