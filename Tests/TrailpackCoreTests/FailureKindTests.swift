import Foundation
import Testing
import TrailpackCore

/// Which errnos are worth a retry (exit 75) and which need a fix (exit 1).
@Suite struct FailureKindTests {
    @Test func transientErrnosAreTheMachinesNotTheInputs() {
        for code in [ENOSPC, EDQUOT, EIO, ESTALE, ENOLCK, EAGAIN, ETIMEDOUT, EBUSY] {
            #expect(FailureKind(errno: code) == .transient, "\(String(cString: strerror(code)))")
        }
        for code in [EROFS, EACCES, EPERM, ENOENT, ENOTDIR, EISDIR, EINVAL, ENOSYS, EOPNOTSUPP, ENAMETOOLONG] {
            #expect(FailureKind(errno: code) == .permanent, "\(String(cString: strerror(code)))")
        }
    }

    @Test func theErrnoIsFoundInFoundationErrors() throws {
        #expect(FailureKind.errno(of: POSIXError(.ENOSPC)) == ENOSPC)
        // Foundation's own error for a write into a missing folder carries ENOENT underneath.
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x")
        do {
            try Data([1]).write(to: missing)
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(FailureKind.errno(of: error) == ENOENT, "\(error)")
            #expect(FailureKind.of(error) == .permanent)
        }
        struct Plain: Error {}
        #expect(FailureKind.errno(of: Plain()) == nil)
        #expect(FailureKind.of(Plain()) == .permanent)
    }
}
