import Foundation
import Preview

/// `trailpack preview PATH [--out DIR] [--recipes RECIPE...]`
enum PreviewCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let (rest, lists) = try ValidateCommand.takeLists(args, names: ["--recipes"], command: "preview")
        let a = try Arguments(rest, command: "preview", flags: ["--quiet"], options: ["--out"])
        let path = try a.requirePositionals(["path"], command: "preview")[0]
        let recordings = try PreviewRecordings.read(recipes: lists["--recipes"] ?? [])
        // Never inside the pack: a region folder holds exactly the files its manifest lists.
        let out = a.options["--out"] ?? URL(fileURLWithPath: "previews").appendingPathComponent(URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent).path
        let result = try PreviewRenderer.render(packPath: path, outDir: out, recordings: recordings)
        if !a.flag("--quiet") {
            let renders = " and \(result.pageFiles.count) 3D page and flyover files"
                + (result.mapLibreFiles.isEmpty ? "" : " and \(result.mapLibreFiles.count) MapLibre renders")
                + (result.stillFiles.isEmpty ? "" : " and \(result.stillFiles.count) flyover stills")
                + (result.replayFiles.isEmpty ? "" : " and \(result.replayFiles.count) replays")
            print("Wrote \(result.files.count) files\(renders) for \(result.regionIds.joined(separator: ", ")); open \(result.indexPath)")
            // Why a region has no (or not every) MapLibre render: the page says it too.
            var notes: Set<String> = []
            for case .notMade(let reason) in result.mapLibreRenders where notes.insert(reason).inserted { print(reason) }
            for case .rendered(let entries) in result.mapLibreRenders {
                for entry in entries { if let error = entry.error { print("MapLibre render \(entry.file) not made: \(error)") } }
            }
            // Why a region has no 3D page or stills: the page says it too.
            for section in result.flyovers {
                for why in [section.pageWhy, section.stillsWhy].compactMap({ $0 }) where notes.insert(why).inserted { print(why) }
                for still in section.stills { if let error = still.error { print("Flyover stills of \(still.routeId) not made: \(error)") } }
            }
        }
        return 0
    }
}
