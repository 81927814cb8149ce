import SplashCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every temporary file and staging folder this process has open, so that a forced exit can
/// still remove them.
///
/// Writers clean up after themselves when they fail or are cancelled; this registry is for
/// the one exit that cannot wait for them: a second interrupt, or cancellation that did not
/// finish in time (`SignalTrap`). After `removeAllForExit()` the registry is closed: a writer
/// that creates a temporary afterwards has it removed at once and waits for the exit, so
/// nothing is created between the removal and the end of the process.
public enum TemporaryFiles {
  private struct State {
    var paths: [String: Bool] = [:]
    var isClosed = false
  }

  private static let state = Locked(State())

  /// Records `path` (a file, or a folder when `isFolder`), just created, as this process's
  /// temporary.
  public static func register(_ path: String, isFolder: Bool = false) {
    let isClosed = state.withLock { state in
      if !state.isClosed { state.paths[path] = isFolder }
      return state.isClosed
    }
    guard isClosed else { return }
    remove(path, isFolder: isFolder)
    // The process is exiting on another thread; this writer must not go on.
    while true { pause() }
  }

  /// Forgets `path`: it was renamed into place or removed by its writer.
  public static func unregister(_ path: String) {
    state.withLock { _ = $0.paths.removeValue(forKey: path) }
  }

  /// How many temporaries are registered now (for tests).
  public static var count: Int { state.withLock { $0.paths.count } }

  /// Removes every registered temporary and closes the registry: call it only right before
  /// `_exit`.
  public static func removeAllForExit() {
    let paths = state.withLock { state in
      state.isClosed = true
      defer { state.paths.removeAll() }
      return state.paths
    }
    for (path, isFolder) in paths { remove(path, isFolder: isFolder) }
  }

  private static func remove(_ path: String, isFolder: Bool) {
    if isFolder { removeTree(path) } else { unlink(path) }
  }

  /// Removes a folder and what it holds (staging folders hold files only, never links out).
  public static func removeTree(_ path: String) {
    for name in DirectoryListing.names(in: path) ?? [] {
      let child = path + "/" + name
      var status = stat()
      if lstat(child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        removeTree(child)
      } else {
        unlink(child)
      }
    }
    rmdir(path)
  }
}
