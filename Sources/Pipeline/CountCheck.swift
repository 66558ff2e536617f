import PackSpec

/// The build's side of the documents' count caps (`PackLimits.countCaps(ofPackFile:)`, which
/// `validate`'s `file.count` and every pack reader hold a pack to): a document over one is
/// never written, and the check comes from the count, before any item is encoded.
enum CountCheck {
    /// Refuses `count` items under `key` of the document at `relative` (its Tree name) when over
    /// the cap; the error names `path` (the file's full path) when given, else `relative`.
    /// - Throws: `BuildError.output` naming the file, the count, the cap and what to do.
    static func check(_ relative: String, key: String, count: Int, remedy: String, path: String? = nil) throws {
        guard let cap = PackLimits.countCaps(ofPackFile: relative).first(where: { $0.key == key }), count > cap.max else { return }
        throw BuildError.output(path: path ?? relative, message: "would hold \(count) \(cap.items), over the \(cap.max) a pack's "
                                + "\(relative) may hold (validate's file.count): \(remedy)")
    }
}
