import Foundation
import Landmarks
import Pipeline
import TestSupport
import TrailpackCore
import XCTest

/// The recipe's `landmarks` key: defaults, values, and errors naming the key.
final class RecipeLandmarksTests: XCTestCase {
    func recipe(_ landmarks: String) throws -> String {
        let path = TestData.scratchFolder("recipe-landmarks").appendingPathComponent("r.json5").path
        try """
        {
          id: "t", name: "T", attribution: ["SRTM"], bbox: [-71.5, 44.4, -71.3, 44.5],
          dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          \(landmarks)
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testDefaults() throws {
        let r = try RecipeLoader.load(path: try recipe(""))
        XCTAssertEqual(r.landmarks, LandmarkOptions())
        XCTAssertEqual(r.landmarks.maxDistanceM, 25_000)
        XCTAssertEqual(r.landmarks.minProminenceM, 100)
        XCTAssertTrue(r.landmarks.demSummits)
    }

    func testValuesAreRead() throws {
        let r = try RecipeLoader.load(path: try recipe("""
        landmarks: { maxDistanceM: 12000, minProminenceM: 60, demSummits: false,
                     include: ["Bunnell Notch Trailhead", { name: "Tower", kind: "tower", lon: -71.41, lat: 44.45 }],
                     exclude: ["Summit 742 m"] },
        """))
        XCTAssertEqual(r.landmarks.maxDistanceM, 12_000)
        XCTAssertEqual(r.landmarks.minProminenceM, 60)
        XCTAssertFalse(r.landmarks.demSummits)
        XCTAssertEqual(r.landmarks.include, [.poi("Bunnell Notch Trailhead"),
                                             .point(name: "Tower", kind: "tower", location: LonLat(-71.41, 44.45))])
        XCTAssertEqual(r.landmarks.exclude, ["Summit 742 m"])
    }

    func testErrorsNameTheKey() throws {
        for (text, keyPath) in [("landmarks: { maxDistanceM: 40000 },", "landmarks.maxDistanceM"),
                                ("landmarks: { radius: 3 },", "landmarks"),
                                ("landmarks: { include: [{ name: \"X\", lon: 500, lat: 44 }] },", "landmarks.include[0].lon")] {
            do {
                _ = try RecipeLoader.load(path: try recipe(text))
                XCTFail("\(text) loaded")
            } catch let BuildError.recipe(_, line, path, message) {
                XCTAssertEqual(line, 4, text)
                XCTAssertTrue(path.hasPrefix(keyPath), "\(path) for \(text): \(message)")
            }
        }
    }
}
