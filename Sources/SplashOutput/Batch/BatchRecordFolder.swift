import SplashFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a batch keeps its bookkeeping for the clips of one output folder: a hidden folder
/// `.splashvid` beside them, holding each clip's record (`NAME.mp4.inputs`, a `BatchRecord`)
/// and, while a batch writes the clip, its lock (`NAME.mp4.lock`, a `BatchOutputLock`).
///
///     out/                          what is handed off: the clips alone
///       fuber.mp4
///       badge.gif
///       .splashvid/                 hidden: one entry per folder
///         fuber.mp4.inputs
///         badge.gif.inputs
///
/// One folder rather than one shared file: batches on several machines (shards) write the same
/// output folder at once, and each clip's record is then its own file, replaced by one atomic
/// rename, never a shared file read, changed and written back by many writers. Earlier versions
/// kept records beside the clips (`NAME.mp4.splashvid-inputs`); a batch still reads such a
/// record, moves it into the folder, and removes it when it renders the clip again.
enum BatchRecordFolder {
  /// The hidden folder's name.
  static let name = ".splashvid"

  /// What a record's name adds to its clip's.
  static let recordSuffix = ".inputs"
  /// What a lock's name adds to its clip's.
  static let lockSuffix = ".lock"
  /// What an earlier version's record beside the clip added to its name.
  static let legacyRecordSuffix = ".splashvid-inputs"
  /// What an earlier version's lock beside the clip added to its name.
  static let legacyLockSuffix = ".splashvid-lock"

  /// The hidden folder of the folder `output` is in.
  static func folder(for output: String) -> String {
    let (folder, _) = OutputFile.split(output)
    return folder + "/" + name
  }

  /// The record of the clip at `output`.
  static func recordPath(for output: String) -> String {
    folder(for: output) + "/" + OutputFile.split(output).name + recordSuffix
  }

  /// The lock of the clip at `output`.
  static func lockPath(for output: String) -> String {
    folder(for: output) + "/" + OutputFile.split(output).name + lockSuffix
  }

  /// Where an earlier version recorded the clip at `output`.
  static func legacyRecordPath(for output: String) -> String { output + legacyRecordSuffix }

  /// Makes the hidden folder of `output`'s folder, if it is not there.
  ///
  /// - Throws: `OutputFileError` when it cannot be made, or something else has its name.
  static func make(for output: String) throws {
    let path = folder(for: output)
    if mkdir(path, 0o755) == 0 || errno == EEXIST {
      var status = stat()
      if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return }
      throw OutputFileError(path: output, reason: "\(path) is not a folder; the batch keeps its records there")
    }
    throw OutputFileError(path: output, reason: "cannot make the folder of its record \(path): \(String(cString: strerror(errno)))")
  }

  /// Removes the hidden folder of `output`'s folder if nothing is left in it (a clip that was
  /// not written leaves nothing behind).
  static func removeIfEmpty(for output: String) {
    rmdir(folder(for: output))
  }

  /// Whether `output` (a path inside the output folder) is the batch's own: inside a hidden
  /// folder, or named as an earlier version named its records and locks.
  static func isBookkeeping(_ output: String) -> Bool {
    output.split(separator: "/").contains { $0 == name } || output.hasSuffix(legacyRecordSuffix)
      || output.hasSuffix(legacyLockSuffix)
  }
}
