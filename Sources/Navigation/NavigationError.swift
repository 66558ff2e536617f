import PackReader
import Rerouting

/// Why a replay or the vectors cannot run; each names the file or argument and the place.
public enum NavigationError: Error, Sendable, CustomStringConvertible {
    case pack(String)
    case argument(name: String, message: String)
    /// A recording's fix that cannot be played: the file, the fix (1-based, across its tracks) and why.
    case track(path: String, fix: Int, reason: String)

    public var description: String {
        switch self {
        case .pack(let text): text
        case .argument(let name, let message): "\(name): \(message)"
        case .track(let path, let fix, let reason): "\(path): fix \(fix): \(reason)"
        }
    }
}
