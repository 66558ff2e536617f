/// The one locale-free form of heights and lengths in whole metres, deterministic on every
/// machine: "1,460 m", the form the map's style writes on its contours. Instructions
/// ("Reach the summit, 1,460 m"), every place labelled with its height (`labelled`: summit and
/// pass waypoints, DEM summits' names, the overview's POI labels: "Summit 1,181 m") and every preview
/// picture and page (overview, profiles, AR close-ups, panoramas, cue sheets, `index.html`)
/// write their metres through it.
public enum MetresFormat {
    /// Digits between two thousands separators.
    static let groupDigits = 3

    /// Whole metres with a comma thousands separator and the unit: 1234.4 -> "1,234 m",
    /// 987.5 -> "988 m", -12 -> "-12 m". Rounds half away from zero.
    public static func wholeMetres(_ metres: Double) -> String {
        wholeNumber(metres) + " m"
    }

    /// A place's name with its height, the one label form of names, maps and pictures: no comma
    /// between them ("Summit", 1181.4 -> "Summit 1,181 m"; "Mount Madison", 1636 -> "Mount Madison 1,636 m").
    public static func labelled(_ name: String, eleM: Double) -> String {
        name + " " + wholeMetres(eleM)
    }

    /// Whole metres without the unit (a table column or an axis titled "(m)"): 1234.4 -> "1,234".
    /// Rounds half away from zero.
    public static func wholeNumber(_ metres: Double) -> String {
        grouped(Int(metres.rounded(.toNearestOrAwayFromZero)))
    }

    /// An integer with comma thousands separators: 1234567 -> "1,234,567".
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (k, ch) in digits.enumerated() {
            if k > 0, (digits.count - k) % groupDigits == 0 { out.append(",") }
            out.append(ch)
        }
        return value < 0 ? "-" + out : out
    }
}
