import Foundation
import SplashCore
import SplashFiles

/// The folders a command's outputs go in, created when they do not exist yet
/// (`-o frames/f-%04d.png`, `-o clips/a.mp4`), like `mkdir -p`, and removed again when the
/// command fails.
///
/// A command creates them after all its usage checks and before it writes anything, so a
/// mistyped command creates nothing, and says so (`created folder frames/`) once it succeeds.
/// A command that fails or is interrupted removes the folders it created, deepest first and
/// only while they are empty, so it leaves nothing behind, not even a folder.
///
/// Only what is missing is created. A regular file where a folder should be, or a link that
/// leads nowhere, is left as it is for the output's own check to report (`its folder F is a
/// regular file, not a folder`).
public final class OutputFolders {
  /// The folders this command created, parents first.
  private(set) var created: [String] = []
  /// The outputs' folders that did not exist, as the command line named them.
  private var missing: [String] = []

  /// Creates the folders `outputs` go in where they are missing.
  ///
  /// - Parameter outputs: each output's folder and, for the message, the output as named.
  /// - Throws: `OutputFileError` for the output whose folder could not be created (after
  ///   removing any folder created for the others).
  public init(creating outputs: [(folder: String, output: String)]) throws {
    for (folder, output) in outputs {
      // Nothing is made in /dev, /proc or /sys (an output in a folder there that exists is
      // refused by its own check, which says more: `/dev/full` is a device).
      var status = stat()
      if stat(folder, &status) != 0, let root = SystemFolders.containing(folder) {
        removeCreated()
        throw OutputFileError(path: output, reason: SystemFolders.reason(folder: folder, root: root))
      }
      do {
        if try create(folder) { missing.append(folder) }
      } catch let error as CreationError {
        removeCreated()
        throw OutputFileError(path: output, reason: "cannot create its folder \(error.folder): \(error.reason)")
      }
    }
  }

  /// `created folder frames/` for each output folder that was missing.
  public var messages: [String] {
    missing.map { "created folder " + ($0.hasSuffix("/") ? $0 : $0 + "/") }
  }

  /// Removes the folders created, deepest first; a folder something else has since written
  /// into stays.
  public func removeCreated() {
    for folder in created.reversed() { rmdir(folder) }
    created.removeAll()
    missing.removeAll()
  }

  private struct CreationError: Error {
    public var folder: String
    public var reason: String
  }

  /// Creates `folder` and the folders above it that are missing; whether it was missing.
  private func create(_ folder: String) throws -> Bool {
    var path = folder.hasPrefix("/") ? "/" : ""
    var createdAny = false
    for component in folder.split(separator: "/") where component != "." {
      path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + component
      var status = stat()
      if stat(path, &status) == 0 {
        // A file in the way is the output's own check to report.
        guard status.st_mode & S_IFMT == S_IFDIR else { return false }
        continue
      }
      // A link to nothing is there, if broken: nothing is created through or over it.
      guard errno == ENOENT, lstat(path, &status) != 0 else { return false }
      if mkdir(path, 0o777) == 0 {
        created.append(path)
        createdAny = true
      } else if errno != EEXIST {
        // Another process may create it at the same moment; only a real failure counts.
        throw CreationError(folder: path, reason: String(cString: strerror(errno)))
      }
    }
    return createdAny
  }
}
