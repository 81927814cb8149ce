import SplashRaster

/// A masked gradient being shaded through the one fill or stroke its mask paints
/// (`CairoBackend.shadeGradientThroughMask`): while the backend holds one, that paint's
/// coverage goes to `target`, as the picture of the mask it would have been drawn into (the
/// target's picture, where a pushed group would have been) would hold it.
final class MaskShading {
  let target: ShadingTarget
  /// Whether the paint was shaded through.
  var isShaded = false
  /// Set when the paint could not be taken this way: nothing was laid, and the mask is to be
  /// drawn into a picture after all.
  var failed = false

  init(target: ShadingTarget) { self.target = target }
}
