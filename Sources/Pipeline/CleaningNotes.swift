import Foundation
import RouteCore
import TrailpackCore

/// The build notes that say what cleaning removed from a recorded track.
enum CleaningNotes {
    /// One summary line (when anything was dropped), then per kind of edit (spike, stop, loop,
    /// start and end excursion), in the order the kinds first occur: the edit itself when it is
    /// the only one of its kind ("spike at points 412-413 (-71.41234, 44.50123), 310 m off the
    /// line, 621 m of track removed"), else one line for all of them (`grouped`).
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
        var kinds: [CleaningEdit.Kind] = []
        for edit in cleaned.edits where !kinds.contains(edit.kind) { kinds.append(edit.kind) }
        for kind in kinds {
            let edits = cleaned.edits.filter { $0.kind == kind }
            out.append(edits.count == 1 ? edits[0].description : grouped(edits))
        }
        return out
    }

    /// Several edits of one kind in one line, with the largest (by size) and the first:
    /// "20 loops removed (largest 12 m across, 30 m of track, at points 412-420 (-71.41234,
    /// 44.50123); the first at points 12-20 (-71.40000, 44.49000); 95 m of track in all)".
    static func grouped(_ edits: [CleaningEdit]) -> String {
        guard let first = edits.first, let largest = edits.max(by: { $0.sizeM < $1.sizeM }) else { return "" }
        let totalM = edits.reduce(0) { $0 + $1.lengthRemovedM }
        return String(format: "%d %@ removed (largest %@, %.0f m of track, at %@; the first at %@; %.0f m of track in all)",
                      edits.count, plural(first.kind), largest.sizeDescription, largest.lengthRemovedM, largest.place, first.place, totalM)
    }

    /// "spikes", "stops", "loops", "start excursions", "end excursions".
    static func plural(_ kind: CleaningEdit.Kind) -> String { kind.rawValue + "s" }
}
