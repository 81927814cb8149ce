import SplashCore
import SplashModel

/// The one colour a layer's subtree paints with, when it paints with only one.
///
/// An opacity group whose every fill, stroke, background and border has the same red, green
/// and blue holds, at each pixel, that colour premultiplied by the group's alpha: the colour
/// channels carry nothing the alpha does not. Such a group is drawn as an alpha-only (A8)
/// surface and composited as the colour through it, which is the same picture with a quarter
/// of the memory to clear, keep and blend. fuber's lattice tiles (two strokes of one blue,
/// faded as a group) are the case this is for.
///
/// Anything whose colours come from elsewhere (images, text, gradients, shadows) or that is
/// drawn through its own machinery (masks, perspective) makes the subtree non-uniform.
enum UniformInk {
  /// The colour (alpha 1) of everything `layer` and its visible sublayers paint, or `nil` when
  /// they paint nothing, several colours, or anything the rule above leaves out. The layer's
  /// own opacity does not matter: the group is faded as a whole.
  static func of(_ layer: PresentationLayer) -> Color? {
    var ink: Color?
    guard collect(layer, into: &ink) else { return nil }
    return ink
  }

  /// Adds the colours `layer` paints to `ink`; false as soon as the subtree is not uniform.
  private static func collect(_ presented: PresentationLayer, into ink: inout Color?) -> Bool {
    // The colours as drawn: a replicator instance's are tinted.
    let layer = presented.withTintApplied
    let properties = layer.properties
    // Skipped by the renderer, so they paint nothing.
    guard !properties.isHidden, properties.opacity > 0 else { return true }
    guard layer.kind == .layer || layer.kind == .shape || layer.kind == .replicator,
      properties.contents == nil,
      layer.mask == nil,
      properties.shadow.opacity <= 0 || properties.shadow.color.alpha <= 0,
      properties.transform.flattened != nil,
      properties.sublayerTransform.isIdentity || properties.sublayerTransform.flattened != nil
    else { return false }

    let bounds = properties.bounds
    let hasArea = bounds.width > 0 && bounds.height > 0
    if hasArea, !add(properties.backgroundColor, to: &ink) { return false }
    if hasArea, properties.borderWidth > 0, !add(properties.borderColor, to: &ink) { return false }
    if layer.kind == .shape, let path = properties.shape.path, !path.isEmpty {
      let shape = properties.shape
      if !add(shape.fillColor, to: &ink) { return false }
      if shape.lineWidth > 0, shape.strokeEnd > shape.strokeStart, !add(shape.strokeColor, to: &ink) { return false }
    }
    for sublayer in layer.sublayers where !collect(sublayer, into: &ink) { return false }
    return true
  }

  /// Records a painted colour; false if it differs from the one already seen. Clear colours
  /// paint nothing and are ignored.
  private static func add(_ color: Color, to ink: inout Color?) -> Bool {
    guard color.alpha > 0 else { return true }
    let opaque = Color(red: color.red, green: color.green, blue: color.blue)
    guard let seen = ink else {
      ink = opaque
      return true
    }
    return seen == opaque
  }
}
