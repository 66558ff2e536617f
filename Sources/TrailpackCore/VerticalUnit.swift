import Foundation
import PackSpec

/// The unit of a DEM band's values, as GDAL reports it (`GDALGetRasterUnitType`) or a recipe
/// names it; converted to metres when the DEM is read.
public enum VerticalUnit: String, Sendable, CaseIterable {
    case metre = "m"
    /// The international foot, exactly 0.3048 m.
    case foot = "ft"
    /// The US survey foot, exactly 1200/3937 m.
    case usSurveyFoot = "ftUS"

    /// Metres per unit.
    public var metres: Double {
        switch self {
        case .metre: 1
        case .foot: 0.3048
        case .usSurveyFoot: 1200.0 / 3937.0
        }
    }

    /// The unit a band's unit string names ("" means metres, GDAL's default), or nil when the
    /// string is not one of metre, foot or US survey foot in any of their usual spellings.
    public init?(gdalUnitType raw: String) {
        let s = raw.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        switch s {
        case "", "m", "metre", "metres", "meter", "meters", "metre (m)":
            self = .metre
        case "ft", "foot", "feet", "international foot", "intl foot", "ft intl", "foot intl", "international feet":
            self = .foot
        case "ftus", "us ft", "us survey foot", "us survey feet", "survey foot", "us foot", "us feet", "foot us",
             "us survey ft", "ft us":
            self = .usSurveyFoot
        default:
            return nil
        }
    }

    /// The plausible range of terrain elevations on Earth, metres (Dead Sea shore to above
    /// Everest): values outside it after conversion mean the unit or nodata is wrong.
    public static let plausibleRangeM: ClosedRange<Double> = PackLimits.elevationRangeM
}
