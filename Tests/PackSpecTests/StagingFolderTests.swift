import PackSpec
import Testing

@Suite("Staging folder names")
struct StagingFolderTests {
    @Test func namesRoundTrip() {
        for folder in [StagingFolder(regionId: "alps", kind: .staging, host: "node7", pid: 4242),
                       StagingFolder(regionId: "a-b-3", kind: .previous, host: "ip-10-0-0-12", pid: 1),
                       StagingFolder(regionId: "x", kind: .staging, host: nil, pid: 77)] {
            #expect(StagingFolder(parsing: folder.name) == folder, "\(folder.name)")
        }
    }

    @Test func theCurrentAndTheOlderForms() {
        #expect(StagingFolder(regionId: "alps", kind: .staging, host: "node7", pid: 4242).name == ".alps.tmp-node7-4242")
        #expect(StagingFolder(parsing: ".alps.tmp-4242") == StagingFolder(regionId: "alps", kind: .staging, host: nil, pid: 4242))
        #expect(StagingFolder(parsing: ".alps.old-node-1-9")?.host == "node-1")
    }

    @Test func otherNamesAreNoStagingFolders() {
        for name in [".alps.tmp-", ".alps.tmp-x", ".alps.tmp-host-", "alps.tmp-12", ".Alps.tmp-12", ".alps.tmp-0", ".alps.tmp-h_st-12",
                     ".alps.new-12", ".catalog.json.tmp-host-12", ".alps.tmp--12"] {
            #expect(StagingFolder(parsing: name) == nil, "\(name)")
        }
    }

    @Test func catalogTemporariesRoundTripAndOthersAreNone() {
        let temp = CatalogTemporary(host: "node-7", pid: 4242)
        #expect(temp.name == ".catalog.json.tmp-node-7-4242")
        #expect(CatalogTemporary(parsing: temp.name) == temp)
        for name in [".catalog.json.tmp-4242", ".catalog.json.tmp-", ".catalog.json.tmp-node7-", ".catalog.json.tmp-h_st-1", "catalog.json",
                     ".catalog.lock", ".alps.tmp-node7-1"] {
            #expect(CatalogTemporary(parsing: name) == nil, "\(name)")
        }
    }

    @Test func hostNamesBecomeTagSafe() {
        #expect(StagingFolder.tagHost("node7.cluster.local") == "node7-cluster-local")
        #expect(StagingFolder.tagHost("") == "host")
        #expect(StagingFolder.tagHost("héte") == "h-te")
        #expect(StagingFolder.tagHost(String(repeating: "a", count: 100)).count == 64)
    }
}

@Suite("Pack ids")
struct PackIdTests {
    @Test func theSpecPattern() {
        for id in ["a", "0", "a-b", String(repeating: "a", count: 63), "trail-1"] { #expect(PackTree.isValidId(id), "\(id)") }
        for id in ["", "-a", "A", "a_b", "a.b", String(repeating: "a", count: 64), "é", "a/b"] { #expect(!PackTree.isValidId(id), "\(id)") }
    }

    @Test func routeFilesAreNamedAfterTheirId() {
        #expect(PackTree.routeFile("loop") == "routes/loop.json")
        #expect(PackTree.arPatchFile("loop") == "ar/loop.bin")
        #expect(PackTree.manifestPath("alps") == "regions/alps/manifest.json")
    }
}

@Suite("Region lock file names")
struct RegionLockFileTests {
    @Test func namesRoundTripAndOthersAreNoLocks() {
        #expect(RegionLockFile(regionId: "alps").name == ".alps.lock")
        #expect(RegionLockFile(parsing: ".a-b-3.lock") == RegionLockFile(regionId: "a-b-3"))
        for name in ["alps.lock", ".lock", "..lock", ".alps.tmp-node7-1", ".catalog.json.tmp-node7-1", ".Alps!.lock", ".alps.lock.bak"] {
            #expect(RegionLockFile(parsing: name) == nil, "\(name)")
        }
        // A lock file is no staging folder, so the folder cleanup never touches it.
        #expect(StagingFolder(parsing: ".alps.lock") == nil)
    }

    @Test func holderLinesRoundTrip() {
        let text = RegionLockFile.holderText(host: "node7", pid: 4242)
        #expect(text == "node7 4242\n")
        let holder = RegionLockFile.holder(parsing: text)
        #expect(holder?.host == "node7" && holder?.pid == 4242)
        for bad in ["", "node7", "node7 -1", "node7 x", "a b c"] { #expect(RegionLockFile.holder(parsing: bad) == nil, "\(bad)") }
    }
}
