import SplashCore
import SplashModel

extension LottieFill {
  /// A constant opaque fill in `color` (a text's `fc`), with the non-zero rule glyph outlines
  /// are drawn for.
  init(color: Color) {
    self.color = .constant([color.red, color.green, color.blue, color.alpha])
    opacity = .constant(100)
    rule = .nonZero
  }
}

extension LottieStroke {
  /// A constant opaque stroke of `width` in `color` (a text's `sc` and `sw`), with the butt
  /// caps and round joins lottie-web outlines text with.
  init(color: Color, width: Double) {
    self.color = .constant([color.red, color.green, color.blue, color.alpha])
    opacity = .constant(100)
    self.width = .constant(width)
    cap = .butt
    join = .round
    miterLimit = 4
  }
}
