import Foundation
import TrailpackCore

/// The test suite's MapLibre Native renderer: `scripts/render_style.py` (mapli, headless through
/// Mesa's surfaceless EGL, offline) run with the repo's `.venv` (`make venv`), like
/// `IndependentRouter`. It makes the style's relative URLs absolute against its folder, as a
/// client does, and kills a render that takes longer than its timeout.
public enum MapRenderer {
    /// What the script reported for one render.
    public struct Report: Sendable {
        /// The PNG written.
        public var png: URL
        /// Image size in pixels (logical size times the pixel ratio).
        public var width: Int, height: Int
        /// Wall time of the script (child process start included), of the renderer's start in
        /// the child (mapli import, EGL context), and of the style load and render.
        public var seconds: Double, startSeconds: Double, renderSeconds: Double
        /// The child's peak resident memory, MB.
        public var childMaxRSSMB: Double
        /// Layer ids rendered, and sources dropped because `onlyLayers` left them unused.
        public var layers: [String], prunedSources: [String]
        /// The script's own checks (unknown layer types or sources, missing files, unused
        /// sources) and renderer messages: mapli does not expose MapLibre's log.
        public var warnings: [String]
    }

    /// A render that failed (exit status, the script's errors and warnings, stderr).
    public struct Failure: Error, CustomStringConvertible {
        public var status: Int32
        public var errors: [String]
        public var warnings: [String]
        public var stderr: String
        public var description: String {
            "render_style.py exited \(status): \(errors.joined(separator: "; ")) \(stderr)"
        }
    }

    /// What to render: the camera and the layers to keep.
    public struct Request: Sendable {
        public var center: LonLat
        public var zoom: Double
        /// Logical pixels.
        public var size: (width: Int, height: Int)
        public var pixelRatio = 1.0
        public var bearing = 0.0
        /// Keep only these layers (and the background layers when `keepBackground`).
        public var onlyLayers: [String]? = nil
        public var keepBackground = true
        public var timeoutS = 60.0

        public init(center: LonLat, zoom: Double, size: (width: Int, height: Int)) {
            self.center = center
            self.zoom = zoom
            self.size = size
        }
    }

    /// True when `.venv` holds mapli.
    public static var isAvailable: Bool {
        guard let python = IndependentRouter.python else { return false }
        let check = try? IndependentRouter.run(python, ["-c", "import mapli"])
        return check?.0 == 0
    }

    /// Renders the style file (or region folder) at `style` to a new PNG and returns its URL.
    /// `onlyLayers` keeps only those layers over the style's background.
    public static func render(style: URL, center: LonLat, zoom: Double, size: (Int, Int),
                              onlyLayers: [String]? = nil) throws -> URL {
        var request = Request(center: center, zoom: zoom, size: size)
        request.onlyLayers = onlyLayers
        return try run(style: style, request).png
    }

    /// Renders `request` of the style at `style` into `out` (default: a new scratch file).
    public static func run(style: URL, _ request: Request, out: URL? = nil) throws -> Report {
        let png = out ?? TestData.scratchFolder("render").appendingPathComponent("map.png")
        let script = TestData.repoRoot.appendingPathComponent("scripts/render_style.py").path
        let (status, stdout, stderr) = try runPython([script] + arguments(style, request, png))
        let json = (try? JSONSerialization.jsonObject(with: stdout)) as? [String: Any] ?? [:]
        guard status == 0 else {
            throw Failure(status: status, errors: json["errors"] as? [String] ?? [],
                          warnings: json["warnings"] as? [String] ?? [], stderr: stderr)
        }
        return try report(json, png: png)
    }

    /// Runs the venv's Python with `arguments`: exit status, stdout, stderr.
    public static func runPython(_ arguments: [String]) throws -> (Int32, Data, String) {
        guard let python = IndependentRouter.python else {
            throw Failure(status: -1, errors: ["no .venv: run 'make venv'"], warnings: [], stderr: "")
        }
        return try IndependentRouter.run(python, arguments)
    }

    /// The script's command line for `request`.
    static func arguments(_ style: URL, _ request: Request, _ png: URL) -> [String] {
        var arguments = ["--style", style.path, "--center=\(request.center.lon),\(request.center.lat)",
                         "--zoom", "\(request.zoom)", "--size", "\(request.size.width)x\(request.size.height)",
                         "--out", png.path, "--pixel-ratio", "\(request.pixelRatio)",
                         "--bearing=\(request.bearing)", "--timeout", "\(request.timeoutS)"]
        if let only = request.onlyLayers {
            arguments += ["--only-layers", only.joined(separator: ",")]
            if request.keepBackground { arguments.append("--keep-background") }
        }
        return arguments
    }

    /// The report of a successful run.
    static func report(_ json: [String: Any], png: URL) throws -> Report {
        guard let width = json["width"] as? Int, let height = json["height"] as? Int else {
            throw Failure(status: 0, errors: ["unexpected output: \(json)"], warnings: [], stderr: "")
        }
        return Report(png: png, width: width, height: height, seconds: json["seconds"] as? Double ?? 0,
                      startSeconds: json["startSeconds"] as? Double ?? 0,
                      renderSeconds: json["renderSeconds"] as? Double ?? 0,
                      childMaxRSSMB: json["childMaxRSSMB"] as? Double ?? 0,
                      layers: json["layers"] as? [String] ?? [], prunedSources: json["prunedSources"] as? [String] ?? [],
                      warnings: json["warnings"] as? [String] ?? [])
    }
}
