import Bindings
import Foundation
import Testing
import TrailpackCore

/// GDAL failures worth a retry: a remote read that failed on the way, not on what was asked.
@Suite struct GDALFailureTests {
    @Test func httpFailuresByStatus() {
        #expect(GDALFailure.httpKind("HTTP response code: 503") == .transient)
        #expect(GDALFailure.httpKind("HTTP response code: 429") == .transient)
        #expect(GDALFailure.httpKind("HTTP error code: 408") == .transient)
        #expect(GDALFailure.httpKind("CURL error: Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server") == .transient)
        #expect(GDALFailure.httpKind("CURL error: Operation timed out after 2001 milliseconds") == .transient)
        #expect(GDALFailure.httpKind("HTTP response code: 404") == .permanent)
        #expect(GDALFailure.httpKind("HTTP response code: 403") == .permanent)
    }

    @Test func errorClassesAndPaths() {
        // CPLE_HttpResponse 11, CPLE_AWSError 17, CPLE_FileIO 3, CPLE_OpenFailed 4, CPLE_AWSAccessDenied 14.
        #expect(GDALFailure.kind(errorClass: 11, message: "HTTP response code: 500", subject: "/vsicurl/https://x/a.tif") == .transient)
        #expect(GDALFailure.kind(errorClass: 17, message: "SlowDown", subject: "/vsis3/bucket/a.tif") == .transient)
        #expect(GDALFailure.kind(errorClass: 3, message: "read failed", subject: "/vsigs/bucket/a.tif") == .transient)
        #expect(GDALFailure.kind(errorClass: 3, message: "TIFFReadEncodedTile() failed", subject: "/data/a.tif") == .permanent)
        // CPLE_AppDefined 1: how a range read cut short mid-warp reaches the TIFF driver.
        #expect(GDALFailure.kind(errorClass: 1, message: "/vsicurl/http://h/d.tif, band 1: IReadBlock failed at X offset 0, Y offset 3",
                                 subject: "/vsicurl/http://h/d.tif, band 1: IReadBlock failed at X offset 0, Y offset 3") == .transient)
        #expect(GDALFailure.kind(errorClass: 1, message: "IReadBlock failed", subject: "/data/a.tif") == .permanent)
        #expect(GDALFailure.kind(errorClass: 4, message: "not recognized as a supported file format", subject: "/vsicurl/https://x/a.txt") == .permanent)
        #expect(GDALFailure.kind(errorClass: 14, message: "Access Denied", subject: "/vsis3/bucket/a.tif") == .permanent)
        #expect(GDALFailure.isRemote("/vsizip//vsiaz/c/dem.zip/a.hgt") && GDALFailure.isRemote("https://x/a.tif") && !GDALFailure.isRemote("/data/a.tif"))
    }

    @Test func aFailedOpenOfAnUnreachableURLIsTransient() throws {
        // Nothing listens on port 9 (discard) of 127.0.0.1 here: connection refused at once.
        setenv("GDAL_HTTP_MAX_RETRY", "0", 1)
        do {
            _ = try RasterDataset.open(path: "/vsicurl/http://127.0.0.1:9/x.tif")
            Issue.record("opened a raster from nowhere")
        } catch {
            #expect(error.failureKind == .transient, "\(error)")
        }
        do {
            _ = try RasterDataset.open(path: "/nonexistent/x.tif")
        } catch {
            #expect(error.failureKind == .permanent, "\(error)")
        }
    }
}
