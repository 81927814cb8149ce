import Foundation

/// A new, empty folder under the temporary directory for one test's files, removed when the
/// test process exits.
///
/// Suites are structs without a teardown, and a test that fails half-way skips the cleanup at its
/// end; removing every folder at exit keeps the temporary directory from filling up run after run
/// (each full run makes several hundred).
public enum ScratchFolder {
  private static let made = MadeFolders()

  /// Creates `<temporary directory>/<prefix>-<UUID>` and returns it.
  public static func make(_ prefix: String) throws -> URL {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    made.add(folder)
    return folder
  }

  /// The folders made so far, behind a lock because tests run in parallel.
  private final class MadeFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [URL] = []

    init() {
      atexit { ScratchFolder.made.removeAll() }
    }

    func add(_ folder: URL) {
      lock.withLock { folders.append(folder) }
    }

    func removeAll() {
      let all = lock.withLock { folders }
      for folder in all { try? FileManager.default.removeItem(at: folder) }
    }
  }
}
