import Foundation
import TrailpackCore

extension FileErrorText {
    /// Makes `folder` and any missing parent, one `mkdir` at a time, so a failure names the
    /// very path that failed and why.
    /// - Throws: `BuildError.output` when a file (not a folder) stands at one of the paths, naming
    ///   it and `role` ("the pack root (--out)"); `BuildError.io` with `mkdir`'s errno otherwise
    ///   (a read-only file system or no permission: permanent; a full disk: transient).
    public static func makeFolder(_ folder: URL, role: String) throws {
        var path = ""
        for component in folder.standardizedFileURL.path.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + component
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw BuildError.output(path: path, message: "is a file, not a folder; cannot make \(role) \(folder.path) there")
                }
                continue
            }
            if mkdir(path, 0o777) != 0 {
                let code = errno
                if code != EEXIST { throw BuildError.io(path: path, message: "cannot make \(role)", errno: code) }
            }
        }
    }
}
