import Drawing

/// Why a preview could not be made.
public enum PreviewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path holds neither `catalog.json` (a pack root) nor `manifest.json` (a region folder).
    case notAPack(path: String)
    /// A file the manifest lists could not be read.
    case unreadable(path: String, reason: String)
    /// A pack file is not what the SPEC says it is.
    case malformed(path: String, reason: String)
    /// Cairo failed while drawing.
    case drawing(DrawingError)
    /// An output file could not be written.
    case writing(path: String, reason: String)
    /// `--out` lies inside a pack root (the previewed one or another): the out folder and the root.
    case outInsidePack(out: String, root: String)
    /// A symlink where a pack holds none (`regions/`, a region folder): the link and its target.
    case symlink(path: String, target: String)

    public var description: String {
        switch self {
        case .notAPack(let path): "\(path) is not a pack root (catalog.json) or a region folder (manifest.json)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .malformed(let path, let reason): "\(path) is malformed: \(reason)"
        case .drawing(let error): "drawing failed: \(error)"
        case .writing(let path, let reason): "cannot write \(path): \(reason)"
        case .outInsidePack(let out, let root):
            "--out \(out) lies inside the pack root \(root): previews written there would be served with the pack (and a region folder holds only the files its manifest lists); choose a folder outside it"
        case .symlink(let path, let target):
            "\(path) is a symlink (to \(target)): a pack holds no symlinks under regions/, so nothing is read through it"
        }
    }
}
