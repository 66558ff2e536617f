import Testing
import PackSpec
@testable import Pipeline

/// The build refuses a route longer than a route file may hold, so no pack it writes fails
/// `validate`'s `route.size` (a 2-million-fix tangle resampled to 539,728 vertices did).
@Suite struct RouteVertexCapTests {
    static func fail(_ message: String) -> BuildError { .route(id: "r", location: "recipe.json5:3", message: message) }

    @Test func aRouteFileHoldsUpToTheCap() throws {
        try RouteStage.checkVertexCount(PackLimits.maxRouteVertices, fail: Self.fail)
    }

    @Test func oneMoreIsRefusedNamingTheRouteTheCountAndTheCap() {
        #expect {
            try RouteStage.checkVertexCount(PackLimits.maxRouteVertices + 1, fail: Self.fail)
        } throws: { error in
            let text = "\(error)"
            return text.contains("r") && text.contains("\(PackLimits.maxRouteVertices + 1) vertices")
                && text.contains("\(PackLimits.maxRouteVertices)") && text.contains("route.size")
        }
    }
}
