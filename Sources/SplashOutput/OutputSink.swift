import SplashFiles
import SplashPipeline

/// A sink whose file is finished in steps, so several outputs of one render appear together:
/// `complete()` makes every file whole under its temporary name, `checkCommittable()` checks
/// that each can still be put in place, `commit()` moves it there. A render that fails before
/// every output is complete and committable leaves none of them.
public protocol OutputSink: FrameSink {
  /// Makes the output whole without putting it in place.
  func complete() throws
  /// Checks that `commit()` can put the output in place now (its destination is still a
  /// regular file or nothing).
  func checkCommittable() throws
  /// Puts the completed output in place.
  func commit() throws
  /// Removes whatever was written; the destination stays as it was.
  func abandon()
  /// Where the output goes, or after `commit()` went: another name than the one asked for
  /// when that was taken and the render keeps existing files (`OutputFile.Placement`).
  var writtenPath: String { get }
}

extension OutputSink {
  public func finish() throws {
    try complete()
    try checkCommittable()
    try commit()
  }
}
