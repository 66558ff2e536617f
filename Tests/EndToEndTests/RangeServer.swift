import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 file server on 127.0.0.1 that honours `Range: bytes=a-b` (206 Partial
/// Content), as a cloud bucket serving Cloud Optimized GeoTIFFs does; `python3 -m http.server`
/// ignores Range and returns the whole file, which GDAL's `/vsicurl/` refuses. One thread per
/// connection, `Connection: close`; HEAD and GET only. Records the ranges it served.
final class RangeServer: @unchecked Sendable {
    let folder: URL
    private(set) var port: UInt16 = 0
    private let socketFD: Int32
    private let lock = NSLock()
    private var log: [String] = []

    /// The requests served so far, as "METHOD /path range" lines.
    var requests: [String] { lock.lock(); defer { lock.unlock() }; return log }
    /// When set, every GET after this many is answered 503 Service Unavailable (a bucket
    /// failing mid-read).
    private var failGETsAfter: Int?
    private var gets = 0

    /// Answers 503 to every GET after the first `count`.
    func failGETs(after count: Int) { lock.lock(); failGETsAfter = count; lock.unlock() }

    init(serving folder: URL) throws {
        self.folder = folder
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketFD, 16) == 0 else { throw CocoaError(.fileReadUnknown) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &len) }
        }
        port = UInt16(bigEndian: addr.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    func stop() { shutdown(socketFD, Int32(SHUT_RDWR)); close(socketFD) }

    private func acceptLoop() {
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            Thread.detachNewThread { [self] in handle(client) }
        }
    }

    private func handle(_ fd: Int32) {
        defer { close(fd) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return }
            request += buffer[0..<n]
        }
        let lines = String(decoding: request, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return }
        let method = String(parts[0]), path = String(parts[1])
        let rangeLine = lines.first { $0.lowercased().hasPrefix("range:") }
        lock.lock()
        log.append("\(method) \(path) \(rangeLine ?? "")")
        if method == "GET" { gets += 1 }
        let unavailable = method == "GET" && failGETsAfter.map { gets > $0 } == true
        lock.unlock()
        if unavailable {
            send(fd, "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", body: [])
            return
        }
        let file = folder.appendingPathComponent(String(path.dropFirst()))
        guard !path.contains(".."), let data = FileManager.default.contents(atPath: file.path) else {
            send(fd, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", body: [])
            return
        }
        var status = "200 OK", lo = 0, hi = data.count - 1
        if let r = rangeLine, let spec = r.split(separator: "=").last {
            let ends = spec.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            if ends.count == 2, let a = ends[0] {
                lo = a
                hi = min(ends[1] ?? hi, data.count - 1)
                status = "206 Partial Content"
            }
        }
        guard lo <= hi else {
            send(fd, "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */\(data.count)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", body: [])
            return
        }
        var head = "HTTP/1.1 \(status)\r\nContent-Length: \(hi - lo + 1)\r\nAccept-Ranges: bytes\r\nConnection: close\r\n"
        if status.hasPrefix("206") { head += "Content-Range: bytes \(lo)-\(hi)/\(data.count)\r\n" }
        send(fd, head + "\r\n", body: method == "HEAD" ? [] : [UInt8](data[lo...hi]))
    }

    private func send(_ fd: Int32, _ head: String, body: [UInt8]) {
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            sent += n
        }
    }
}
