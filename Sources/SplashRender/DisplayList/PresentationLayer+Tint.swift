import SplashCore
import SplashModel

/// A replicator instance's colour, applied where the layer's colours are drawn.
extension PresentationLayer {
  /// Multiplies the layer's own colours by its `tint`, in place: background, border, shadow,
  /// fill, stroke, text and gradient colours. Its image is tinted when drawn (`ImageCache`);
  /// its sublayers carry their own tints, and its mask counts by alpha alone.
  public mutating func applyTint() {
    guard tint != .white else { return }
    properties = properties.colorsMultiplied(by: tint)
  }
}

extension LayerProperties {
  /// These properties with every colour they draw with multiplied by `tint`.
  public func colorsMultiplied(by tint: Color) -> LayerProperties {
    var tinted = self
    tinted.backgroundColor = backgroundColor.multiplied(by: tint)
    tinted.borderColor = borderColor.multiplied(by: tint)
    // A shadow is cast by the layer's drawn alpha, which the tint's alpha has already faded.
    tinted.shadow.color = shadow.color.multiplied(by: Color(red: tint.red, green: tint.green, blue: tint.blue))
    tinted.shape.fillColor = shape.fillColor.multiplied(by: tint)
    tinted.shape.strokeColor = shape.strokeColor.multiplied(by: tint)
    tinted.text.foregroundColor = text.foregroundColor.multiplied(by: tint)
    tinted.text.strokeColor = text.strokeColor.multiplied(by: tint)
    tinted.gradient.colors = gradient.colors.map { $0.multiplied(by: tint) }
    return tinted
  }
}
