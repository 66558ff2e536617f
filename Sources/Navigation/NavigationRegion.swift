import Foundation
import PackReader
import Rerouting
import RouteCore

/// A route of a region folder as the engine reads it, with the region's network for the way back
/// (nil for a region without `routing.json`).
public struct NavigationRegion {
    public let folder: String
    public let route: NavRoute
    public let network: RegionNetwork?

    /// Reads route `routeId` of the region folder: its route file (coords, ele, cum, waypoints,
    /// landmarks) and `routing.json`'s `rates` (DIN 33466's when the region has no network).
    /// - Throws: `NavigationError` naming the file and place, or `--route` for an unknown id
    ///   (listing the region's routes).
    public init(folder: String, routeId: String) throws(NavigationError) {
        self.folder = folder
        let disk = RegionFolder(url: URL(fileURLWithPath: folder))
        do {
            let manifest = ManifestView(try disk.document("manifest.json").root)
            guard let entry = manifest.routes.first(where: { $0.id == routeId }), let file = entry.file?.path else {
                let known = manifest.routeIds.joined(separator: ", ")
                throw NavigationError.argument(name: "--route", message: "\(routeId) is no route of \(folder) (routes: \(known.isEmpty ? "none" : known))")
            }
            let line = try RouteLine.read(try disk.document(file))
            let landmarks = line.landmarks.map { l in
                NavLandmark(name: l.name, visible: l.visible.compactMap { $0.count == 2 && $0[0] <= $0[1] ? $0[0]...$0[1] : nil })
            }
            network = manifest.file("routing") == nil ? nil : try RegionNetwork(folder: folder)
            route = NavRoute(id: routeId, coords: line.coords, elevationsM: line.elevationsM, cumM: line.cumulativeM,
                             waypoints: line.waypoints, landmarks: landmarks, model: network?.network.rates ?? HikingModel())
        } catch let e as NavigationError {
            throw e
        } catch {
            throw .pack("\(error)")
        }
    }
}
