import Foundation
import PackJSON

/// A usage error: exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var command: String?
    var description: String { message }
}

/// Parsed command-line arguments of one command: positionals, flags and `--key value` options.
struct Arguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var options: [String: String] = [:]
    /// Every value of each valued option, in order (for repeatable options).
    var repeated: [String: [String]] = [:]

    /// Parses `args` given the command's known flags and valued options (both with `--`).
    /// Accepts `--key=value`, `--key value` and `--` to end options.
    init(_ args: [String], command: String, flags known: Set<String>, options valued: Set<String>) throws {
        var k = 0
        var onlyPositionals = false
        while k < args.count {
            let a = args[k]
            k += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            var name = a, value: String?
            if let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                value = String(a[a.index(after: eq)...])
            }
            if known.contains(name) {
                guard value == nil else { throw UsageError(message: "\(name) takes no value", command: command) }
                flags.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard k < args.count else { throw UsageError(message: "\(name) needs a value", command: command) }
                    value = args[k]
                    k += 1
                }
                options[name] = value
                repeated[name, default: []].append(value!)
            } else {
                let hint = EditDistance.suggestion(for: name, among: (known.union(valued)).sorted()).map { "; did you mean \($0)?" } ?? ""
                throw UsageError(message: "unknown option \(name) for '\(command)'\(hint)", command: command)
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Exactly `count` positionals, named for the message.
    func requirePositionals(_ names: [String], command: String) throws -> [String] {
        guard positionals.count == names.count else {
            let what = names.map { $0.uppercased() }.joined(separator: " ")
            throw UsageError(message: "'\(command)' takes \(what) (got \(positionals.count) argument\(positionals.count == 1 ? "" : "s"))", command: command)
        }
        return positionals
    }
}
