import RouteCore

/// A digest of the cleaner's whole output, for the tests that pin it bit for bit
/// (`CleanerOutputPinTests`, `CleanerCorpusPinTests`).
public enum CleanerDigest {
    /// FNV-1a over the bit patterns of every coordinate, every dropped count and every edit
    /// (kind, indices, location, size, length removed) of `cleaned`: equal digests, equal output.
    public static func digest(_ cleaned: CleanedLine) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ v: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { h = (h ^ ((v >> UInt64(shift)) & 0xff)) &* 0x100_0000_01b3 }
        }
        for p in cleaned.coords { mix(p.lon.bitPattern); mix(p.lat.bitPattern) }
        for c in [cleaned.droppedInvalid, cleaned.droppedDuplicates, cleaned.droppedSpikes, cleaned.droppedStopPoints,
                  cleaned.droppedLoopPoints, cleaned.droppedEndExcursionPoints] { mix(UInt64(bitPattern: Int64(c))) }
        for e in cleaned.edits {
            for byte in e.kind.rawValue.utf8 { mix(UInt64(byte)) }
            mix(UInt64(bitPattern: Int64(e.firstIndex))); mix(UInt64(bitPattern: Int64(e.lastIndex)))
            mix(e.location.lon.bitPattern); mix(e.location.lat.bitPattern); mix(e.sizeM.bitPattern); mix(e.lengthRemovedM.bitPattern)
        }
        return "\(cleaned.coords.count)/\(cleaned.edits.count)/" + String(h, radix: 16)
    }
}
