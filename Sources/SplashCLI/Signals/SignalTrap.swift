import Dispatch
import Foundation
import SplashCore
import SplashFiles
import SplashPipeline
import Synchronization

/// One path for SIGINT, SIGTERM and SIGHUP in every command: cancel, clean up, exit 130.
///
///     first signal ──▶ cancel ──▶ writers abandon their files ──▶ exit 130 (normal path)
///          │                      (commands that cannot cancel: forced exit at once)
///          ├── second signal ─────────────────┐
///          └── 10 s without finishing ────────┴──▶ forced exit: children sent SIGTERM,
///                                                  every registered temporary removed,
///                                                  then _exit(130)
///
/// The default action would kill the process on the spot and leave temporary files behind.
/// The forced exit removes them itself (`TemporaryFiles`), so a second Ctrl-C, or a SIGTERM
/// after the Ctrl-C, still leaves nothing; it does not wait for threads that may be stuck.
enum SignalTrap {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
  /// How long a cancelled command may take to clean up before the forced exit does it.
  static let gracePeriod: DispatchTimeInterval = .seconds(10)
  /// Whether the forced exit says so on stderr; a `bench` phase leaves that to its `bench`,
  /// which has said it already when it ends the phase.
  static let reportsInterruption = Atomic(true)

  /// Starts trapping. With `flag`, the first signal sets it and the command winds down on its
  /// own; without, the first signal exits at once (still removing temporaries).
  static func install(cancelling flag: CancellationFlag?) {
    let signals = Locked(0)
    // SIGHUP: the terminal closed or a supervisor asked; it ends the work as Ctrl-C does.
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        let count = signals.withLock { count in
          count += 1
          return count
        }
        guard let flag, count == 1 else { forcedExit() }
        flag.cancel()
        DispatchQueue.global().asyncAfter(deadline: .now() + gracePeriod) { forcedExit() }
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Ends the children this process started, removes every temporary it created and ends it
  /// with 130, now.
  static func forcedExit() -> Never {
    ChildProcesses.terminateAllForExit()
    TemporaryFiles.removeAllForExit()
    if reportsInterruption.load(ordering: .relaxed) {
      let message = "splashvid: interrupted; nothing was written\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
    _exit(ExitCode.interrupted.rawValue)
  }
}
