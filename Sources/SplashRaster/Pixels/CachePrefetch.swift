/// Asks the processor to start loading memory that will be read or written soon.
///
/// A compositor that lays thin diagonal lines over a frame touches a new cache line of the
/// frame on every row, scattered over 8 MB at 1080x1920: more than the core's cache holds, so
/// each row waited for its line. Asking for a row's lines a few rows ahead lets those loads
/// overlap the work on the rows before them. A hint only: it changes no value and cannot fault.
///
/// Release builds only. Swift has no spelling of its own for a prefetch, so it calls LLVM's
/// intrinsic by name; a ThreadSanitizer build wraps every call in an exception landing pad,
/// which LLVM refuses for an intrinsic, and a debug build has no use for the hint. Debug
/// builds (all the sanitizer and fuzzing builds in CI) therefore ask for nothing.
@usableFromInline
enum CachePrefetch {
  /// Starts loading the cache line holding `address`, to be written.
  @inline(__always) @usableFromInline
  static func forWriting(_ address: UnsafeRawPointer) {
    #if !DEBUG
    // Read/write 1, locality 3 (keep in every cache level), data cache 1.
    llvmPrefetch(address, 1, 3, 1)
    #endif
  }

  /// Starts loading the cache line holding `address`, to be read.
  @inline(__always) @usableFromInline
  static func forReading(_ address: UnsafeRawPointer) {
    #if !DEBUG
    llvmPrefetch(address, 0, 3, 1)
    #endif
  }
}

#if !DEBUG
@_silgen_name("llvm.prefetch.p0")
@usableFromInline
func llvmPrefetch(_ address: UnsafeRawPointer, _ readWrite: Int32, _ locality: Int32, _ cacheType: Int32)
#endif
