import Foundation
import PackJSON

extension FormatHint {
    /// "not valid JSON: line L, column C: <what>" for a local `.json` or `.geojson` file (any
    /// case) that the strict JSON parser refuses, else nil (valid, or not such a file).
    static func jsonSyntaxProblem(_ path: String) -> String? {
        let lower = path.lowercased()
        guard !path.hasPrefix("/vsi"), lower.hasSuffix(".geojson") || lower.hasSuffix(".json"),
              let data = FileManager.default.contents(atPath: path) else { return nil }
        do throws(JSONSyntaxError) {
            _ = try JSONParser.parse(data)
            return nil
        } catch {
            return "not valid JSON: line \(error.line), column \(error.column) (byte \(error.offset)): \(error.message)"
        }
    }
}
