#if canImport(Glibc)
import Glibc
#endif

/// How the process's allocator treats large blocks: kept in the heap once freed, rather than
/// handed back to the kernel and faulted in again, zeroed, on the next frame.
///
/// A frame allocates and frees the same large blocks every time: group surfaces, masks,
/// gradient bands, coverage rows. glibc serves blocks above its mmap threshold with `mmap`
/// and returns them with `munmap`, and trims freed memory at the heap's top past its trim
/// threshold; either way the next frame pays a page fault for each page (on a busy Lottie file
/// at 512x512, 10 % of the time went to the kernel zeroing pages). With the thresholds raised,
/// those blocks are reused. Peak memory is unchanged (the same blocks, live at once, as
/// before); what the process keeps between frames is bounded by the trim threshold.
public enum HeapTuning {
  /// Blocks up to 32 MiB (a 2048x4096 frame; glibc's largest allowed threshold) come from the heap.
  static let mmapThreshold: Int32 = 32 << 20
  /// Up to 128 MiB freed at the heap's top stay mapped.
  static let trimThreshold: Int32 = 128 << 20

  /// glibc's `mallopt` parameters (`<malloc.h>`, which Swift's Glibc module does not bring in).
  static let trimThresholdParameter: Int32 = -1
  static let mmapThresholdParameter: Int32 = -3

  /// Raises the thresholds; called once at start, before any thread exists. A C library
  /// without `mallopt` (not glibc) is left as it is.
  public static func apply() {
    #if canImport(Glibc)
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
    let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
    _ = mallopt(mmapThresholdParameter, mmapThreshold)
    _ = mallopt(trimThresholdParameter, trimThreshold)
    #endif
  }
}
