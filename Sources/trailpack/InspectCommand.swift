import Foundation
import PackSpec
import TrailpackCore

/// `trailpack inspect FILE.bin`: header, statistics and problems of a TER1 grid.
enum InspectCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "inspect", flags: [], options: [])
        let path = try a.requirePositionals(["file"], command: "inspect")[0]
        if let kind = InputFile.kind(path) {
            printError("\(path): cannot read: it is \(kind), not a regular file")
            return 1
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let why = !exists ? "no such file" : isFolder.boolValue ? "cannot read: it is a directory, not a regular file (give terrain.bin or an AR patch's .bin)" : "cannot read: no read permission"
            printError("\(path): \(why)")
            return 1
        }
        let bytes = [UInt8](data)
        let grid: TerrainGrid
        do { grid = try TER1.decode(bytes) } catch {
            printError("\(path): not a valid TER1 grid at byte \(error.offset): \(error)")
            return 1
        }
        let s = grid.statistics
        print("""
        \(path): TER1 grid
          size        \(grid.width) x \(grid.height) samples (\(bytes.count) bytes)
          bounds      west \(grid.bounds.west), south \(grid.bounds.south), east \(grid.bounds.east), north \(grid.bounds.north)
          spacing     \(String(format: "%.2f", grid.resolutionM)) m (columns, at the centre latitude)
          elevation   min \(s.minM) m, max \(s.maxM) m, mean \(String(format: "%.1f", s.meanM)) m
        """)
        let voids = grid.elevationsM.filter { $0 == PackLimits.voidSentinelM }.count
        if voids > 0 {
            print("  problem     \(voids) samples are \(PackLimits.voidSentinelM) (a void sentinel; TER1 forbids it)")
            return 1
        }
        print("  problems    none")
        return 0
    }
}
