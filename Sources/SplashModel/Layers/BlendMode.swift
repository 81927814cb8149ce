/// How a layer's picture combines with what is below it.
///
/// Core Animation offers this as `CALayer.compositingFilter` with Core Image's blend filters
/// (`multiplyBlendMode`, …); Lottie files ask for it per layer (`bm`), After Effects' modes,
/// which are the same separable and non-separable modes PDF and Cairo define. Presets do not
/// set it yet.
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference,
    exclusion, hue, saturation, color, luminosity
}
