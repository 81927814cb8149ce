#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, read and changed only under a POSIX mutex.
///
/// splashvid's own lock rather than the standard library's `Mutex`: on Linux, `Mutex` takes a
/// contended lock through the kernel (`FUTEX_LOCK_PI`, in `_MutexHandle._lockSlow`), where
/// ThreadSanitizer cannot see it, so two threads that waited for each other are reported as
/// racing. ThreadSanitizer intercepts `pthread_mutex_lock`, so a race it reports here is real.
public final class Locked<Value>: @unchecked Sendable {
  // Unchecked: `value` is touched only between `pthread_mutex_lock` and `pthread_mutex_unlock`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  public init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock; `body` must not take this lock again.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
