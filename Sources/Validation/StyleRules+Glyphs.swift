import Glyphs
import PackJSON

/// Glyph coverage: every character of every label a symbol layer can draw, in every font stack
/// it names, has a glyph in the range file the style's `glyphs` template names. Labels come
/// from the data: `["get", p]` reads every value of `p` in the layer's GeoJSON file (or the
/// GeoJSON file of its vector tile layer), filters ignored (stricter than MapLibre); numbers a
/// label computes may be any of `0-9`, `-`, `.`.
extension StyleRules {
    /// The features a layer's labels and icons are read from.
    struct LabelData {
        /// The file the features are in, as shown in problems.
        var file: String
        var features: [JSONNode]
        /// For a vector tile layer: per property key, every text its tiles hold, with where it
        /// first is (`TileArchiveContents.texts`); read besides `features`.
        var tileTexts: [String: [String: String]] = [:]

        /// Every value of property `key` as MapLibre turns it into text, with where it is.
        func values(_ key: String) -> [(text: String, origin: String)] {
            let fromFeatures = features.compactMap { feature -> (String, String)? in
                guard let value = feature["properties"]?[key] else { return nil }
                let origin = "\(file) \(value.path.description)"
                switch value.type {
                case .string: return JSONFields.stringValue(value).map { ($0, origin) }
                case .number: return value.numberText.map { ($0, origin) }
                case .bool: return (value.value == .bool(true) ? "true" : "false", origin)
                default: return nil
                }
            }
            return fromFeatures + (tileTexts[key] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    /// Characters a label may hold, each with where it first came from.
    typealias Characters = [Unicode.Scalar: String]

    /// The characters any number may print as.
    static let numberCharacters = "0123456789-."
    /// Expression operators whose value is a number.
    static let numericOperators: Set<String> = ["+", "-", "*", "/", "%", "^", "abs", "acos", "asin", "atan", "ceil", "cos", "e", "floor",
                                                "ln", "ln2", "log10", "log2", "max", "min", "pi", "round", "sin", "sqrt", "tan",
                                                "to-number", "number", "zoom", "length", "index-of", "distance", "line-progress"]

    /// The data behind `layer`'s labels and icons, nil when the source has none the validator can read.
    func labelData(_ layer: Layer, sources: [String: Source]) -> LabelData? {
        guard let sourceName = layer.source, let source = sources[sourceName] else { return nil }
        var path: String?
        if source.type == "geojson" {
            if let data = source.node["data"], data.type == .object { return LabelData(file: file, features: data["features"]?.children ?? []) }
            path = source.target
        } else if source.type == "vector", let sourceLayer = layer.sourceLayer, let key = Self.tileLayerData[sourceLayer] {
            path = context.dataFiles[key]
            // The tiles themselves: every text any tile can show (the GeoJSON file beside, when there is one).
            if let tiles = source.tiles, let target = source.target {
                let features = path.flatMap(geoJSONFeatures) ?? []
                return LabelData(file: name(target), features: features, tileTexts: tiles.texts[sourceLayer] ?? [:])
            }
        }
        guard let path, let features = geoJSONFeatures(path) else { return nil }
        return LabelData(file: name(path), features: features)
    }

    /// The features of the region's GeoJSON file at `path`, nil when it cannot be read.
    private func geoJSONFeatures(_ path: String) -> [JSONNode]? {
        let doc = context.documents[path] ?? context.read(path).flatMap { context.parse($0, name(path)) }
        guard let doc, let features = doc["features"], features.type == .array else { return nil }
        return features.children
    }

    /// Adds the characters `expression` can produce as text to `chars`; returns why they cannot
    /// be bounded, nil when they were.
    func collectText(_ expression: JSONNode, data: LabelData?, topLevel: Bool, into chars: inout Characters) -> String? {
        func add(_ text: String, _ origin: @autoclosure () -> String) {
            for scalar in text.unicodeScalars where chars[scalar] == nil { chars[scalar] = origin() }
        }
        func here(_ node: JSONNode) -> String { "\(file) \(node.path.description)" }
        func property(_ key: String) -> String? {
            guard let data else { return "[\"get\", \(JSONWriter.quoted(key))] with no data the validator can read" }
            for (text, origin) in data.values(key) { add(text, origin) }
            return nil
        }
        switch expression.type {
        case .string:
            let text = JSONFields.stringValue(expression) ?? ""
            guard topLevel, text.contains("{") else { add(text, here(expression)); return nil }
            // A legacy string: "{name}" tokens are replaced by feature properties.
            var literal = text
            for match in text.matches(of: #/\{([^{}]+)\}/#) {
                if let failure = property(String(match.output.1)) { return failure }
                literal = literal.replacingOccurrences(of: String(match.output.0), with: "")
            }
            add(literal, here(expression))
            return nil
        case .number:
            add(expression.numberText ?? Self.numberCharacters, here(expression))
            return nil
        case .bool:
            add(expression.value == .bool(true) ? "true" : "false", here(expression))
            return nil
        case .null:
            return nil
        case .object:
            return "an object at \(expression.path.description)"
        case .array:
            break
        }
        let children = expression.children
        guard let op = children.first.flatMap({ JSONFields.stringValue($0) }) else {
            return "an array that is no expression at \(expression.path.description)"
        }
        let args = Array(children.dropFirst())
        func all(_ nodes: [JSONNode]) -> String? {
            for node in nodes { if let failure = collectText(node, data: data, topLevel: false, into: &chars) { return failure } }
            return nil
        }
        func outputs(_ indices: some Sequence<Int>) -> String? { all(indices.filter(args.indices.contains).map { args[$0] }) }
        switch op {
        case "literal":
            guard args.count == 1, args[0].type != .array, args[0].type != .object else { return "a literal array or object at \(expression.path.description)" }
            return all(args)
        case "get":
            guard args.count == 1, let key = JSONFields.stringValue(args[0]) else { return "a computed property name at \(expression.path.description)" }
            return property(key)
        case "concat", "coalesce":
            return all(args)
        case "slice":
            return args.isEmpty ? nil : all([args[0]])
        case "upcase", "downcase":
            guard let first = args.first else { return nil }
            var inner: Characters = [:]
            if let failure = collectText(first, data: data, topLevel: false, into: &inner) { return failure }
            for (scalar, origin) in inner {
                let text = String(Character(scalar))
                add(text + (op == "upcase" ? text.uppercased() : text.lowercased()), origin)
            }
            return nil
        case "to-string":
            guard let first = args.first else { return nil }
            if first.type == .array, let inner = first[0].flatMap({ JSONFields.stringValue($0) }), Self.numericOperators.contains(inner) {
                add(Self.numberCharacters, "a number computed at \(here(first))")
                return nil
            }
            return all([first])
        case "number-format":
            add(Self.numberCharacters + ",", "a number formatted at \(here(expression))")
            return nil
        case "case":
            // [case, condition, output, ..., fallback]
            return outputs(Array(stride(from: 1, to: args.count - 1, by: 2)) + [args.count - 1])
        case "match":
            // [match, input, labels, output, ..., fallback]
            return outputs(Array(stride(from: 2, to: args.count - 1, by: 2)) + [args.count - 1])
        case "step":
            // [step, input, output, stop, output, ...]
            return outputs(stride(from: 1, to: args.count, by: 2))
        case "format":
            return all(args.filter { $0.type != .object })
        default:
            if Self.numericOperators.contains(op) {
                add(Self.numberCharacters, "a number computed at \(here(expression))")
                return nil
            }
            return "operator \(JSONWriter.quoted(op)) at \(expression.path.description)"
        }
    }

    /// The font stacks of a symbol layer's `text-font` (MapLibre's default when absent), nil
    /// after reporting one the validator cannot read.
    private func fontStacks(_ layout: JSONNode) -> [String]? {
        guard let node = layout["text-font"] else { return [Self.defaultFont.joined(separator: ",")] }
        var list = node
        if node.type == .array, let first = node[0], JSONFields.stringValue(first) == "literal", let inner = node[1] { list = inner }
        let fonts = list.type == .array ? list.children.compactMap { JSONFields.stringValue($0) } : []
        guard !fonts.isEmpty, fonts.count == list.count else {
            log.add(.mapGlyphCoverage, file: file, node: node, expected: "text-font an array of font names (or [\"literal\", [...]])",
                    found: JSONFields.describe(node))
            return nil
        }
        // One stack per layer: MapLibre asks for the names joined by commas.
        return [fonts.joined(separator: ",")]
    }

    /// `map.glyph-coverage` for every labelled symbol layer, `map.glyph-pbf` for every glyph
    /// range file listed, `style.url` for the template.
    func checkGlyphs(_ doc: JSONNode, layers: [Layer], sources: [String: Source], fields: JSONFields) {
        var decoded: [String: (stack: String, range: String, ids: Set<UInt32>)?] = [:]
        func glyphFile(_ path: String) -> (stack: String, range: String, ids: Set<UInt32>)?? {
            if let known = decoded[path] { return known }
            guard let bytes = context.read(path) else { return nil }
            do {
                let file = try GlyphPBF.glyphIDs(in: bytes)
                decoded[path] = file
                checkRangeFile(path, file)
            } catch {
                log.add(.mapGlyphPBF, file: name(path), at: .byte(error.byteOffset), expected: "a MapLibre glyph PBF with one font stack",
                        found: error.description)
                decoded[path] = .some(nil)
            }
            return decoded[path]!
        }
        for path in context.mapAssets.sorted() where path.hasPrefix("map/glyphs/") && path.hasSuffix(".pbf") { _ = glyphFile(path) }

        let labelled = layers.filter { $0.type == "symbol" && $0.node["layout"]?["text-field"] != nil }
        guard !labelled.isEmpty, let template = fields.string(doc, "glyphs"), let templateNode = doc["glyphs"] else { return }
        guard let checked = checkURL(template, node: templateNode, allowTiles: false) else { return }
        guard checked.contains("{fontstack}"), checked.contains("{range}") else {
            log.add(.styleURL, file: file, node: templateNode, expected: "a glyphs template holding {fontstack} and {range}", found: JSONWriter.quoted(template))
            return
        }
        var listedChecked: Set<String> = []
        for layer in labelled {
            guard let layout = layer.node["layout"], let field = layout["text-field"], let stacks = fontStacks(layout) else { continue }
            var chars: Characters = [:]
            // No readable data: the source or its file is already reported.
            guard let data = labelData(layer, sources: sources) else { continue }
            if let failure = collectText(field, data: data, topLevel: true, into: &chars) {
                log.add(.mapGlyphCoverage, file: file, node: field, expected: "a text-field whose characters the validator can bound",
                        found: failure)
                continue
            }
            if let transform = JSONFields.stringValue(layout["text-transform"]), transform != "none" {
                for (scalar, origin) in chars {
                    let text = String(Character(scalar))
                    for mapped in (transform == "uppercase" ? text.uppercased() : text.lowercased()).unicodeScalars where chars[mapped] == nil {
                        chars[mapped] = origin
                    }
                }
            }
            chars["\n"] = nil
            for stack in stacks {
                var byRange: [UInt32: [Unicode.Scalar]] = [:]
                for scalar in chars.keys { byRange[scalar.value & ~0xFF, default: []].append(scalar) }
                for start in byRange.keys.sorted() {
                    let scalars = byRange[start]!.sorted { $0.value < $1.value }
                    let range = "\(start)-\(start + 255)"
                    let path = checked.replacingOccurrences(of: "{fontstack}", with: stack).replacingOccurrences(of: "{range}", with: range)
                    var missing = scalars
                    var why = "no such file"
                    if start > 0xFFFF {
                        why = "beyond the 65,536 code points MapLibre's glyph ranges reach"
                    } else if let result = glyphFile(path) {
                        if listedChecked.insert(path).inserted { checkListed(path, node: templateNode) }
                        guard let result else { continue }  // map.glyph-pbf said why
                        missing = scalars.filter { !result.ids.contains($0.value) }
                        why = "no glyph in the file"
                    }
                    guard !missing.isEmpty else { continue }
                    let shown = missing.prefix(8).map { "\(Self.describe($0)) (\(chars[$0]!))" }.joined(separator: ", ")
                    log.add(.mapGlyphCoverage, file: file, node: field,
                            expected: "a glyph in \(name(path)) (font stack \(JSONWriter.quoted(stack))) for every character of layer \(layer.index)'s labels",
                            found: "\(missing.count) missing (\(why)): \(shown)\(missing.count > 8 ? ", ..." : "")")
                }
            }
        }
    }

    /// `map.glyph-pbf`: a range file's stack and range agree with its path
    /// (`<stack>/<start>-<end>.pbf`, 256 code points from a multiple of 256) and its glyphs lie in it.
    private func checkRangeFile(_ path: String, _ decoded: (stack: String, range: String, ids: Set<UInt32>)) {
        let parts = path.split(separator: "/")
        var problems: [String] = []
        let bounds = decoded.range.wholeMatch(of: #/([0-9]+)-([0-9]+)/#).flatMap { m in UInt32(m.output.1).flatMap { a in UInt32(m.output.2).map { (a, $0) } } }
        if let (start, end) = bounds, start % 256 == 0, end == start + 255 {
            if let stray = decoded.ids.filter({ !(start...end).contains($0) }).min() { problems.append("glyph id \(stray) outside range \(decoded.range)") }
        } else {
            problems.append("range \(JSONWriter.quoted(decoded.range)), not <start>-<start + 255> with start a multiple of 256")
        }
        if parts.last.map(String.init) != decoded.range + ".pbf" { problems.append("range \(JSONWriter.quoted(decoded.range)) in a file named \(parts.last ?? "")") }
        if parts.count >= 2, String(parts[parts.count - 2]) != decoded.stack {
            problems.append("font stack \(JSONWriter.quoted(decoded.stack)) in folder \(parts[parts.count - 2])")
        }
        if !problems.isEmpty {
            log.add(.mapGlyphPBF, file: name(path), at: .file, expected: "the font stack and range its path names, glyph ids within the range",
                    found: problems.joined(separator: "; "))
        }
    }

    /// `"é" U+00E9`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return scalar.properties.generalCategory == .control || scalar == " " ? code : "\(JSONWriter.quoted(String(Character(scalar)))) \(code)"
    }
}
