import Foundation

extension SourceStyle.Scanner {
    /// `raw` without comments, each string literal reduced to `""`; `inBlockComment` carries a
    /// `/* ... */` over lines.
    static func code(of raw: String, inBlockComment: inout Bool) -> String {
        let chars = Array(raw)
        var out = "", i = 0
        while i < chars.count {
            if inBlockComment {
                guard let end = find("*/", in: chars, from: i) else { return out }
                inBlockComment = false
                i = end + 2
            } else if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                break
            } else if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                inBlockComment = true
                i += 2
            } else if chars[i] == "\"" {
                var j = i + 1
                while j < chars.count, chars[j] != "\"" { j += chars[j] == "\\" ? 2 : 1 }
                out += "\"\""
                i = j + 1
            } else {
                out.append(chars[i])
                i += 1
            }
        }
        return out
    }

    static func find(_ needle: String, in chars: [Character], from start: Int) -> Int? {
        let n = Array(needle)
        guard chars.count >= n.count else { return nil }
        return (start...(chars.count - n.count)).first { Array(chars[$0..<($0 + n.count)]) == n }
    }

    /// The scope a brace opened on this line belongs to: a type declaration, a function, or other.
    static func scope(opening code: String) -> SourceStyle.Scope {
        let words = Set(identifiers(in: code))
        if !words.isDisjoint(with: ["struct", "enum", "class", "actor", "extension", "protocol"]) { return .type }
        if words.contains("func") || words.contains("subscript") || code.range(of: #"\binit[?!]?\s*[(<]"#, options: .regularExpression) != nil {
            return .function
        }
        return .other
    }

    /// True when the line declares a constant or property: modifiers, then `let` or `var`, then a name.
    static func isDeclaration(_ code: String) -> Bool {
        let modifiers: Set<String> = ["public", "private", "internal", "fileprivate", "package", "static", "nonisolated"]
        for word in identifiers(in: code) {
            if word == "let" || word == "var" { return true }
            if !modifiers.contains(word) { return false }
        }
        return false
    }

    /// The identifiers and keywords of a line, in order (attributes such as `@inline` skipped).
    static func identifiers(in code: String) -> [String] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") }.map(String.init).filter { !$0.hasPrefix("@") && !($0.first?.isNumber ?? true) }
    }

    /// The numeric literals of a line: digits not part of an identifier or a member access.
    static func numericLiterals(in code: String) -> [String] {
        let chars = Array(code)
        var out: [String] = [], i = 0
        while i < chars.count {
            let startsNumber = chars[i].isASCII && chars[i].isNumber
                && (i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == "_" || chars[i - 1] == "."))
            guard startsNumber else { i += 1; continue }
            var j = i
            while j < chars.count, chars[j].isNumber || chars[j] == "_" || chars[j] == "."
                || ((chars[j] == "e" || chars[j] == "E") && j + 1 < chars.count && (chars[j + 1].isNumber || chars[j + 1] == "-")) {
                if chars[j] == ".", !(j + 1 < chars.count && chars[j + 1].isNumber) { break }
                j += (chars[j] == "e" || chars[j] == "E") && chars[j + 1] == "-" ? 2 : 1
            }
            out.append(String(chars[i..<j]))
            i = j
        }
        return out
    }
}
