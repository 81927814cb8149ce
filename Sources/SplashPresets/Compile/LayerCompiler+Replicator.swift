import SplashCore
import SplashModel

/// `type: "replicator"`: a `CAReplicatorLayer`, whose instances are made when the scene is
/// presented (`Layer.instances`) and counted here, when the preset compiles.
///
///     { id: "spinner", type: "replicator", bounds: [0, 0, 80, 80], position: [187.5, 333.5],
///       instanceCount: 8, instanceTransform: { rotate: "45deg" }, instanceDelay: 0.125,
///       instanceColor: "white", instanceAlphaOffset: -0.1,
///       sublayers: [ { id: "dot", … } ] }       // instances: dot, dot#1 … dot#7 in spinner/0 … spinner/7
extension LayerCompiler {
  /// The replicator's animatable properties that presets read by a rule of their own.
  nonisolated(unsafe) static let replicatorValueRules: [PresetPropertyReader] = {
    typealias R = LayerPropertyRegistry
    let offsets = [R.instanceRedOffset, R.instanceGreenOffset, R.instanceBlueOffset, R.instanceAlphaOffset]
    return [
      PresetPropertyReader(R.instanceDelay) {
        try $0.number(in: -3_600...3_600, expected: "a delay in seconds from −3600 to 3600")
      }
    ]
      + offsets.map { offset in
        PresetPropertyReader(offset) { try $0.number(in: -1...1, expected: "a change per instance from −1 to 1") }
      }
  }()

  /// The replicator's fixed properties: the instances are counted, and kept flat, when the
  /// preset compiles.
  nonisolated(unsafe) static let replicatorFixedRules: [PresetPropertyReader] = [
    PresetPropertyReader(LayerPropertyRegistry.instanceCount) { try $0.integer(in: 0...PresetLimits.replicatorInstances) },
    PresetPropertyReader("preservesDepth") { value, _ in
      guard try !value.bool() else {
        throw value.error(
          expected: "false: instances are flattened into the replicator's plane (3D instances are not supported)")
      }
    },
  ]

  /// Counts a compiled replicator's instances against the preset's budget.
  ///
  /// Instance 0 is the sublayers themselves (already counted); each instance adds its holder
  /// layer (`spinner/k`) and, from instance 1 on, a copy of every sublayer, mask and nested
  /// instance, with their animations.
  func countInstances(of replicator: Layer, at cursor: JSONCursor) throws {
    let count = max(replicator.properties.replicator.instanceCount, 0)
    let copies = max(count - 1, 0)
    let sublayerLayers = replicator.sublayers.reduce(0) { $0 + $1.presentedLayerCount }
    let sublayerAnimations = replicator.sublayers.reduce(0) { $0 + $1.presentedAnimationCount }
    try budget.addInstances(layers: count + copies * sublayerLayers, animations: copies * sublayerAnimations, at: cursor)
  }

  /// Checks that no replicator instance is given an id a layer of the preset has, which only
  /// an id written with `#` or `/` can: instances' ids are unique among themselves by their
  /// construction (`ReplicatorStyle`).
  ///
  /// - Parameter roots: The compiled root layers with the cursors they were compiled from.
  static func checkInstanceIDs(_ roots: [(layer: Layer, cursor: JSONCursor)]) throws {
    var seen: Set<String> = []
    for (layer, cursor) in roots {
      for id in layer.presentedIDs where !seen.insert(id).inserted {
        throw cursor.error(
          "a replicator's instances need ids no other layer has: \"\(id)\" is a layer's id and a replicator instance's")
      }
    }
  }
}
