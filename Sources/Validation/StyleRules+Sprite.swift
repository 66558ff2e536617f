import Bindings
import PackJSON

/// The sprite: `<sprite>.json`/`.png` at pixel ratio 1 and `<sprite>@2x.json`/`.png` at 2, each
/// index's icons inside its sheet, the same icons in both; and every icon a symbol layer can
/// ask for in both.
extension StyleRules {
    /// The icon names of the 1x and 2x sheets, as read.
    struct Sprite {
        var files: [String]
        var names: [Set<String>]
        var roots: [JSONNode]
    }

    /// `map.sprite` (and `style.url`, `map.asset-listed` for the sprite URL); nil when the style
    /// has no sprite or one of its files cannot be read.
    func checkSprite(_ doc: JSONNode, fields: JSONFields) -> Sprite? {
        guard let node = doc["sprite"] else { return nil }
        guard let url = fields.string(node), let base = checkURL(url, node: node, allowTiles: false) else { return nil }
        var sprite = Sprite(files: [], names: [], roots: [])
        var complete = true
        for (suffix, ratio) in [("", 1), ("@2x", 2)] {
            let jsonPath = base + suffix + ".json", pngPath = base + suffix + ".png"
            let json = context.read(jsonPath), png = context.read(pngPath)
            let absent = [(jsonPath, json), (pngPath, png)].filter { $0.1 == nil }.map { name($0.0) }
            guard absent.isEmpty, let json, let png else {
                log.add(.mapSprite, file: file, node: node, expected: "\(name(base + suffix)).json and .png (SPEC: the sprite at 1x and 2x)",
                        found: "no \(absent.joined(separator: ", "))")
                complete = false
                continue
            }
            checkListed(jsonPath, node: node)
            checkListed(pngPath, node: node)
            guard let size = pngSize(png, file: name(pngPath)),
                  let (root, names) = checkIndex(json, file: name(jsonPath), sheet: size, pixelRatio: ratio, png: name(pngPath)) else {
                complete = false
                continue
            }
            sprite.files.append(name(jsonPath))
            sprite.names.append(names)
            sprite.roots.append(root)
        }
        guard complete else { return nil }
        if sprite.names[0] != sprite.names[1] {
            let only1 = sprite.names[0].subtracting(sprite.names[1]).sorted(), only2 = sprite.names[1].subtracting(sprite.names[0]).sorted()
            log.add(.mapSprite, file: sprite.files[1], node: sprite.roots[1], expected: "the icons of \(sprite.files[0]), no more, no fewer",
                    found: [only1.isEmpty ? nil : "missing " + only1.joined(separator: ", "), only2.isEmpty ? nil : "extra " + only2.joined(separator: ", ")]
                        .compactMap { $0 }.joined(separator: "; "))
        }
        return sprite
    }

    /// The sheet's size from its IHDR, once libpng decodes it; nil after reporting `map.sprite`.
    private func pngSize(_ bytes: [UInt8], file: String) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == PNGCheck.signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            log.add(.mapSprite, file: file, at: .byte(0), expected: "a PNG signature and IHDR chunk", found: "\(bytes.count) bytes of something else")
            return nil
        }
        do {
            let image = try PNGImage.decode(bytes, label: file)
            return (image.width, image.height)
        } catch {
            log.add(.mapSprite, file: file, at: .file, expected: "a PNG that decodes", found: error.reason)
            return nil
        }
    }

    /// A sprite index: an object of icons `{x, y, width, height, pixelRatio}` (whole pixels,
    /// inside the sheet, pixelRatio the sheet's). Returns the icon names, nil when unreadable.
    private func checkIndex(_ bytes: [UInt8], file: String, sheet: (width: Int, height: Int), pixelRatio: Int, png: String) -> (JSONNode, Set<String>)? {
        let fields = JSONFields(file: file, log: log)
        guard let root = context.parse(bytes, file), fields.typed(root, .object) != nil else { return nil }
        var names: Set<String> = []
        for icon in root.children {
            guard let key = icon.key else { continue }
            names.insert(key)
            guard fields.typed(icon, .object) != nil else { continue }
            let x = fields.integer(icon, "x"), y = fields.integer(icon, "y")
            let width = fields.integer(icon, "width", in: 1...Int(Int32.max)), height = fields.integer(icon, "height", in: 1...Int(Int32.max))
            let ratio = icon["pixelRatio"].map { JSONFields.numberValue($0) } ?? 1
            if ratio != Double(pixelRatio) {
                log.add(.mapSprite, file: file, node: icon["pixelRatio"] ?? icon, expected: "pixelRatio \(pixelRatio) (SPEC: sprite\(pixelRatio == 2 ? "@2x" : "") at \(pixelRatio)x)",
                        found: icon["pixelRatio"].map(JSONFields.describe) ?? "none (1)")
            }
            if let x, let y, let width, let height, x + width > sheet.width || y + height > sheet.height {
                log.add(.mapSprite, file: file, node: icon, expected: "an icon inside its \(sheet.width)x\(sheet.height) sheet \(png)",
                        found: "x \(x), y \(y), \(width)x\(height): reaches \(x + width), \(y + height)")
            }
        }
        return (root, names)
    }

    /// `style.icon-image`: every icon a symbol layer can ask for (a string, the outputs of
    /// `match`, `case`, `step`, `coalesce`, property values) is in both sprite sheets.
    func checkIcons(_ layers: [Layer], sources: [String: Source], sprite: Sprite?, hasSprite: Bool) {
        for layer in layers where layer.type == "symbol" {
            guard let node = layer.node["layout"]?["icon-image"] else { continue }
            guard hasSprite else {
                log.add(.styleIconImage, file: file, node: node, expected: "a sprite holding the icon (style.json has no sprite)", found: JSONFields.describe(node))
                continue
            }
            guard let sprite else { continue }
            var names: [String: String] = [:]
            // No readable data: the source or its file is already reported.
            guard let data = labelData(layer, sources: sources) else { continue }
            if let failure = collectNames(node, data: data, topLevel: true, into: &names) {
                log.add(.styleIconImage, file: file, node: node, expected: "an icon-image whose names the validator can bound", found: failure)
                continue
            }
            let missing = names.keys.filter { !$0.isEmpty && !(sprite.names[0].contains($0) && sprite.names[1].contains($0)) }.sorted()
            guard !missing.isEmpty else { continue }
            log.add(.styleIconImage, file: file, node: node, expected: "icons of both \(sprite.files.joined(separator: " and "))",
                    found: missing.prefix(8).map { "\(JSONWriter.quoted($0)) (\(names[$0]!))" }.joined(separator: ", ") + " missing")
        }
    }

    /// The whole strings `expression` can produce, each with where it came from; why they cannot
    /// be bounded, or nil.
    private func collectNames(_ expression: JSONNode, data: LabelData?, topLevel: Bool, into names: inout [String: String]) -> String? {
        let here = "\(file) \(expression.path.description)"
        switch expression.type {
        case .string:
            let text = JSONFields.stringValue(expression) ?? ""
            let tokens = topLevel ? text.matches(of: #/\{([^{}]+)\}/#).map { String($0.output.1) } : []
            guard !tokens.isEmpty else {
                if names[text] == nil { names[text] = here }
                return nil
            }
            guard let data else { return "\"{...}\" tokens with no data the validator can read" }
            for feature in data.features {
                var value = text
                for token in tokens {
                    let property = LabelData(file: data.file, features: [feature]).values(token).first?.text ?? ""
                    value = value.replacingOccurrences(of: "{\(token)}", with: property)
                }
                if names[value] == nil { names[value] = "\(data.file) \(feature.path.description)" }
            }
            return nil
        case .null:
            return nil
        case .array:
            break
        default:
            return "\(JSONFields.describe(expression)) at \(expression.path.description)"
        }
        let children = expression.children
        guard let op = children.first.flatMap({ JSONFields.stringValue($0) }) else { return "an array that is no expression at \(expression.path.description)" }
        let args = Array(children.dropFirst())
        func outputs(_ indices: [Int]) -> String? {
            for k in indices where args.indices.contains(k) {
                if let failure = collectNames(args[k], data: data, topLevel: false, into: &names) { return failure }
            }
            return nil
        }
        switch op {
        case "literal", "image": return args.count == 1 ? outputs([0]) : "\(op) with \(args.count) arguments"
        case "get":
            guard args.count == 1, let key = JSONFields.stringValue(args[0]) else { return "a computed property name at \(expression.path.description)" }
            guard let data else { return "[\"get\", \(JSONWriter.quoted(key))] with no data the validator can read" }
            for (text, origin) in data.values(key) where names[text] == nil { names[text] = origin }
            return nil
        case "coalesce": return outputs(Array(args.indices))
        case "case": return outputs(Array(stride(from: 1, to: args.count - 1, by: 2)) + [args.count - 1])
        case "match": return outputs(Array(stride(from: 2, to: args.count - 1, by: 2)) + [args.count - 1])
        case "step": return outputs(Array(stride(from: 1, to: args.count, by: 2)))
        default: return "operator \(JSONWriter.quoted(op)) at \(expression.path.description)"
        }
    }
}
