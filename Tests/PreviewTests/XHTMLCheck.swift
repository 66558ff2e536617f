/// A small well-formedness checker for the XHTML the preview writes: every element closed in
/// order (void elements self-closed), quoted attributes, only known entity references.
struct XHTMLCheck {
    /// Problems found; empty when well-formed.
    var problems: [String] = []
    /// Values of every `src` and `href` attribute, in order.
    var references: [String] = []
    /// Element names in document order.
    var elements: [String] = []
    /// Text content between tags (entities left as written), concatenated.
    var text = ""

    init(_ html: String) {
        let s = Array(html.unicodeScalars)
        var i = 0
        var stack: [String] = []
        func checkEntities(_ chunk: [Unicode.Scalar]) {
            var k = 0
            while k < chunk.count {
                if chunk[k] == "&" {
                    var j = k + 1
                    while j < chunk.count && chunk[j] != ";" && j - k < 10 { j += 1 }
                    let name = String(String.UnicodeScalarView(chunk[(k + 1)..<min(j, chunk.count)]))
                    let ok = j < chunk.count && chunk[j] == ";" &&
                        (["amp", "lt", "gt", "quot", "apos"].contains(name) || (name.hasPrefix("#") && name.dropFirst().allSatisfy(\.isNumber) && name.count > 1))
                    if !ok { problems.append("bad entity reference near \"&\(name)\"") }
                    k = j
                } else if chunk[k] == "<" || chunk[k] == ">" {
                    problems.append("raw \(chunk[k]) in text or attribute")
                }
                k += 1
            }
        }
        while i < s.count {
            if s[i] != "<" {
                var j = i
                while j < s.count && s[j] != "<" { j += 1 }
                let chunk = Array(s[i..<j])
                if !stack.contains("style") { checkEntities(chunk) }
                text += String(String.UnicodeScalarView(chunk))
                i = j
                continue
            }
            if s[i...].starts(with: Array("<!DOCTYPE".unicodeScalars)) || s[i...].starts(with: Array("<!--".unicodeScalars)) {
                while i < s.count && s[i] != ">" { i += 1 }
                i += 1
                continue
            }
            var j = i + 1
            var quote: Unicode.Scalar? = nil
            while j < s.count && (quote != nil || s[j] != ">") {
                if let q = quote { if s[j] == q { quote = nil } } else if s[j] == "\"" || s[j] == "'" { quote = s[j] }
                j += 1
            }
            guard j < s.count else { problems.append("unterminated tag"); break }
            let tag = String(String.UnicodeScalarView(s[(i + 1)..<j]))
            i = j + 1
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
                if stack.last == name { stack.removeLast() } else { problems.append("</\(name)> closes <\(stack.last ?? "nothing")>") }
                continue
            }
            let selfClosing = tag.hasSuffix("/")
            let body = selfClosing ? String(tag.dropLast()) : tag
            let name = String(body.prefix { !$0.isWhitespace })
            elements.append(name)
            if ["img", "meta", "br", "hr", "link", "input"].contains(name) && !selfClosing {
                problems.append("void element <\(name)> is not self-closed")
            }
            // Attributes: name="value" pairs.
            var rest = Array(body.dropFirst(name.count).unicodeScalars)
            while let eq = rest.firstIndex(of: "=") {
                let attr = String(String.UnicodeScalarView(rest[..<eq])).trimmingCharacters(in: .whitespaces)
                guard eq + 1 < rest.count, rest[eq + 1] == "\"" || rest[eq + 1] == "'" else {
                    problems.append("unquoted attribute \(attr) in <\(name)>")
                    break
                }
                let q = rest[eq + 1]
                guard let end = rest[(eq + 2)...].firstIndex(of: q) else { problems.append("unterminated attribute in <\(name)>"); break }
                let value = Array(rest[(eq + 2)..<end])
                checkEntities(value)
                if attr == "src" || attr == "href" { references.append(String(String.UnicodeScalarView(value))) }
                rest = Array(rest[(end + 1)...])
            }
            if !selfClosing { stack.append(name) }
        }
        if !stack.isEmpty { problems.append("unclosed elements: \(stack)") }
    }
}

import Foundation
