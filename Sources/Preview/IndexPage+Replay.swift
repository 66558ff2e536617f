import TrailpackCore

extension IndexPage {
    /// A route's replay: the link to its page with the summary, or why there is none.
    static func replayLine(_ replay: RouteReplay) -> String {
        guard let file = replay.file else { return "<p class=\"replay-none\">\(HTMLText.escape(replay.summary))</p>\n" }
        return "<p class=\"replay\"><a href=\"\(HTMLText.escape(file))\">Replay</a>: \(HTMLText.escape(replay.summary))</p>\n"
    }
}
