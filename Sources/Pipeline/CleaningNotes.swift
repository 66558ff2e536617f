import Foundation
import RouteCore
import TrailpackCore

/// The build notes that say what cleaning removed from a recorded track.
enum CleaningNotes {
    /// At most this many edits are listed one by one; the rest are counted.
    static let maxListed = 20

    /// One summary line (when anything was dropped), then one line per spike, stop and loop:
    /// "spike at points 412-413 (-71.41234, 44.50123), 310 m off the line, 621 m of track removed".
    static func lines(_ cleaned: CleanedLine, inputPoints: Int) -> [String] {
        guard cleaned.droppedTotal > 0 || !cleaned.edits.isEmpty else { return [] }
        func count(_ kind: CleaningEdit.Kind) -> Int { cleaned.edits.count { $0.kind == kind } }
        var summary = String(format: "cleaning kept %d of %d points: dropped %d invalid, %d duplicate, %d spike points; collapsed %d stops (%d points), cut %d loops (%d points)",
                             cleaned.coords.count, inputPoints, cleaned.droppedInvalid, cleaned.droppedDuplicates, cleaned.droppedSpikes,
                             count(.stop), cleaned.droppedStopPoints, count(.loop), cleaned.droppedLoopPoints)
        if cleaned.droppedEndExcursionPoints > 0 {
            summary += String(format: ", trimmed %d excursions at the ends (%d points)", count(.startExcursion) + count(.endExcursion), cleaned.droppedEndExcursionPoints)
        }
        var out = [summary + String(format: "; %.0f m of track removed", cleaned.lengthRemovedM)]
        out += cleaned.edits.prefix(maxListed).map(\.description)
        if cleaned.edits.count > maxListed { out.append("... and \(cleaned.edits.count - maxListed) more spikes, stops, loops and end excursions") }
        return out
    }
}
