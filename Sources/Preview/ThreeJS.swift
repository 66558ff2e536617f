import Foundation

/// three.js for the 3D page: the non-module build `three.min.js` of Debian's `libjs-three`,
/// copied beside the page so it opens from disk (no ES-module loading, which `file://` blocks).
public enum ThreeJS {
    /// Where Debian's `libjs-three` installs it.
    public static let debianPath = "/usr/share/javascript/three/three.min.js"
    /// The environment variable naming another copy (tests, other systems).
    public static let environmentKey = "TRAILPACK_THREE_JS"
    /// The file name beside the page.
    public static let fileName = "three.min.js"

    /// The bytes of three.js: `TRAILPACK_THREE_JS`'s file, else Debian's; nil (with why) when
    /// neither is readable.
    public static func load(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> (bytes: [UInt8]?, why: String?) {
        let path = environment[environmentKey].flatMap { $0.isEmpty ? nil : $0 } ?? debianPath
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, "3D page not made: three.js is not at \(path) (install Debian's libjs-three: apt-get install libjs-three).")
        }
        return ([UInt8](data), nil)
    }
}
