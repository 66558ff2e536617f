import PackJSON

/// Finds numbers with too many decimals on the raw text of a JSON document (the parsed
/// `Double` cannot tell `1.5` from `1.50000000`). Run it on documents that already parsed as
/// strict JSON; on anything else it stops quietly. Linear in the file size.
enum RawNumberScanner {
    /// A number whose text has more decimals than allowed at its place.
    struct Finding {
        var path: JSONPath
        var text: String
        var decimals: Int
        var allowed: Int
        var line: Int
        var column: Int
        var offset: Int
    }

    /// Scans `bytes`; `limit` receives the path components of each number with more than
    /// `minimumLimit` decimals and returns how many decimals that place allows (nil: no limit).
    static func scan(_ source: [UInt8], minimumLimit: Int, maxFindings: Int = 50,
                     limit: ([JSONPath.Component]) -> Int?) -> [Finding] {
        source.withUnsafeBufferPointer { scan($0, minimumLimit: minimumLimit, maxFindings: maxFindings, limit: limit) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, minimumLimit: Int, maxFindings: Int,
                             limit: ([JSONPath.Component]) -> Int?) -> [Finding] {
        var findings: [Finding] = []
        var path: [JSONPath.Component] = []
        var isArray: [Bool] = []
        var expectingKey = false
        var line = 1, lineStart = 0
        var i = 0
        let n = bytes.count
        while i < n, findings.count < maxFindings {
            let b = bytes[i]
            switch b {
            case 0x0A:
                line += 1; lineStart = i + 1; i += 1
            case 0x0D:
                if i + 1 >= n || bytes[i + 1] != 0x0A { line += 1; lineStart = i + 1 }
                i += 1
            case UInt8(ascii: "\""):
                let start = i + 1
                var j = start
                while j < n, bytes[j] != UInt8(ascii: "\"") {
                    j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1
                }
                if expectingKey, let top = isArray.last, !top {
                    let raw = bytes[start..<min(j, n)]
                    var key = String(decoding: raw, as: UTF8.self)
                    if raw.contains(UInt8(ascii: "\\")), j < n,
                       let node = try? JSONParser.parse(Array(bytes[(start - 1)...j]), mode: .strict), case .string(let text) = node.value {
                        key = text
                    }
                    path[path.count - 1] = .key(key)
                    expectingKey = false
                }
                i = j + 1
            case UInt8(ascii: "{"):
                path.append(.key("")); isArray.append(false); expectingKey = true; i += 1
            case UInt8(ascii: "["):
                path.append(.index(0)); isArray.append(true); expectingKey = false; i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !path.isEmpty { path.removeLast(); isArray.removeLast() }
                expectingKey = false; i += 1
            case UInt8(ascii: ","):
                if let top = isArray.last {
                    if top, case .index(let k) = path[path.count - 1] { path[path.count - 1] = .index(k + 1) } else { expectingKey = true }
                }
                i += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = i
                var fraction = 0, inFraction = false, inExponent = false
                var exponent = 0, exponentSign = 1
                while i < n {
                    let c = bytes[i]
                    if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                        if inExponent { exponent = min(exponent * 10 + Int(c - 48), 100_000) } else if inFraction { fraction += 1 }
                    } else if c == UInt8(ascii: ".") {
                        inFraction = true
                    } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                        inExponent = true; inFraction = false
                    } else if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
                        if inExponent, c == UInt8(ascii: "-") { exponentSign = -1 }
                    } else {
                        break
                    }
                    i += 1
                }
                let decimals = max(0, fraction - exponentSign * exponent)
                if decimals > minimumLimit, let allowed = limit(path), decimals > allowed {
                    let columns = bytes[lineStart..<start].count { $0 & 0xC0 != 0x80 }
                    findings.append(Finding(path: JSONPath(path), text: String(decoding: bytes[start..<i], as: UTF8.self),
                                            decimals: decimals, allowed: allowed, line: line, column: columns + 1, offset: start))
                }
            default:
                i += 1
            }
        }
        return findings
    }
}
