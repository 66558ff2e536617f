/// Why a `GuidanceInput` cannot be turned into waypoints. Every case is a caller bug (arrays
/// that do not belong together), never a property of the terrain or the trails.
public enum GuidanceError: Error, Equatable, CustomStringConvertible {
    /// The resampled line or the cleaned path has fewer than two vertices.
    case tooFewVertices(what: String, count: Int)
    /// A per-vertex array does not have one entry per vertex.
    case countMismatch(what: String, expected: Int, found: Int)
    /// A number that must be finite is not (a coordinate, distance or elevation).
    case notFinite(what: String, index: Int)
    /// `cumM` does not start at 0 or decreases.
    case badCumulativeDistance(index: Int)
    /// `resampledIndexOfPathVertex` points outside the resampled line, decreases, or does not
    /// map the path's first and last vertices to the resampled line's ends.
    case badIndexMap(index: Int)
    /// A junction's `index` is outside `path.coords`.
    case junctionOutOfRange(index: Int)

    public var description: String {
        switch self {
        case .tooFewVertices(let what, let n): "\(what) has \(n) vertices, at least 2 are needed"
        case .countMismatch(let what, let e, let f): "\(what) has \(f) entries, expected \(e)"
        case .notFinite(let what, let i): "\(what)[\(i)] is not a finite number"
        case .badCumulativeDistance(let i): "cumM[\(i)] is not 0 at the start or decreases"
        case .badIndexMap(let i): "resampledIndexOfPathVertex[\(i)] is out of range or out of order"
        case .junctionOutOfRange(let i): "junction index \(i) is outside the path"
        }
    }
}
