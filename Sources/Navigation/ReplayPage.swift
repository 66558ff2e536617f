import Foundation
import PackReader
import PackSpec
import TrailpackCore

/// `replay --html`: one deterministic page of inline SVG: the walk on the route with its events,
/// the banner sequence, and the ETA against the real arrival along the walk.
public struct ReplayPage {
    let region: NavigationRegion
    let replay: Replay
    let track: String
    static let widthPx = 720.0, heightPx = 480.0, marginPx = 20.0

    public init(region: NavigationRegion, replay: Replay, track: String) {
        self.region = region
        self.replay = replay
        self.track = track
    }

    public func html() -> String {
        let title = HTMLText.escape("Replay of \(URL(fileURLWithPath: track).lastPathComponent) on \(region.route.id)")
        return """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(title)</title>
        <style>body{font-family:sans-serif;margin:20px}svg{border:1px solid #ccc}td{padding:2px 8px}td:nth-child(-n+2){white-space:nowrap}</style></head>
        <body><h1>\(title)</h1>
        <h2>The walk</h2>
        <p>Trails tan, route grey, walk blue (red while off route); events: cue ● green, off route ▲ red, back on ■ blue, way back ◆ orange, arrival ★ black.</p>
        \(mapSVG())
        <h2>Banners</h2>
        \(bannerTable())
        <h2>ETA against the real arrival</h2>
        <p>Predicted minus real minutes left at each fix (real: the walking time to the arrival fix, else the last, with the breaks still to come left out, as docs/NAVIGATION.md measures it): DIN alone grey, corrected by pace blue.</p>
        \(etaSVG())
        </body></html>

        """
    }

    /// Lon/lat to page pixels: equirectangular at the middle latitude, fitted to the box.
    func projector() -> (LonLat) -> (x: Double, y: Double) {
        let all = region.route.coords + replay.fixes.map(\.location)
        let west = all.map(\.lon).min() ?? 0, east = all.map(\.lon).max() ?? 1
        let south = all.map(\.lat).min() ?? 0, north = all.map(\.lat).max() ?? 1
        let k = cos((south + north) / 2 * .pi / 180)
        let spanX = max((east - west) * k, 1e-9), spanY = max(north - south, 1e-9)
        let m = Self.marginPx
        let scale = min((Self.widthPx - 2 * m) / spanX, (Self.heightPx - 2 * m) / spanY)
        return { p in (m + (p.lon - west) * k * scale, Self.heightPx - m - (p.lat - south) * scale) }
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    func mapSVG() -> String {
        let xy = projector()
        let routePoints = region.route.coords.map { let q = xy($0); return "\(Self.f(q.x)),\(Self.f(q.y))" }.joined(separator: " ")
        var walk = ""
        for k in 1..<max(1, replay.fixes.count) {
            let a = xy(replay.fixes[k - 1].location), b = xy(replay.fixes[k].location)
            let colour = replay.frames[k].offRoute ? "#d62728" : "#1f77b4"
            walk += "<line x1=\"\(Self.f(a.x))\" y1=\"\(Self.f(a.y))\" x2=\"\(Self.f(b.x))\" y2=\"\(Self.f(b.y))\" stroke=\"\(colour)\" stroke-width=\"1.5\"/>"
        }
        let marks = replay.events.compactMap { e -> String? in
            guard let symbol = Self.symbol(e.event) else { return nil }
            let q = xy(replay.fixes[e.fix].location)
            let label = HTMLText.escape("fix \(e.fix + 1): \(e.event.kind)")
            return "<text x=\"\(Self.f(q.x))\" y=\"\(Self.f(q.y))\" fill=\"\(symbol.colour)\" font-size=\"12\" text-anchor=\"middle\" dominant-baseline=\"middle\"><title>\(label)</title>\(symbol.glyph)</text>"
        }.joined()
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.widthPx))\" height=\"\(Int(Self.heightPx))\">\(trailsSVG(xy))"
            + "<polyline points=\"\(routePoints)\" fill=\"none\" stroke=\"#999\" stroke-width=\"5\"/>\(walk)\(marks)</svg>"
    }

    /// The region's trails (`trails.geojson`) that reach into the drawing, thin; none when the
    /// file cannot be read (the page is a look at the walk, not a check of the pack).
    func trailsSVG(_ xy: (LonLat) -> (x: Double, y: Double)) -> String {
        let disk = RegionFolder(url: URL(fileURLWithPath: region.folder))
        guard let doc = try? disk.document(PackTree.trails) else { return "" }
        let lines = FeatureCollectionView(doc.root).features.flatMap { $0.lineParts ?? [] }.map { $0.map(xy) }
        let inside = { (q: (x: Double, y: Double)) in q.x >= 0 && q.x <= Self.widthPx && q.y >= 0 && q.y <= Self.heightPx }
        return lines.filter { $0.contains(where: inside) }.map { line in
            "<polyline points=\"\(line.map { "\(Self.f($0.x)),\(Self.f($0.y))" }.joined(separator: " "))\" fill=\"none\" stroke=\"#c8b68e\" stroke-width=\"1\"/>"
        }.joined()
    }

    static func symbol(_ e: NavEvent) -> (glyph: String, colour: String)? {
        switch e {
        case .cueAnnounced: ("●", "#2ca02c")
        case .offRoute: ("▲", "#d62728")
        case .backOnRoute: ("■", "#1f77b4")
        case .rejoinDue: ("◆", "#ff7f0e")
        case .arrived: ("★", "#000")
        case .cueMissed, .landmarkInView: nil
        }
    }

    /// The banner sequence: one row per instruction (a banner with its distance left out), with
    /// the fixes and minutes it showed and its first and last wording.
    func bannerTable() -> String {
        var rows: [(first: Int, last: Int, subject: String, from: String, to: String)] = []
        for (k, f) in replay.frames.enumerated() {
            let subject = f.banner.replacingOccurrences(of: "[0-9][0-9,.]* k?m", with: "D", options: .regularExpression)
            if let r = rows.last, r.subject == subject { rows[rows.count - 1].last = k; rows[rows.count - 1].to = f.banner; continue }
            rows.append((k, k, subject, f.banner, f.banner))
        }
        let t0 = replay.fixes.first?.timeS ?? 0
        let cells = rows.map { r in
            let minutes = "\(Self.f((replay.fixes[r.first].timeS - t0) / 60))–\(Self.f((replay.fixes[r.last].timeS - t0) / 60)) min"
            let text = r.from == r.to ? HTMLText.escape(r.from) : "\(HTMLText.escape(r.from)) … \(HTMLText.escape(r.to))"
            return "<tr><td>\(r.first + 1)–\(r.last + 1)</td><td>\(minutes)</td><td>\(text)</td></tr>"
        }
        return "<table><tr><th>fixes</th><th>time</th><th>banner</th></tr>\(cells.joined())</table>"
    }

    func etaSVG() -> String {
        guard let first = replay.fixes.first, let endFix = ETAAccuracy.endFix(replay) else { return "" }
        let end = replay.frames[endFix]
        let spanS = max(end.timeS - first.timeS, 1)
        // Against the walking seconds left (breaks still to come left out), as `ETAAccuracy`.
        let walkingS = WalkingClock.hindsight(replay.fixes, tuning: replay.tuning)
        let errors = replay.frames[...endFix].indices.map { k in
            let f = replay.frames[k], leftS = walkingS[endFix] - walkingS[k]
            return (t: f.timeS - first.timeS, din: f.etaDinS - leftS, fixed: f.etaCorrectedS - leftS)
        }
        let limitS = max(600, errors.map { max(abs($0.din), abs($0.fixed)) }.max() ?? 600)
        let w = Self.widthPx, h = 240.0, m = Self.marginPx
        func point(_ t: Double, _ e: Double) -> String { "\(Self.f(m + t / spanS * (w - 2 * m))),\(Self.f(h / 2 - e / limitS * (h / 2 - m)))" }
        let din = errors.map { point($0.t, $0.din) }.joined(separator: " ")
        let fixed = errors.map { point($0.t, $0.fixed) }.joined(separator: " ")
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(h))\">"
            + "<line x1=\"\(Self.f(m))\" y1=\"\(Self.f(h / 2))\" x2=\"\(Self.f(w - m))\" y2=\"\(Self.f(h / 2))\" stroke=\"#000\"/>"
            + "<text x=\"\(Self.f(m))\" y=\"14\" font-size=\"11\">+\(Int(limitS / 60)) min</text><text x=\"\(Self.f(m))\" y=\"\(Self.f(h - 4))\" font-size=\"11\">-\(Int(limitS / 60)) min</text>"
            + "<polyline points=\"\(din)\" fill=\"none\" stroke=\"#888\"/><polyline points=\"\(fixed)\" fill=\"none\" stroke=\"#1f77b4\"/></svg>"
    }
}
