import PackSpec
import TrailpackCore

/// The TER1 rules on the bytes of one file (`terrain.bin` or an AR patch): header, magic,
/// dimensions, exact size, bounds and no -32768. The size is checked against the file length
/// with overflow-safe arithmetic before anything is allocated, so a forged header can neither
/// trap nor allocate.
enum TER1Check {
    /// The decoded grid, or nil after reporting why it is unusable.
    static func check(_ bytes: [UInt8], file: String, log: ProblemLog) -> TerrainGrid? {
        guard bytes.count >= TER1.headerBytes else {
            log.add(.ter1Header, file: file, at: .byte(0), expected: "at least 44 bytes (TER1 header)", found: "\(bytes.count) bytes")
            return nil
        }
        guard Array(bytes[0..<4]) == TER1.magic else {
            let hex = bytes[0..<4].map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
            log.add(.ter1Magic, file: file, at: .byte(0), expected: "54 45 52 31 (\"TER1\")", found: hex)
            return nil
        }
        let w = UInt64(readUInt32(bytes, at: 4)), h = UInt64(readUInt32(bytes, at: 8))
        guard w >= 2, h >= 2 else {
            log.add(.ter1Dimensions, file: file, at: .byte(w < 2 ? 4 : 8), expected: "w >= 2 and h >= 2", found: "\(w)x\(h)")
            return nil
        }
        // w, h < 2^32: w*h < 2^64 never overflows UInt64; 2*w*h + 44 might.
        let (samples, _) = w.multipliedReportingOverflow(by: h)
        let (twice, o1) = samples.multipliedReportingOverflow(by: 2)
        let (expected, o2) = twice.addingReportingOverflow(UInt64(TER1.headerBytes))
        guard !o1, !o2, expected == UInt64(bytes.count) else {
            let expectedText = o1 || o2 ? "more than 2^64" : "\(expected)"
            log.add(.ter1Size, file: file, at: .byte(o1 || o2 ? bytes.count : min(bytes.count, Int(clamping: expected))),
                    expected: "44 + 2*w*h = \(expectedText) bytes for a \(w)x\(h) grid", found: "\(bytes.count) bytes")
            return nil
        }
        let grid: TerrainGrid
        do {
            grid = try TER1.decode(bytes)
        } catch {
            let rule: ValidationRule
            switch error {
            case .tooShort: rule = .ter1Header
            case .wrongMagic: rule = .ter1Magic
            case .sizeTooSmall: rule = .ter1Dimensions
            case .sizeMismatch: rule = .ter1Size
            case .badBounds: rule = .ter1Bounds
            }
            log.add(rule, file: file, at: .byte(error.offset), expected: rule.summary, found: error.description)
            return nil
        }
        var voids = 0, first = -1
        grid.elevationsM.withUnsafeBufferPointer { samples in
            for k in samples.indices where samples[k] == PackLimits.voidSentinelM {
                if first < 0 { first = k }
                voids += 1
            }
        }
        if voids > 0 {
            let column = first % grid.width, row = first / grid.width
            log.add(.ter1Void, file: file, at: .byte(TER1.headerBytes + 2 * first), expected: "no \(PackLimits.voidSentinelM) samples",
                    found: "\(voids) sample(s) of \(PackLimits.voidSentinelM), the first at column \(column), row \(row)")
        }
        return grid
    }

    private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
