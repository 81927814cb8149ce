import CCairo
import SplashModel
import SplashRender

/// Luma masks (`MaskMode.luminance`): After Effects' luma track mattes, which Lottie files ask
/// for and Core Animation does not have.
extension CairoBackend {
  /// Draws `mask` and returns it as a mask pattern whose alpha is the drawing's luminance, or
  /// its alpha for `MaskMode.alpha`.
  ///
  /// A luminance mask is drawn in colour, then each pixel's alpha becomes the Rec. 709
  /// luminance of its premultiplied colour (0.2126 R + 0.7152 G + 0.0722 B, Skia's
  /// `SkLumaColorFilter` and ThorVG's luma masks; a clear pixel is 0). Cairo masks by alpha
  /// alone, so the colour channels are cleared and the alpha is rewritten in place.
  func drawMask(_ mask: DisplayNode, mode: MaskMode, in cairo: OpaquePointer) throws -> OpaquePointer {
    pushGroup(cairo, alphaOnly: mode == .alpha)
    // The group has no clip: the mask is composited into it under none.
    let outerClip = compositingClip
    compositingClip = offscreenDepth == 0 ? DrawPlan.Clip.none : nil
    defer { compositingClip = outerClip }
    try draw(mask, in: cairo)
    guard let drawn = cairo_pop_group(cairo) else { throw cairoFailure("drawing a mask", cairo) }
    guard mode == .luminance else { return drawn }
    guard let pixels = SurfacePixels(of: drawn, format: CAIRO_FORMAT_ARGB32) else {
      cairo_pattern_destroy(drawn)
      throw cairoFailure("drawing a luminance mask", cairo)
    }
    for y in 0..<pixels.height {
      let row = pixels.argbRow(y)
      for x in 0..<pixels.width { row[x] = Self.luminanceAsAlpha(row[x]) }
    }
    pixels.markDirty()
    return drawn
  }

  /// A premultiplied ARGB32 pixel as a pixel whose alpha is its luminance and whose colour is
  /// cleared: 0.2126 R + 0.7152 G + 0.0722 B in 16-bit fixed point (the weights, × 65 536,
  /// sum to 65 536, so white stays 255), rounded.
  static func luminanceAsAlpha(_ pixel: UInt32) -> UInt32 {
    guard pixel != 0 else { return 0 }
    let red = (pixel >> 16) & 0xFF
    let green = (pixel >> 8) & 0xFF
    let blue = pixel & 0xFF
    let luminance = (red * 13_933 + green * 46_871 + blue * 4_732 + 32_768) >> 16
    return luminance << 24
  }
}
