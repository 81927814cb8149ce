import SplashCore
import SplashFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The child processes this process started and has not waited for yet, so that a forced exit
/// can end them too.
///
/// Foundation's `Process` starts a child in a process group of its own, so the Ctrl-C a
/// terminal sends to splashvid's group never reaches it: without this, `bench` exited 130 and
/// its `__bench-phase` child rendered on, orphaned. Like `TemporaryFiles`, the registry closes
/// at the forced exit: a child registered afterwards is ended at once.
enum ChildProcesses {
  private struct State {
    var identifiers: Set<pid_t> = []
    var isClosed = false
  }

  private static let state = Locked(State())

  /// Records `identifier`, a child just started.
  static func register(_ identifier: pid_t) {
    let isClosed = state.withLock { state in
      if !state.isClosed { state.identifiers.insert(identifier) }
      return state.isClosed
    }
    if isClosed { kill(identifier, SIGTERM) }
  }

  /// Forgets `identifier`: the child has exited and was waited for.
  static func unregister(_ identifier: pid_t) {
    state.withLock { _ = $0.identifiers.remove(identifier) }
  }

  /// Sends SIGTERM to every registered child and closes the registry: call it only right
  /// before `_exit`. A child that traps signals (`SignalTrap`) removes its own temporaries.
  static func terminateAllForExit() {
    let identifiers = state.withLock { state in
      state.isClosed = true
      defer { state.identifiers.removeAll() }
      return state.identifiers
    }
    for identifier in identifiers { kill(identifier, SIGTERM) }
  }
}
