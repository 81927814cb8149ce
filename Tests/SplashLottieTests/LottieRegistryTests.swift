import Foundation
import SplashModel
import Testing

@testable import SplashLottie

/// The Lottie compiler writes the same model the preset compiler does, through the property
/// registry: every animation it makes targets a property the layer's kind has, with values of
/// the kind that property animates.
@Suite("Lottie animations target registry properties of the layer's kind")
struct LottieRegistryTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

  /// Corpus files with animations: shapes, trims, a repeater, a gradient, a
  /// time-remapped precomposition.
  static let files = [
    "lottie-dot.json", "lottie-trim-ring.json", "lottie-repeater-gradient-star.json",
    "lottie-precomp-remap.json",
  ]

  /// Every value an animation carries.
  private static func values(of animation: PropertyAnimation) -> [AnimatableValue] {
    switch animation.values {
    case .basic(let from, let to, let by), .spring(let from, let to, let by, _): [from, to, by].compactMap { $0 }
    case .keyframes(let track): track.values
    case .keyframePath: []
    }
  }

  @Test("each animation's key path is the layer kind's, and its values are that property's kind", arguments: files)
  func animationsMatchTheRegistry(file: String) throws {
    let scene = try LottieCompiler.compile(Data(contentsOf: Self.corpus.appendingPathComponent(file)), file: file)
    var pending = scene.layers
    var checked = 0
    while let layer = pending.popLast() {
      pending += layer.sublayers + (layer.mask.map { [$0] } ?? [])
      var animations = layer.animations
      while let animation = animations.popLast() {
        switch animation {
        case .group(let group): animations += group.animations
        case .property(let property):
          let keyPath = property.keyPath
          #expect(keyPath.layerKinds.contains(layer.kind), "\(layer.id): \(keyPath) on a \(layer.kind) layer")
          #expect(LayerKeyPath(rawValue: keyPath.rawValue) == keyPath, "\(keyPath) is the registry's")
          for value in Self.values(of: property) {
            #expect(value.kind == keyPath.valueKind, "\(layer.id): \(keyPath) carries \(value.kind)")
          }
          checked += 1
        }
      }
    }
    #expect(checked > 0, "\(file) has animations to check")
  }
}
