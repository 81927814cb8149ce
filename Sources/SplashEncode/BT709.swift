/// The BT.709 luma weights and the float tricks the YUV conversions share.
///
/// Computed properties of literals fold to constants; stored statics would be lazily
/// initialised globals, checked on every use inside a conversion's loop.
enum BT709 {
  static var redWeight: Float { 0.2126 }
  static var blueWeight: Float { 0.0722 }
  static var greenWeight: Float { 1 - redWeight - blueWeight }

  /// 2²³: a float in [2²³, 2²³ + 2¹⁶) has a unit step, so adding it rounds a code to the
  /// nearest integer (ties to even), which is then the low bits of the bit pattern; the same
  /// constant turns a byte into a float without a conversion instruction. Both keep the
  /// stdlib's generic element-by-element SIMD conversions out of the loops.
  static var integerMagic: Float { 8_388_608 }
  static var integerMagicBits: UInt32 { 0x4B00_0000 }

  /// The low bytes of eight words as floats: each byte becomes the low mantissa bits of 2²³.
  ///
  /// A little-endian BGRA pixel read as a 32-bit word is B | G << 8 | R << 16 | A << 24, so
  /// a channel is this of the word shifted: no byte shuffles, which cost more than the
  /// arithmetic when SSE2 is all the target promises.
  @inline(__always)
  static func floats(ofLowBytes words: SIMD8<UInt32>) -> SIMD8<Float> {
    let bits = (words & SIMD8(repeating: 0xFF)) | SIMD8(repeating: integerMagicBits)
    return unsafeBitCast(bits, to: SIMD8<Float>.self) - integerMagic
  }
}
