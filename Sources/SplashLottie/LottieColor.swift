import SplashCore

/// Lottie colours: `[r, g, b]` or `[r, g, b, a]` from 0 to 1 (some old exporters wrote 0…255).
enum LottieColor {
  static func color(_ components: [Double]) -> Color {
    let scale = components.prefix(3).contains { $0 > 1 } ? 255.0 : 1
    func channel(_ index: Int, default value: Double) -> Double {
      index < components.count ? min(max(components[index] / (index < 3 ? scale : 1), 0), 1) : value
    }
    return Color(red: channel(0, default: 0), green: channel(1, default: 0), blue: channel(2, default: 0), alpha: channel(3, default: 1))
  }

  /// A solid layer's `sc`: `#RRGGBB`.
  static func color(hex: String) -> Color? {
    var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
    if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    return Color(red8: UInt8(value >> 16 & 0xFF), green8: UInt8(value >> 8 & 0xFF), blue8: UInt8(value & 0xFF))
  }
}
