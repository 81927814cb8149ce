import Foundation

/// A pipeline worker's own thread, running at a lower scheduling priority than the thread
/// that started it.
///
/// The encoder is the pipeline's bottleneck: whenever it can run, it should. Workers only fill
/// the CPU time it leaves, so they yield to it (nice + 10 relative to the process), and the
/// end-to-end time approaches what the machine's total CPU allows (measured with
/// `splashvid bench`: fuber at 1080x1920 with x264 veryfast, 11.4 s → 10.7 s on 2 cores).
///
/// Dedicated threads rather than the Dispatch pool: Linux keeps a nice value per thread, and
/// an unprivileged thread cannot raise its priority again, so a lowered pool thread would
/// stay lowered for whatever Dispatch runs on it next (another batch clip's encoder, say).
/// These threads end with the pipeline.
enum WorkerThread {
  /// How much lower than the process's priority workers run.
  static let niceIncrement: Int32 = 10
  /// Enough for Cairo and Pango's deepest call chains; the Dispatch pool's threads have the
  /// same.
  static let stackSize = 8 << 20

  /// Starts `body` on a new thread named `name`; `group` is left when it returns.
  static func start(name: String, group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    let thread = Thread {
      lowerPriority()
      body()
      group.leave()
    }
    thread.name = name
    thread.stackSize = stackSize
    thread.start()
  }

  /// Lowers the calling thread's priority by `niceIncrement`, within the range Linux allows.
  /// A failure (a policy that forbids it) leaves the priority as it was: only speed depends
  /// on it.
  private static func lowerPriority() {
    // PRIO_PROCESS with who 0 is the calling thread on Linux (nice is per thread there).
    let which = __priority_which_t(PRIO_PROCESS.rawValue)
    errno = 0
    let current = getpriority(which, 0)
    guard errno == 0 else { return }
    _ = setpriority(which, 0, min(current + niceIncrement, 19))
  }
}
