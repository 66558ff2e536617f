import Foundation
import PackJSON
import Rerouting
import TrailpackCore

/// `trailpack route`: a route, or the way back to one, computed from a region folder alone.
enum RouteCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "route", flags: ["--json"],
                              options: ["--from", "--to", "--via", "--rejoin", "--at", "--out"])
        let folder = try a.requirePositionals(["region_dir"], command: "route")[0]
        guard let out = a.options["--out"] else { throw UsageError(message: "--out FILE is required", command: "route") }
        guard let fromText = a.options["--from"] else { throw UsageError(message: "--from LON,LAT is required", command: "route") }
        let from = try point(fromText, argument: "--from")
        do {
            let region = try RegionNetwork(folder: folder)
            let document: JSONValue, route: ComputedRoute
            if let routeId = a.options["--rejoin"] {
                guard a.options["--to"] == nil, a.repeated["--via"] == nil else {
                    throw UsageError(message: "--rejoin takes --at and --from, not --to or --via", command: "route")
                }
                guard let atText = a.options["--at"], let at = Int(atText) else {
                    throw UsageError(message: "--rejoin needs --at I, the hiker's progress as a vertex index", command: "route")
                }
                let (back, choice) = try region.rejoin(routeId: routeId, at: at, from: from)
                route = back
                let name = region.routes.first { $0.id == routeId }?.name ?? routeId
                document = back.json(id: routeId + "-rejoin", name: "Back to \(name)",
                                     blurb: "The way back to \(name) from where the hiker stands, then the rest of the route.",
                                     extra: [("rejoin", ["route": .string(routeId), "at": .int(at), "index": .int(choice.index)])])
            } else {
                guard let toText = a.options["--to"] else { throw UsageError(message: "--to LON,LAT (or --rejoin ROUTE_ID) is required", command: "route") }
                var points = [QueryPoint(argument: "--from", location: from)]
                for (k, v) in (a.repeated["--via"] ?? []).enumerated() {
                    points.append(QueryPoint(argument: "--via \(k + 1)", location: try point(v, argument: "--via")))
                }
                points.append(QueryPoint(argument: "--to", location: try point(toText, argument: "--to")))
                route = try region.route(through: points)
                document = route.json(id: "route", name: "Route from \(fromText) to \(toText)", blurb: "Computed from the region's trail network.")
            }
            try write(document, to: out)
            summarize(route, json: a.flag("--json"), out: out)
            return 0
        } catch let e as RerouteError {
            printError("error: \(e.description)")
            return 1
        }
    }

    /// `LON,LAT` in degrees.
    /// - Throws: `RerouteError.argument` naming the argument when it is not two numbers in range.
    static func point(_ text: String, argument: String) throws -> LonLat {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let lon = parts[0], let lat = parts[1], lon.isFinite, lat.isFinite else {
            throw RerouteError.argument(name: argument, message: "'\(text)' is not LON,LAT (two numbers, e.g. -71.41,44.51)")
        }
        guard abs(lon) <= 180, abs(lat) <= 90 else {
            throw RerouteError.argument(name: argument, message: "'\(text)' is out of range (lon -180...180, lat -90...90)")
        }
        return LonLat(lon, lat)
    }

    /// Writes the route file to `out` (`-`: standard output), replacing what is there
    /// (`SafeFile.replace`: a symlink or special file at `out` is refused, nothing written
    /// through it).
    /// - Throws: `RerouteError.argument` naming `--out` and the file, with the refusal or errno.
    static func write(_ document: JSONValue, to out: String) throws {
        let bytes = try JSONWriter().bytes(document)
        if out == "-" { FileHandle.standardOutput.write(Data(bytes)); return }
        do throws(SafeFile.Failure) { try SafeFile.replace(out, with: bytes) } catch {
            throw RerouteError.argument(name: "--out", message: "cannot write \(out): \(error.message)")
        }
    }

    static func summarize(_ route: ComputedRoute, json: Bool, out: String) {
        let s = route.stats
        if json {
            let line: JSONValue = ["distanceM": .number(s.distanceM, decimals: 1), "ascentM": .number(s.ascentM, decimals: 1),
                                   "descentM": .number(s.descentM, decimals: 1), "durationS": .int(s.durationS),
                                   "networkTimeS": .int(route.networkTimeS), "vertices": .int(route.coords.count), "out": .string(out)]
            print((try? JSONWriter(style: .compact).string(line)) ?? "{}")
        } else if out != "-" {
            print(String(format: "Route written to %@: %.2f km, %.0f m up, %.0f m down, %d:%02d h, %d cues",
                         out, s.distanceM / 1000, s.ascentM, s.descentM, s.durationS / 3600, s.durationS % 3600 / 60, route.waypoints.count))
        }
    }
}
