import Foundation

/// `trailpack validate PATH` (wired to the Validation module).
enum ValidateCommand {
    static func run(_ args: [String]) throws -> Int32 {
        throw UsageError(message: "validate is not available yet", command: "validate")
    }
}

/// `trailpack preview PATH` (wired to the Preview module).
enum PreviewCommand {
    static func run(_ args: [String]) throws -> Int32 {
        throw UsageError(message: "preview is not available yet", command: "preview")
    }
}
