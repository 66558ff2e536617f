import Bindings
import Foundation
import TrailpackCore

/// A problem that stops a build. Every case names the file and the place.
public enum BuildError: Error, CustomStringConvertible {
    /// The recipe is malformed: file, line (0 when unknown), key path and what is wrong.
    case recipe(file: String, line: Int, keyPath: String, message: String)
    case demCoverage(dem: [String], bbox: BBox, detail: String)
    /// A route cannot be built: the route id, where it is declared, and why.
    case route(id: String, location: String, message: String)
    /// An input file is present but unusable: path, place (feature, line) and why.
    case input(file: String, place: String, message: String)
    /// Output cannot be written where asked.
    case output(path: String, message: String)

    public var description: String {
        switch self {
        case .recipe(let file, let line, let keyPath, let message):
            let at = line > 0 ? ":\(line)" : ""
            return keyPath.isEmpty || keyPath == "$" ? "\(file)\(at): \(message)" : "\(file)\(at): \(keyPath): \(message)"
        case .demCoverage(let dem, let bbox, let detail):
            return "\(dem.joined(separator: ", ")): DEM does not cover the region bbox \(bbox): \(detail)"
        case .route(let id, let location, let message):
            return "\(location): route \"\(id)\": \(message)"
        case .input(let file, let place, let message):
            return place.isEmpty ? "\(file): \(message)" : "\(file): \(place): \(message)"
        case .output(let path, let message):
            return "\(path): \(message)"
        }
    }
}

/// A problem the build can live with, listed at the end of the build.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Level: String, Sendable { case note, warning }
    public var level: Level
    public var subject: String
    public var message: String

    public init(_ level: Level, _ subject: String, _ message: String) {
        self.level = level
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(level.rawValue): \(subject): \(message)" }
}
