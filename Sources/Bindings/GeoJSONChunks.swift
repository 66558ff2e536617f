import Foundation

extension GeoJSONWriter {
    /// `withEncoded` on every core: the features are cut into consecutive chunks, each chunk is
    /// written by OGR into its own in-memory file, and the chunks' feature texts are joined
    /// between one header and one footer. OGR writes each feature on its own (no state carried
    /// from one feature to the next), so the parts are exactly the bytes of one pass; that is
    /// checked on the first two features before trusting it (else one pass is used). `body`
    /// gets the parts in order; their concatenation is the file.
    /// `feature` is called from several threads at once. `chunkSize` defaults to enough chunks
    /// for four per core (at most 2000 features each), so a few thousand large features, as the
    /// contours of a small region, still use every core.
    /// - Throws: `GDALError` naming `layerName` and OGR's reason, or what `body` throws.
    public static func withEncodedInParallel<R>(layerName: String, fields: [GeoJSONField], count: Int,
                                                chunkSize: Int? = nil, feature: @escaping (Int) -> GeoJSONFeature,
                                                _ body: ([UnsafeRawBufferPointer]) throws -> R) throws -> R {
        let encode = { (range: Range<Int>) throws -> [UInt8] in
            try withEncoded(layerName: layerName, fields: fields, count: range.count, feature: { feature(range.lowerBound + $0) }) { Array($0) }
        }
        let chunkSize = chunkSize ?? defaultChunkSize(count: count)
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let empty = try encode(0..<0)
        let footer = Array("\n]\n}\n".utf8), separator = Array(",\n".utf8)
        guard chunkCount > 1, empty.count > footer.count, empty.suffix(footer.count).elementsEqual(footer),
              try spliceMatchesOnePass(encode: encode, header: Array(empty.dropLast(footer.count)), footer: footer, separator: separator)
        else {
            return try withEncoded(layerName: layerName, fields: fields, count: count, feature: feature) { try body([$0]) }
        }
        let header = Array(empty.dropLast(footer.count))
        let parts = ChunkSlots(count: chunkCount, encode: encode)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { k in
            parts.run(k, k * chunkSize..<min(count, (k + 1) * chunkSize))
        }
        // Each chunk without its header and footer, joined by OGR's separator.
        var pieces: [ArraySlice<UInt8>] = [header[...]]
        for k in 0..<chunkCount {
            let text = try parts.get(k)
            guard text.count >= header.count + footer.count, text.starts(with: header), text.suffix(footer.count).elementsEqual(footer) else {
                throw GDALError(subject: layerName, operation: "encoding GeoJSON", reason: "chunk \(k) lacks OGR's header or footer")
            }
            if k > 0 { pieces.append(separator[...]) }
            pieces.append(text[header.count..<(text.count - footer.count)])
        }
        pieces.append(footer[...])
        return try withBuffers(pieces, body)
    }

    /// Features per chunk: four chunks per core, at least 1 and at most 2000 features each.
    static func defaultChunkSize(count: Int) -> Int {
        let chunks = 4 * ProcessInfo.processInfo.activeProcessorCount
        return min(2000, max(1, (count + chunks - 1) / chunks))
    }

    /// Whether features 0 and 1 encoded in one pass equal their single encodings joined.
    private static func spliceMatchesOnePass(encode: (Range<Int>) throws -> [UInt8], header: [UInt8], footer: [UInt8],
                                             separator: [UInt8]) throws -> Bool {
        let both = try encode(0..<2), first = try encode(0..<1), second = try encode(1..<2)
        func inner(_ t: [UInt8]) -> ArraySlice<UInt8>? {
            guard t.count >= header.count + footer.count, t.starts(with: header), t.suffix(footer.count).elementsEqual(footer) else { return nil }
            return t[header.count..<(t.count - footer.count)]
        }
        guard let a = inner(first), let b = inner(second) else { return false }
        return both == header + a + separator + b + footer
    }

    private static func withBuffers<R>(_ pieces: [ArraySlice<UInt8>], _ body: ([UnsafeRawBufferPointer]) throws -> R) throws -> R {
        func nest(_ k: Int, _ done: [UnsafeRawBufferPointer]) throws -> R {
            guard k < pieces.count else { return try body(done) }
            return try pieces[k].withUnsafeBytes { try nest(k + 1, done + [$0]) }
        }
        return try nest(0, [])
    }
}

/// Per-chunk results of `withEncodedInParallel`, each slot written by one worker.
private final class ChunkSlots: @unchecked Sendable {
    private var slots: [Result<[UInt8], any Error>?]
    private let lock = NSLock()
    private let encode: (Range<Int>) throws -> [UInt8]

    init(count: Int, encode: @escaping (Range<Int>) throws -> [UInt8]) {
        slots = Array(repeating: nil, count: count)
        self.encode = encode
    }

    func run(_ k: Int, _ range: Range<Int>) {
        let r = Result { try encode(range) }
        lock.lock()
        slots[k] = r
        lock.unlock()
    }

    func get(_ k: Int) throws -> [UInt8] { try slots[k]!.get() }
}
