import SplashCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file this process put in place under a watched name: the device and inode of the
/// file an `OutputFile` renamed there.
///
/// A batch writes a clip and then records a hash of its bytes; the record must describe the
/// clip this batch wrote, not one another writer put under the same name a moment later (on
/// a shared folder whose locks stay on one machine, see docs/scale-out.md). So the batch
/// watches the clip's name before the render, takes the identity of what was committed there
/// after it, and hashes the file under the name only if it is still that file. Names no one
/// watches are not kept, so the registry holds only clips in flight.
public enum CommittedFiles {
  /// A file, whatever name it has: renaming keeps it.
  public struct Identity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
      self.device = device
      self.inode = inode
    }

    /// The identity of the open file `descriptor`, or `nil` when it cannot be asked.
    public init?(descriptor: Int32) {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return nil }
      self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
  }

  /// Watched names, with the identity of what was committed under each, once it was.
  private static let watched = Locked([String: Identity?]())

  /// Starts keeping what is committed under `destination`, spelt as the writer will spell it.
  public static func watch(_ destination: String) {
    watched.withLock { $0[destination] = .some(nil) }
  }

  /// Called by `OutputFile` when it has put `descriptor`'s file in place at `destination`.
  static func committed(_ destination: String, descriptor: Int32) {
    watched.withLock { names in
      guard names[destination] != nil else { return }
      names[destination] = .some(Identity(descriptor: descriptor))
    }
  }

  /// Runs `body` (a render writing `destination`) while watching the name; returns the
  /// identity of the file committed there meanwhile, or `nil` when none was. The name is
  /// unwatched however `body` ends.
  public static func watching(_ destination: String, while body: () throws -> Void) rethrows -> Identity? {
    watch(destination)
    defer { _ = take(destination) }
    try body()
    return watched.withLock { $0[destination] ?? nil }
  }

  /// Stops watching `destination`; returns the identity of the last file committed under it
  /// while it was watched, or `nil` when none was.
  public static func take(_ destination: String) -> Identity? {
    watched.withLock { $0.removeValue(forKey: destination) ?? nil }
  }
}
