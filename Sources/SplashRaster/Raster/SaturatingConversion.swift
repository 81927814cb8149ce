/// Conversions from floating point to integers that cannot trap: out of range they saturate,
/// and NaN gives 0.
///
/// Swift's `Int(_:)` and `UInt8(_:)` check that the value is finite and in range, and trap
/// otherwise: three comparisons and branches around one `cvttsd2si`. The rasterizer converts
/// twice for each piece of edge it lays in a row and once for each pixel an edge crosses, on
/// values whose range it has already proven (clipped to the band, clamped to 0…1). Built
/// without any checks (`-Ounchecked`), SplashRaster took 9.4 % fewer instructions on
/// acrobatics and 12 % fewer on dynamic_path_test, most of them these. LLVM's saturating
/// conversions (`llvm.fptosi.sat`, `llvm.fptoui.sat`) are defined for every value and take a
/// `cvttsd2si` and a clamp or two, with no branch; for a value in range they give what Swift's
/// do. With them, and wrapping arithmetic on the sweep's columns and indices, the render loop
/// of the tracked Lottie files took 2 to 6 % fewer instructions.
///
/// Release builds only, as `CachePrefetch`, and for the same reason (a ThreadSanitizer build
/// wraps each call in a landing pad, which LLVM refuses for an intrinsic). Debug builds, where
/// the sanitizers and the fuzzer run, keep Swift's conversions: a value out of range still
/// traps there.
enum SaturatingConversion {
  /// `value` rounded toward zero: `Int.min` and `Int.max` beyond them, 0 for NaN.
  @inline(__always)
  static func integer(_ value: Double) -> Int {
    #if DEBUG
    return Int(value)
    #else
    return Int(llvmSaturatingInteger(value))
    #endif
  }

  /// `value` rounded toward zero into 0…255: 0 below, 255 above, 0 for NaN.
  @inline(__always)
  static func byte(_ value: Float) -> UInt8 {
    #if DEBUG
    return UInt8(value)
    #else
    return llvmSaturatingByte(value)
    #endif
  }
}

#if !DEBUG
@_silgen_name("llvm.fptosi.sat.i64.f64")
func llvmSaturatingInteger(_ value: Double) -> Int64

@_silgen_name("llvm.fptoui.sat.i8.f32")
func llvmSaturatingByte(_ value: Float) -> UInt8
#endif
