import SplashCore

/// The sub-key paths: each reads and writes one component of a whole property's value and
/// leaves the others as they are.
///
/// Those of `transform` go through `TransformComponents`, so `transform.rotation.z` from 0 to
/// 2π is a full turn: the animation interpolates the angle, not the matrix.
extension LayerPropertyRegistry {
  public static let positionX = LayerProperty<Double>(
    "position.x", traits: [.placesLayers, .appliedWhenCompositing], read: { $0.position.x },
    write: { $0.position.x = $1 })
  public static let positionY = LayerProperty<Double>(
    "position.y", traits: [.placesLayers, .appliedWhenCompositing], read: { $0.position.y },
    write: { $0.position.y = $1 })
  public static let boundsOrigin = LayerProperty<Point>(
    "bounds.origin", traits: .placesLayers, read: { $0.bounds.origin }, write: { $0.bounds.origin = $1 })
  public static let boundsSize = LayerProperty<Size>(
    "bounds.size", traits: .placesLayers, read: { $0.bounds.size }, write: { $0.bounds.size = $1 })
  public static let boundsWidth = LayerProperty<Double>(
    "bounds.size.width", traits: .placesLayers, read: { $0.bounds.width }, write: { $0.bounds.size.width = $1 })
  public static let boundsHeight = LayerProperty<Double>(
    "bounds.size.height", traits: .placesLayers, read: { $0.bounds.height }, write: { $0.bounds.size.height = $1 })

  public static let rotationX = transformComponent("transform.rotation.x", traits: .angle, \.rotation.x)
  public static let rotationY = transformComponent("transform.rotation.y", traits: .angle, \.rotation.y)
  /// Also `transform.rotation`, Core Animation's name for the same angle.
  public static let rotationZ = transformComponent(
    "transform.rotation.z", aliases: ["transform.rotation"], traits: .angle, \.rotation.z)
  /// The mean of the three scale factors; setting it sets all three.
  public static let scale = LayerProperty<Double>(
    "transform.scale", traits: transformTraits,
    read: {
      let scale = TransformComponents($0.transform).scale
      return (scale.x + scale.y + scale.z) / 3
    },
    write: { properties, factor in properties.updateTransform { $0.scale = (factor, factor, factor) } })
  public static let scaleX = transformComponent("transform.scale.x", \.scale.x)
  public static let scaleY = transformComponent("transform.scale.y", \.scale.y)
  public static let scaleZ = transformComponent("transform.scale.z", \.scale.z)
  /// The x and y translation, as a size.
  public static let translation = LayerProperty<Size>(
    "transform.translation", traits: transformTraits,
    read: {
      let translation = TransformComponents($0.transform).translation
      return Size(width: translation.x, height: translation.y)
    },
    write: { properties, offset in
      properties.updateTransform {
        $0.translation.x = offset.width
        $0.translation.y = offset.height
      }
    })
  public static let translationX = transformComponent("transform.translation.x", \.translation.x)
  public static let translationY = transformComponent("transform.translation.y", \.translation.y)
  public static let translationZ = transformComponent("transform.translation.z", \.translation.z)

  /// What every transform component shares with `transform` itself.
  private static let transformTraits: LayerPropertyTraits = [.placesLayers, .appliedWhenCompositing]

  /// One number of the decomposed transform.
  private static func transformComponent(
    _ name: String, aliases: [String] = [], traits: LayerPropertyTraits = [],
    _ component: WritableKeyPath<TransformComponents, Double> & Sendable
  ) -> LayerProperty<Double> {
    LayerProperty(
      name, aliases: aliases, traits: transformTraits.union(traits),
      read: { TransformComponents($0.transform)[keyPath: component] },
      write: { properties, value in properties.updateTransform { $0[keyPath: component] = value } })
  }
}

extension LayerProperties {
  /// Decomposes the transform, lets `change` set some components, and recomposes it.
  fileprivate mutating func updateTransform(_ change: (inout TransformComponents) -> Void) {
    var components = TransformComponents(transform)
    change(&components)
    transform = components.transform
  }
}
