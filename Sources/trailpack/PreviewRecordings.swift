import Navigation
import Pipeline
import Preview

/// The recordings a pack's routes were built from, found through their recipes (`preview
/// --recipes`): the pack itself does not say which file a route came from (SPEC), the recipe does.
enum PreviewRecordings {
    /// Every route of the recipes at `paths` built from a track: its recording's fixes (the
    /// tracks `track.select` takes, read with their times and accuracies by `RecordingFixes`),
    /// or why it cannot be replayed.
    /// - Throws: `BuildError` for a recipe that cannot be read (as `build` would refuse it).
    static func read(recipes paths: [String]) throws -> [RouteRecording] {
        var out: [RouteRecording] = []
        for path in paths {
            let recipe = try RecipeLoader.load(path: path)
            for route in recipe.routes {
                guard case .track(let file, let select, let reversed) = route.source else { continue }
                var recording = RouteRecording(regionId: recipe.id, routeId: route.id, track: file, fixes: nil)
                if route.trackDrawn == true {
                    recording.why = "the track was drawn (track.drawn), not recorded"
                } else if reversed {
                    recording.why = "the route walks the recording backwards (reverse: true)"
                } else {
                    (recording.fixes, recording.why) = fixes(file: file, select: select)
                }
                out.append(recording)
            }
        }
        return out
    }

    /// The fixes of the GPX tracks `select` takes from `file`, or why there are none.
    static func fixes(file: String, select: RouteRecipe.TrackSelector) -> ([Fix]?, String?) {
        do {
            let chosen = try TrackSource.selection(file: file, select: select) { .input(file: file, place: "track", message: $0) }.chosen
            let tracks = Set(chosen.filter { $0.layer == "tracks" }.map(\.index))
            guard !tracks.isEmpty else { return (nil, "the route's line is not a GPX track (a planned <rte> or another format has no fix times)") }
            return (try RecordingFixes.read(path: file, only: tracks), nil)
        } catch let e as NavigationError {
            return (nil, e.description)
        } catch {
            return (nil, "\(error)")
        }
    }
}
