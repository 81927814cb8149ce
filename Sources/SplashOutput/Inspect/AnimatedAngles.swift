import Foundation
import SplashCore
import SplashModel

/// The rotation angles animations drive, unfolded, for `inspect`.
///
/// A presented layer holds its transform as a matrix, and the rotation read back from a matrix
/// is folded into −180°…180° (`TransformComponents`): a `transform.rotation` animation at 288°
/// reads as −72°, a second turn as the first. So for each layer whose animations set
/// `transform.rotation` (or `.x`, `.y`, `.z`) at the time inspected, `inspect` also prints the
/// angle the animation set, in degrees, keyed by that key path: `"transform.rotation": 288`.
///
/// An angle is printed only while it still describes the presented transform, that is, it
/// equals the transform's own angle but for whole turns. A later animation of the whole
/// `transform`, a keyframe path turning the layer along it, or another animation of the same
/// angle makes the layer show another angle; the stale one is left out rather than shown
/// beside a transform it does not describe.
struct AnimatedAngles {
  /// The key paths whose angles are kept, in the order `inspect` prints them:
  /// `transform.rotation`, then `.x`, `.y` and `.z`.
  static let keyPaths: [LayerKeyPath] = LayerKeyPath.allCases.filter(\.isAngle)

  /// The Euler angle of `components` that `keyPath` sets, in radians.
  private static func presentedAngle(_ keyPath: LayerKeyPath, in components: TransformComponents) -> Double {
    switch keyPath {
    case LayerPropertyRegistry.rotationX: components.rotation.x
    case LayerPropertyRegistry.rotationY: components.rotation.y
    default: components.rotation.z
    }
  }

  /// Each layer's animated angles in radians, by layer id.
  private var angles: [String: [LayerKeyPath: Double]] = [:]

  /// The animated angles of every layer of `scene` at scene time `time` (masks included).
  init(scene: Scene, time: Double) {
    var pending = scene.layers
    while let layer = pending.popLast() {
      pending += layer.sublayers + (layer.mask.map { [$0] } ?? [])
      guard layer.animations.contains(where: Self.mayRotate) else { continue }
      var found: [LayerKeyPath: Double] = [:]
      for (keyPath, value) in layer.animatedValues(at: time) {
        if case .scalar(let angle) = value, Self.keyPaths.contains(keyPath) { found[keyPath] = angle }
      }
      if !found.isEmpty { angles[layer.id] = found }
    }
  }

  /// `inspect`'s fields for the presented `layer`: each animated angle in degrees, by key path.
  func fields(for layer: PresentationLayer) -> [(String, JSONText)] {
    guard let found = angles[layer.id] else { return [] }
    let components = TransformComponents(layer.properties.transform)
    return Self.keyPaths.compactMap { keyPath in
      guard let angle = found[keyPath] else { return nil }
      // Whole turns apart (within rounding) is the same orientation: the angle is unfolded.
      let turns = (angle - Self.presentedAngle(keyPath, in: components)) / (2 * .pi)
      guard abs(turns - turns.rounded()) < 1e-9 else { return nil }
      return (keyPath.rawValue, .number(angle * 180 / .pi))
    }
  }

  /// Whether `animation` (or one inside a group) animates one of the kept angles; only those
  /// layers are evaluated again.
  private static func mayRotate(_ animation: Animation) -> Bool {
    switch animation {
    case .property(let property): keyPaths.contains(property.keyPath)
    case .group(let group): group.animations.contains(where: mayRotate)
    }
  }
}
