import Foundation
@testable import Pipeline
import Testing
import TestSupport

/// Recipes/README.md's key tables against what `RecipeLoader` accepts: every key it accepts is
/// documented, every documented key is accepted, and each number's range and default are the
/// code's (`RecipeObject`, `RecipeNumber`, `Recipe`'s defaults).
@Suite struct RecipeDocsTests {
    /// The rows of the markdown table that follows `heading` (up to the next heading), as cells.
    static func table(after heading: String) throws -> [[String]] {
        let text = try String(contentsOf: TestData.repoRoot.appendingPathComponent("Recipes/README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: heading), "Recipes/README.md has no \(heading)")
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
        return section.filter { $0.hasPrefix("| `") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The first backticked text of a cell: `` `terrain.kernel` `` -> `terrain.kernel`.
    static func key(_ cell: String) -> String { cell.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? cell }

    /// The key sets written `{ a, b, c }` in a cell.
    static func braces(_ cell: String) -> [Set<String>] {
        cell.matches(of: #/\{ ([A-Za-z, ]+) \}/#).map { match in
            Set(match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    /// Dotted paths of the main key table: objects with fixed keys (terrain, ar, ...) expanded
    /// to their members; lists (`dem`, `pois`, `routes`, `landmarks.include`) stay one row.
    static func documentedPaths(of object: RecipeObject) -> [String] {
        object.keys.flatMap { key -> [String] in
            let path = object == .root ? key : "\(object.rawValue).\(key)"
            return RecipeObject(rawValue: path).map(documentedPaths) ?? [path]
        }
    }

    /// A number as the README writes it: `100000`, `0.01`.
    static func written(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    @Test func theKeyTableListsEveryKeyTheLoaderAccepts() throws {
        let rows = try Self.table(after: "## Keys")
        let documented = rows.map { Self.key($0[0]) }
        #expect(Set(documented).count == documented.count, "a key listed twice")
        #expect(Set(documented) == Set(Self.documentedPaths(of: .root)),
                "missing: \(Set(Self.documentedPaths(of: .root)).subtracting(documented).sorted()); not accepted: \(Set(documented).subtracting(Self.documentedPaths(of: .root)).sorted())")
        let byKey = Dictionary(rows.map { (Self.key($0[0]), $0) }, uniquingKeysWith: { a, _ in a })
        #expect(Self.braces(byKey["dem"]?[1] ?? "") == [Set(RecipeObject.demSource.keys)])
        #expect(Self.braces(byKey["pois"]?[4] ?? "").reduce(Set<String>()) { $0.union($1) } == Set(RecipeObject.poi.keys))
        #expect(Self.braces(byKey["landmarks.include"]?[4] ?? "") == [Set(RecipeObject.landmarkPoint.keys)])
    }

    @Test func theRoutesTableListsEveryRouteAndTrackKey() throws {
        let rows = try Self.table(after: "### Routes")
        #expect(rows.map { Self.key($0[0]) } == RecipeObject.route.keys)
        let track = try #require(rows.first { Self.key($0[0]) == "track" })
        #expect(Self.braces(track[1]) == [Set(RecipeObject.track.keys)])
        let join = RecipeNumber.joinM.range
        let defaultJoinM = RouteRecipe(id: "", name: "", blurb: "", source: .via([]), location: "").trackJoinM
        #expect(track[2].contains("`joinM` (m, \(Self.written(join.lowerBound))…\(Self.written(join.upperBound)), default \(Self.written(defaultJoinM)))"))
        let gaps = try Self.table(after: "### Gaps in a recording").map { Self.key($0[0]) }.filter { $0.hasPrefix("\"") }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        #expect(Set(gaps) == Set(RouteRecipe.GapMode.allCases.map(\.rawValue)))
    }

    /// Each number's type cell is `number <lower>…<upper>`, and its default the code's.
    @Test func rangesAndDefaultsAreTheLoaders() throws {
        let rows = try Self.table(after: "## Keys")
        let byKey = Dictionary(rows.map { (Self.key($0[0]), $0) }, uniquingKeysWith: { a, _ in a })
        for number in RecipeNumber.allCases where number != .joinM {
            let row = try #require(byKey[number.rawValue], "\(number.rawValue) is not in the key table")
            #expect(row[1] == "number \(Self.written(number.range.lowerBound))…\(Self.written(number.range.upperBound))", "\(number.rawValue)")
        }
        let r = Recipe(path: "", id: "", name: "", attribution: [], bbox: nil, dem: [])
        let defaults: [String: Double] = [
            "bboxMarginM": r.bboxMarginM, "sizeBudgetMB": r.sizeBudgetMB, "terrain.resolutionM": r.terrain.resolutionM,
            "terrain.hillshade.azimuthDeg": r.terrain.hillshade.azimuthDeg, "terrain.hillshade.altitudeDeg": r.terrain.hillshade.altitudeDeg,
            "terrain.hillshade.zFactor": r.terrain.hillshade.zFactor,
            "terrain.voids.maxFillDistanceM": r.terrain.voids.maxFillDistanceM, "terrain.voids.maxFilledPercent": r.terrain.voids.maxFilledPercent,
            "terrain.voids.warnFilledPercent": r.terrain.voids.warnFilledPercent, "terrain.voids.maxRouteFilledM": r.terrain.voids.maxRouteFilledM,
            "ar.resolutionM": r.ar.resolutionM, "ar.marginM": r.ar.marginM, "ar.budgetMiB": r.ar.budgetMiB,
            "stats.thresholdM": r.stats.thresholdM, "stats.flatSpeedKmh": r.stats.flatSpeedKmh, "stats.ascentMPerH": r.stats.ascentMPerH,
            "stats.descentMPerH": r.stats.descentMPerH, "map.vectorTilesAboveMB": r.map.vectorTilesAboveMB,
            "landmarks.maxDistanceM": r.landmarks.maxDistanceM, "landmarks.minProminenceM": r.landmarks.minProminenceM,
        ]
        for (key, value) in defaults {
            #expect(byKey[key]?[3] == Self.written(value), "\(key): the README says \(byKey[key]?[3] ?? "nothing"), the code \(value)")
        }
        #expect(r.terrain.contourIntervalM == nil && byKey["terrain.contourIntervalM"]?[3] == "from relief")
        #expect(r.terrain.memoryLimitMiB == nil && byKey["terrain.memoryLimitMiB"]?[3] == "the batch engine's limit, else half the machine's memory")
        #expect(byKey["terrain.kernel"]?[3] == "`\"\(r.terrain.kernel)\"`")
        #expect(byKey["terrain.hillshade.multidirectional"]?[3] == String(r.terrain.hillshade.multidirectional))
        #expect(byKey["landmarks.demSummits"]?[3] == String(r.landmarks.demSummits))
    }
}
