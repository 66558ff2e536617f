import Bindings
import Foundation

/// Prints "stage  42%" on one refreshing line of a terminal's stderr. Silent when stderr is
/// not a terminal, under --quiet or with --log-format plain (then it is never created).
final class ConsoleProgress: ProgressReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var lastLine = ""

    static func make(quiet: Bool) -> ConsoleProgress? {
        quiet || isatty(STDERR_FILENO) == 0 ? nil : ConsoleProgress()
    }

    func report(stage: String, fraction: Double) {
        let percent = String(Int(fraction * 100))
        let line = "  " + stage + String(repeating: " ", count: max(1, 14 - stage.count))
            + String(repeating: " ", count: 3 - min(3, percent.count)) + percent + "%"
        lock.lock()
        defer { lock.unlock() }
        guard line != lastLine else { return }
        lastLine = line
        FileHandle.standardError.write(Data("\r\(line)\u{1B}[K".utf8))
    }

    /// Clears the progress line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if !lastLine.isEmpty { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        lastLine = ""
    }
}

/// Writes to stderr.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
