import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The runner every command-line test goes through: it must take in all a child prints, on
/// both streams, however much.
@Suite("The test runner reads a child's stdout and stderr, however much each holds")
struct BinaryRunnerTests {
  /// A shell script that writes `lines` lines of 100 digits to `first`, then to `second`, and
  /// records its process id in `pid` so a stuck run can be ended. The shell's own `printf`
  /// writes, so no other process holds the pipes.
  static func script(lines: Int, first: String, second: String) -> String {
    """
    echo $$ > pid
    i=0; while [ $i -lt \(lines) ]; do printf '%0100d\\n' 0 >&\(first); i=$((i + 1)); done
    i=0; while [ $i -lt \(lines) ]; do printf '%0100d\\n' 1 >&\(second); i=$((i + 1)); done
    exit 3
    """
  }

  /// What a `BinaryRunner.run` on another thread returned, handed over under a lock.
  final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<BinaryRunner.Outcome, any Error>?
    var result: Result<BinaryRunner.Outcome, any Error>? { lock.withLock { stored } }
    func set(_ result: Result<BinaryRunner.Outcome, any Error>) { lock.withLock { stored = result } }
  }

  @Test(
    "a child writing 200 KB to stderr before stdout, or to stdout before stderr, is read to the end",
    arguments: [(2, 1), (1, 2)])
  func bothStreamsBeyondAPipe(first: Int, second: Int) throws {
    let folder = try BinaryRunner.temporaryFolder()
    let lines = 2000  // 202 000 bytes a stream: three times what a Linux pipe holds
    let script = Self.script(lines: lines, first: "\(first)", second: "\(second)")
    let finished = Finished()
    let done = DispatchSemaphore(value: 0)
    // The run goes on another thread so that a runner that deadlocks fails this test rather
    // than stopping the suite. The bound only tells a deadlock from a run: the script takes
    // milliseconds.
    DispatchQueue.global().async {
      finished.set(Result { try BinaryRunner.run(["-c", script], in: folder, executable: URL(fileURLWithPath: "/bin/sh")) })
      done.signal()
    }
    if done.wait(timeout: .now() + 60) == .timedOut {
      let pid = (try? String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8))
        .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      if let pid { kill(pid, SIGKILL) }
      Issue.record(
        "the runner never returned: it deadlocked on a child writing more than a pipe holds (killed \(pid.map(String.init) ?? "nothing"))")
      _ = done.wait(timeout: .now() + 60)
      return
    }
    let outcome = try #require(try finished.result?.get())
    #expect(outcome.exitCode == 3)
    let zeros = String(repeating: String(repeating: "0", count: 100) + "\n", count: lines)
    let ones = String(repeating: String(repeating: "0", count: 99) + "1\n", count: lines)
    let (expectedOutput, expectedErrors) = first == 1 ? (zeros, ones) : (ones, zeros)
    #expect(outcome.standardOutput.utf8.count == expectedOutput.utf8.count && outcome.standardOutput == expectedOutput)
    #expect(outcome.standardError.utf8.count == expectedErrors.utf8.count && outcome.standardError == expectedErrors)
  }
}
