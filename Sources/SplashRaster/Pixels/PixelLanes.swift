/// Two premultiplied pixels as eight 16-bit lanes and back: the widening and narrowing every
/// pixel kernel here does once or twice per pair of pixels.
///
/// Written out lane by lane and always inlined, which the compiler turns into one unpack and
/// one pack instruction. The standard library's generic `SIMD8(truncatingIfNeeded:)` does the
/// same once inlined, but the compiler stops inlining its specialisation as soon as a second
/// kernel uses it, and each conversion in an inner loop then becomes a call.
enum PixelLanes {
  /// The eight channels of two neighbouring pixels (a 64-bit word), widened to 16 bits.
  @inline(__always)
  static func widened(_ pair: UInt64) -> SIMD8<UInt16> {
    let bytes = unsafeBitCast(pair, to: SIMD8<UInt8>.self)
    var lanes = SIMD8<UInt16>()
    for index in 0..<8 { lanes[index] = UInt16(bytes[index]) }
    return lanes
  }

  /// The low bytes of eight 16-bit lanes, as two pixels.
  @inline(__always)
  static func narrowed(_ lanes: SIMD8<UInt16>) -> UInt64 {
    var bytes = SIMD8<UInt8>()
    for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: lanes[index]) }
    return unsafeBitCast(bytes, to: UInt64.self)
  }

  /// The sixteen channels of four neighbouring pixels, widened to 16 bits: the first two
  /// pixels' lanes, then the last two's.
  @inline(__always)
  static func widened(_ quad: SIMD16<UInt8>) -> (SIMD8<UInt16>, SIMD8<UInt16>) {
    var low = SIMD8<UInt16>()
    var high = SIMD8<UInt16>()
    for index in 0..<8 {
      low[index] = UInt16(quad[index])
      high[index] = UInt16(quad[index &+ 8])
    }
    return (low, high)
  }

  /// The low bytes of two pairs' lanes, as four pixels.
  @inline(__always)
  static func narrowed(_ low: SIMD8<UInt16>, _ high: SIMD8<UInt16>) -> SIMD16<UInt8> {
    var bytes = SIMD16<UInt8>()
    for index in 0..<8 {
      bytes[index] = UInt8(truncatingIfNeeded: low[index])
      bytes[index &+ 8] = UInt8(truncatingIfNeeded: high[index])
    }
    return bytes
  }
}
