import SplashCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes temporaries that writers killed outright (`kill -9`, a lost machine) left behind.
///
/// The first time a process writes into a folder, it looks there for splashvid's temporary
/// names (`TemporaryName`) and removes those whose writer is gone:
/// - this version's temporaries are locked (`flock`) for as long as their writer lives, on any
///   PID namespace sharing the kernel (and through NFS's lock manager across hosts), so one
///   whose lock can be taken has no writer;
/// - earlier versions' temporaries had no lock: they are removed once unmodified for an hour,
///   far longer than a writer leaves its file untouched.
///
/// Nothing else is touched: only names of splashvid's own patterns, only regular files and
/// staging folders, never through a symbolic link.
public enum StaleTemporaries {
  /// How long an unlocked temporary of an earlier version must have been untouched.
  static let legacyAge: Int = 3600

  private static let sweptFolders = Locked<Set<String>>([])

  /// Sweeps `folder` unless this process already did.
  public static func sweepOnce(_ folder: String) {
    let key = RealPath.of(folder) ?? folder
    // The sweep runs under the lock: another thread of this process writing into the same
    // folder waits for it, so the sweep never meets a temporary of this process's own (whose
    // lock, on file systems where `flock` is emulated per process, it could take).
    sweptFolders.withLock { swept in
      if swept.insert(key).inserted { sweep(folder) }
    }
  }

  /// Removes every stale temporary in `folder`; returns their names.
  @discardableResult
  public static func sweep(_ folder: String) -> [String] {
    (DirectoryListing.names(in: folder) ?? []).filter { name in
      guard let kind = TemporaryName.kind(of: name) else { return false }
      return removeIfStale(folder + "/" + name, kind: kind)
    }
  }

  private static func removeIfStale(_ path: String, kind: TemporaryName.Kind) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    // Held by a live writer: not ours to touch.
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG || type == S_IFDIR else { return false }
    if kind == .legacy {
      guard Int(time(nil)) - Int(status.st_mtim.tv_sec) > legacyAge else { return false }
    }
    if type == S_IFDIR {
      TemporaryFiles.removeTree(path)
    } else {
      unlink(path)
    }
    return true
  }
}
