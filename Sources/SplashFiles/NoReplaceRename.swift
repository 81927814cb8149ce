#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Moves a file to a name only if nothing is there: the claim is the move itself, so two
/// writers (or a writer and a person) that chose the same free name never replace each other.
///
/// `renameat2(RENAME_NOREPLACE)` does it in one step on the usual local file systems; where a
/// file system refuses the flag (NFS), a hard link to the name (`link` fails when it is
/// taken) and the removal of the old name do it in two.
public enum NoReplaceRename {
  private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
  /// glibc's `renameat2`, looked up at run time: Swift's Glibc module leaves out what
  /// `stdio.h` declares only for `_GNU_SOURCE`.
  private static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
  private static let renameNoReplace: UInt32 = 1

  /// Moves the file at `source` to `target` unless `target` exists; returns 0, or the error
  /// number (`EEXIST` when the name is taken).
  public static func move(_ source: String, to target: String) -> Int32 {
    if let renameat2 {
      if renameat2(AT_FDCWD, source, AT_FDCWD, target, renameNoReplace) == 0 { return 0 }
      // Only "this file system cannot" falls back; any other error is the answer.
      guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else { return errno }
    }
    guard link(source, target) == 0 else { return errno }
    unlink(source)
    return 0
  }
}
