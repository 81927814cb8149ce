/// An sRGB colour with straight (not premultiplied) alpha, each component in 0...1.
///
/// This is the colour a preset names (`#0F4E65`) and the one Core Animation interpolates:
/// component by component, alpha included.
public struct Color: Sendable, Hashable, CustomStringConvertible {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from 8-bit components, as in `#RRGGBB`.
  public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
    self.init(
      red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
      alpha: Double(alpha8) / 255)
  }

  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)

  public var isOpaque: Bool { alpha >= 1 }

  /// The colour as `#RRGGBBAA`, each component rounded to 8 bits.
  public var description: String {
    func hex(_ component: Double) -> String {
      let value = Int((component.clampedToUnit * 255).rounded())
      let digits = String(value, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + hex(red) + hex(green) + hex(blue) + hex(alpha)
  }

  /// The colour seen through `tint`: each component, alpha included, multiplied by the
  /// tint's (white leaves a colour as it is).
  public func multiplied(by tint: Color) -> Color {
    Color(red: red * tint.red, green: green * tint.green, blue: blue * tint.blue, alpha: alpha * tint.alpha)
  }

  /// The colour a fraction `amount` of the way from `self` to `other`.
  public func interpolated(to other: Color, amount: Double) -> Color {
    func mix(_ from: Double, _ to: Double) -> Double { from + (to - from) * amount }
    return Color(
      red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
      alpha: mix(alpha, other.alpha))
  }
}
