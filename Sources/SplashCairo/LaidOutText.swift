import CPangoCairo
import SplashCore

/// A text layer's string laid out by Pango, and where and how large it goes in the layer.
struct LaidOutText {
  /// The Pango layout, in layout units of `scale` points each; the owner releases it.
  let layout: OpaquePointer
  /// Where the layout's top left goes, in the layer's space.
  let origin: Point
  /// Layer points per layout unit: 1, or more for text larger than
  /// `TextLimits.largestLayoutFontSize`, which is laid out smaller and scaled up.
  let scale: Double
}
