import Dispatch
import Foundation
import SplashPipeline

/// Turns SIGINT and SIGTERM into a cancellation the pipeline notices between frames.
///
/// The default action would kill the process on the spot and leave the temporary output file
/// behind; cancelling instead lets the writer discard it and the command exit with 130.
enum SignalTrap {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// Starts trapping; `flag` is set on the first signal. A second signal ends the process at once.
  static func install(cancelling flag: CancellationFlag) {
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if flag.isCancelled { exit(ExitCode.interrupted.rawValue) }
        flag.cancel()
      }
      source.resume()
      sources.append(source)
    }
  }
}
