/// How a layer's picture combines with what is below it.
///
/// Core Animation offers this as `CALayer.compositingFilter` with Core Image's blend filters,
/// named as iOS code names them (`layer.compositingFilter = "multiplyBlendMode"`); Lottie files
/// ask for it per layer (`bm`), After Effects' modes, which are the same separable and
/// non-separable modes PDF and Cairo define. No filter, Core Animation's default, is plain
/// source-over compositing (Core Image's `sourceOverCompositing`).
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
  case normal = "sourceOverCompositing"
  case multiply = "multiplyBlendMode"
  case screen = "screenBlendMode"
  case overlay = "overlayBlendMode"
  case darken = "darkenBlendMode"
  case lighten = "lightenBlendMode"
  case colorDodge = "colorDodgeBlendMode"
  case colorBurn = "colorBurnBlendMode"
  case hardLight = "hardLightBlendMode"
  case softLight = "softLightBlendMode"
  case difference = "differenceBlendMode"
  case exclusion = "exclusionBlendMode"
  case hue = "hueBlendMode"
  case saturation = "saturationBlendMode"
  case color = "colorBlendMode"
  case luminosity = "luminosityBlendMode"
  /// Colours added, channel by channel, clamped at white (After Effects' Add, Core Image's
  /// addition compositing): light on light glows.
  case add = "additionCompositing"
}
