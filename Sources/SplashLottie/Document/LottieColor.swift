import SplashCore

/// Lottie colours: `[r, g, b]` or `[r, g, b, a]` from 0 to 1 (some old exporters wrote 0…255).
///
/// Read as players read them (Lottie's iOS player's `LottieColor` decoding, and the web and
/// Android players alike): the fourth component is ignored, opacity comes from the style's `o`
/// alone, and a colour is taken as 0…255 only when all three channels are above 1.
enum LottieColor {
  static func color(_ components: [Double]) -> Color {
    color(components, alpha: 1)
  }

  /// The colour of `components` (their fourth ignored) at `alpha`: a gradient stop's, whose
  /// opacity comes from the gradient's opacity stops.
  static func color(_ components: [Double], alpha: Double) -> Color {
    let scale = components.count >= 3 && components.prefix(3).allSatisfy({ $0 > 1 }) ? 255.0 : 1
    func channel(_ index: Int) -> Double {
      index < components.count ? (components[index] / scale).clampedToUnit : 0
    }
    return Color(red: channel(0), green: channel(1), blue: channel(2), alpha: alpha.clampedToUnit)
  }

  /// A solid layer's `sc`: `#RRGGBB`.
  static func color(hex: String) -> Color? {
    var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
    if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    return Color(red8: UInt8(value >> 16 & 0xFF), green8: UInt8(value >> 8 & 0xFF), blue8: UInt8(value & 0xFF))
  }
}
