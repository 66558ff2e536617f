/// The folders a build leaves beside a region while it writes: the staging folder
/// `regions/.<id>.tmp-<tag>` and the previous region moved aside during the commit,
/// `regions/.<id>.old-<tag>`. The tag is `<host>-<pid>` (host reduced to ASCII letters, digits
/// and `-`); builds before the host was added wrote `<pid>` alone. The builder names them, its
/// cleanup and `validate` recognise them, all through this type.
public struct StagingFolder: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A region being written.
        case staging = "tmp"
        /// The previous region, moved aside until the catalog is written.
        case previous = "old"
    }

    public var regionId: String
    public var kind: Kind
    /// The writing machine's host name as the tag holds it; nil for the older `<pid>` form.
    public var host: String?
    public var pid: Int32

    public init(regionId: String, kind: Kind, host: String?, pid: Int32) {
        self.regionId = regionId
        self.kind = kind
        self.host = host
        self.pid = pid
    }

    /// The folder name, e.g. `.alps.tmp-node7-4242`.
    public var name: String {
        ".\(regionId).\(kind.rawValue)-" + (host.map { "\($0)-" } ?? "") + "\(pid)"
    }

    /// A host name as tags hold it: ASCII letters and digits kept, anything else `-`, at most
    /// 64 characters, `host` when nothing is left.
    public static func tagHost(_ hostName: String) -> String {
        let safe = String(hostName.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
                ? Character(scalar) : "-"
        })
        return safe.isEmpty ? "host" : String(safe.prefix(64))
    }

    /// Reads a folder name; nil when it is no staging or moved-aside folder of a valid region id
    /// (ids hold no `.`, so the first `.` after the leading one ends the id).
    public init?(parsing name: String) {
        guard name.hasPrefix(".") else { return nil }
        let body = name.dropFirst()
        guard let dot = body.firstIndex(of: ".") else { return nil }
        let id = String(body[..<dot]), rest = body[body.index(after: dot)...]
        guard PackTree.isValidId(id),
              let kind = Kind.allCases.first(where: { rest.hasPrefix($0.rawValue + "-") }),
              let (host, pid) = Self.parseTag(rest.dropFirst(kind.rawValue.count + 1)) else { return nil }
        self.init(regionId: id, kind: kind, host: host, pid: pid)
    }

    /// `<host>-<pid>` or `<pid>`: the pid is the digits after the last `-`.
    private static func parseTag(_ tag: Substring) -> (String?, Int32)? {
        let digits = tag.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let pid = Int32(String(digits.reversed())), pid > 0 else { return nil }
        let rest = tag.dropLast(digits.count)
        if rest.isEmpty { return (nil, pid) }
        guard rest.hasSuffix("-"), rest.count > 1 else { return nil }
        let host = String(rest.dropLast())
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
        return (host, pid)
    }
}

/// The lock a build holds on a region while it builds it, from the parsed recipe to the
/// region's rename and catalog update: `regions/.<id>.lock` (an exclusive `flock`), whose text
/// names the holder, `<host> <pid>` (host as `StagingFolder.tagHost` makes it). The holder
/// removes it before releasing; a file left by a killed build holds no lock: the next build of
/// the region takes it over, `validate` reports it when no build holds it.
public struct RegionLockFile: Sendable, Equatable {
    public var regionId: String

    public init(regionId: String) {
        self.regionId = regionId
    }

    /// The file name, e.g. `.alps.lock`.
    public var name: String { ".\(regionId).lock" }

    /// Reads a file name; nil when it is no region lock file of a valid region id.
    public init?(parsing name: String) {
        guard name.hasPrefix("."), name.hasSuffix(".lock"), name.count > ".lock".count + 1 else { return nil }
        let id = String(name.dropFirst().dropLast(".lock".count))
        guard PackTree.isValidId(id) else { return nil }
        self.init(regionId: id)
    }

    /// The holder line a lock file holds: `<host> <pid>` and a newline.
    public static func holderText(host: String, pid: Int32) -> String {
        "\(host) \(pid)\n"
    }

    /// The host and pid of a lock file's text, nil when it holds no such line (a holder that has
    /// not written it yet).
    public static func holder(parsing text: String) -> (host: String, pid: Int32)? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let pid = Int32(fields[1]), pid > 0 else { return nil }
        return (String(fields[0]), pid)
    }
}
