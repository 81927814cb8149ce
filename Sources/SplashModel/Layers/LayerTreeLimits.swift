/// How large a layer tree may be once presented: how deep its layers sit inside each other,
/// and how many layers a frame presents (replicator instances included).
///
/// Every stage after the model walks the tree recursively, once or more per frame (presenting,
/// finding what moves, drawing), so depth costs stack and the presented count costs time and
/// memory in every frame. Each front end bounds what its documents may say (`PresetLimits`,
/// `LottieLimits`); these bound what they may build together — a Lottie parent chain inside
/// precompositions inside each other, replicators in replicators — whichever front end built
/// it, checked before any frame is drawn.
public struct LayerTreeLimits: Sendable {
  /// Layers inside layers (a mask counts as a level, a replicator's instance too). A worker
  /// thread's 8 MB stack holds several times this many levels of presenting and drawing in a
  /// debug build.
  public var depth: Int
  /// Layers one frame presents.
  public var presentedLayers: Int

  public init(depth: Int, presentedLayers: Int) {
    self.depth = depth
    self.presentedLayers = presentedLayers
  }

  /// Far beyond the deepest and largest real animations (the seeds reach depth 4 and 84
  /// layers; busy Lottie files depth 20 and a few thousand layers).
  public static let standard = LayerTreeLimits(depth: 256, presentedLayers: 100_000)

  /// Checks `layers` against the limits, walking no further than they allow.
  ///
  /// - Throws: `LayerTreeLimitExceeded` naming the first layer past a limit.
  public func check(_ layers: [Layer]) throws(LayerTreeLimitExceeded) {
    var presented = 0
    for layer in layers { try check(layer, depth: 1, multiplier: 1, presented: &presented) }
  }

  /// `multiplier`: how many times the layer is presented (the product of the instance counts
  /// of the replicators it is in).
  private func check(_ layer: Layer, depth: Int, multiplier: Int, presented: inout Int) throws(LayerTreeLimitExceeded) {
    guard depth <= self.depth else {
      throw LayerTreeLimitExceeded(layerID: layer.id, expected: "layers inside each other at most \(self.depth) deep")
    }
    try add(multiplier, presentedBy: layer, to: &presented)
    if let mask = layer.mask { try check(mask, depth: depth + 1, multiplier: multiplier, presented: &presented) }
    guard !layer.sublayers.isEmpty else { return }
    var sublayerMultiplier = multiplier
    var sublayerDepth = depth + 1
    if layer.kind == .replicator {
      let instances = max(layer.properties.replicator.instanceCount, 0)
      guard instances > 0 else { return }
      // Each instance is a holder layer of its own, one level down, holding its copies.
      let (product, overflow) = multiplier.multipliedReportingOverflow(by: instances)
      try add(overflow ? Int.max : product, presentedBy: layer, to: &presented)
      sublayerMultiplier = product
      sublayerDepth += 1
    }
    for sublayer in layer.sublayers {
      try check(sublayer, depth: sublayerDepth, multiplier: sublayerMultiplier, presented: &presented)
    }
  }
}

extension LayerTreeLimits {
  /// Adds `count` layers presented to `presented`, refusing a sum past the limit (checked
  /// before adding, so it never overflows).
  private func add(_ count: Int, presentedBy layer: Layer, to presented: inout Int) throws(LayerTreeLimitExceeded) {
    guard count <= presentedLayers - presented else {
      throw LayerTreeLimitExceeded(
        layerID: layer.id,
        expected: "at most \(presentedLayers) layers presented in a frame (replicator instances count once each)")
    }
    presented += count
  }
}

/// A layer tree larger than `LayerTreeLimits` allow.
public struct LayerTreeLimitExceeded: Error, Sendable, CustomStringConvertible {
  /// The first layer found past the limit.
  public var layerID: String
  /// What the limit allows, worded as a message's "expected".
  public var expected: String

  public var description: String { "layer \"\(layerID)\": expected \(expected)" }
}
