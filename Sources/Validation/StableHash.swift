extension String {
    /// FNV-1a of the UTF-8 bytes: stable across runs (unlike `hashValue`).
    var hashValueStable: UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }
}
