import SplashCore

/// A transform as the separate components the `transform.*` key paths address.
///
/// Reading `transform.rotation.z` decomposes the layer's transform and reports the z angle;
/// animating it replaces that one angle and recomposes, keeping translation, scale, skew,
/// perspective and the other angles. Components compose, for a row vector p, as
///
///     p · scale · skew · rotation.x · rotation.y · rotation.z · translation · perspective
///
/// A transform that cannot be decomposed (a zero scale) reads as its translation with zero
/// scale and no rotation, so animating a component out of a collapsed layer starts from nothing
/// rather than failing.
public struct TransformComponents: Sendable {
  public var translation: (x: Double, y: Double, z: Double)
  public var scale: (x: Double, y: Double, z: Double)
  /// Euler angles in radians, applied x first, then y, then z.
  public var rotation: (x: Double, y: Double, z: Double)
  private var parts: DecomposedTransform

  /// The identity's components, decomposed once: most layers' model transform is the
  /// identity, and every frame's `transform.scale` or `transform.rotation.z` starts from it.
  private static let identityParts = DecomposedTransform(.identity)

  public init(_ transform: Transform3D) {
    if transform == .identity, let parts = Self.identityParts {
      self.parts = parts
    } else if let parts = DecomposedTransform(transform) {
      // A mirror stays on x (see `reflectionOnX`): components are set one at a time.
      self.parts = parts.reflectionOnX
    } else {
      parts = DecomposedTransform(translation: (transform.m41, transform.m42, transform.m43), scale: (0, 0, 0))
    }
    translation = parts.translation
    scale = parts.scale
    rotation = parts.eulerAngles
  }

  /// The transform these components compose to.
  public var transform: Transform3D {
    var result = parts
    result.translation = translation
    result.scale = scale
    result.setEulerAngles(x: rotation.x, y: rotation.y, z: rotation.z)
    return result.transform
  }
}
