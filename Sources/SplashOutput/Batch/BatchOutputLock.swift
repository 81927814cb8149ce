import SplashCore
import SplashFiles
import SplashPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock a batch holds on one clip (`flock` on `.splashvid/NAME.mp4.lock` beside it, see
/// `BatchRecordFolder`) from
/// deciding whether to skip it until its record is written, so that two batches writing one
/// output folder (shards, or different manifests naming the same clip) never interleave: the
/// clip of one beside the record of the other was skipped by every later run.
///
/// The second batch waits, then decides with the first one's clip and record in place: it
/// skips the clip when its inputs are the same, and renders it again when they are not. The
/// kernel releases a lock whose holder died (`kill -9`), so a lock is never stale; the file is
/// removed by its holder, and a batch that locked a file so removed locks the new one instead.
final class BatchOutputLock {
  let path: String
  private var descriptor: Int32 = -1

  /// Takes the lock of the clip at `output`, waiting while another process holds it.
  ///
  /// - Parameters:
  ///   - waiting: Called once, when the lock is held by another and this batch waits.
  /// - Throws: `PipelineCancelled` when cancelled while waiting; `OutputFileError` when the
  ///   lock file cannot be made.
  init(output: String, cancellation: CancellationFlag, waiting: () -> Void) throws {
    path = BatchRecordFolder.lockPath(for: output)
    var hasWaited = false
    while true {
      try BatchRecordFolder.make(for: output)
      let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
      // Another batch removed the hidden folder as it emptied, between its making and this.
      if opened < 0 && errno == ENOENT { continue }
      guard opened >= 0 else {
        throw OutputFileError(path: output, reason: "cannot make its lock file \(path): \(String(cString: strerror(errno)))")
      }
      while flock(opened, LOCK_EX | LOCK_NB) != 0 {
        guard errno == EWOULDBLOCK || errno == EINTR else {
          let reason = String(cString: strerror(errno))
          close(opened)
          throw OutputFileError(path: output, reason: "cannot lock \(path): \(reason)")
        }
        if !hasWaited {
          hasWaited = true
          waiting()
        }
        if cancellation.isCancelled {
          close(opened)
          throw PipelineCancelled()
        }
        // Polled rather than blocked in flock, so an interrupt still ends the wait.
        usleep(100_000)
      }
      // The holder before removed the file it locked: lock the one now under the name.
      if Self.isSameFile(path, opened) {
        descriptor = opened
        return
      }
      close(opened)
    }
  }

  deinit { release() }

  /// Removes the lock file and releases the lock (removed first, while held, so no one locks a
  /// file about to go).
  func release() {
    guard descriptor >= 0 else { return }
    unlink(path)
    close(descriptor)
    descriptor = -1
  }

  private static func isSameFile(_ path: String, _ descriptor: Int32) -> Bool {
    var named = stat()
    var opened = stat()
    return lstat(path, &named) == 0 && fstat(descriptor, &opened) == 0 && named.st_dev == opened.st_dev
      && named.st_ino == opened.st_ino
  }
}
