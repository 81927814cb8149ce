import SplashCore
import Testing

@testable import SplashModel

/// `LayerTreeLimits`: the bound on what any front end builds, checked before a frame is drawn.
@Suite("Layer tree limits: depth and presented layers, replicators multiplied")
struct LayerTreeLimitsTests {
  private let limits = LayerTreeLimits(depth: 10, presentedLayers: 1000)

  /// `depth` layers, each the only sublayer of the one before.
  private func chain(depth: Int) -> Layer {
    var layer = Layer(id: "0")
    for level in 1..<depth { layer = Layer(id: "\(level)", sublayers: [layer]) }
    return layer
  }

  private func replicator(_ id: String, instances: Int, holding sublayers: [Layer]) -> Layer {
    var layer = Layer(id: id, kind: .replicator, sublayers: sublayers)
    layer.properties.replicator.instanceCount = instances
    return layer
  }

  @Test("a tree at the depth limit passes; one level more, or ten times it, names the first layer past it")
  func depth() throws {
    try limits.check([chain(depth: 10)])
    for depth in [11, 100] {
      #expect {
        try limits.check([chain(depth: depth)])
      } throws: { error in
        "\(error)" == "layer \"\(depth - 11)\": expected layers inside each other at most 10 deep"
      }
    }
  }

  @Test("a mask is a level of its own")
  func maskDepth() throws {
    /// A layer masked by a chain `maskDepth` deep, inside eight layers.
    func masked(maskDepth: Int) -> Layer {
      var layer = Layer(id: "masked", mask: chain(depth: maskDepth))
      for level in 0..<8 { layer = Layer(id: "\(level)", sublayers: [layer]) }
      return layer
    }
    try limits.check([masked(maskDepth: 1)])
    #expect(throws: LayerTreeLimitExceeded.self) { try limits.check([masked(maskDepth: 2)]) }
  }

  @Test("nested replicators multiply their instances, holders included, without overflowing")
  func replicators() throws {
    // 10 × (holder + 10 × (holder + dot)) = 10 + 100 + 100 layers presented, and the outer replicator.
    let grid = replicator("rows", instances: 10, holding: [replicator("cells", instances: 10, holding: [Layer(id: "dot")])])
    try limits.check([grid])
    let cube = replicator("a", instances: 10, holding: [grid])
    #expect {
      try limits.check([cube])
    } throws: { error in
      "\(error)".contains("expected at most 1000 layers presented in a frame (replicator instances count once each)")
    }
    var huge = Layer(id: "dot")
    for level in 0..<8 { huge = replicator("r\(level)", instances: Int.max / 2, holding: [huge]) }
    #expect(throws: LayerTreeLimitExceeded.self) { try LayerTreeLimits(depth: 100, presentedLayers: .max).check([huge]) }
  }
}
