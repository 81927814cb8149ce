/// Walking a model tree: a layer, its mask and its sublayers, all the way down. What a scene
/// reads (its files, its fonts, its images) and what the loader puts in place (Lottie files
/// and videos) go through these, so a new place layers live (a mask, a sublayer) is added once.
extension Layer {
  /// Calls `body` with this layer and every layer below it, masks included, depth first.
  public func forEachInTree(_ body: (Layer) -> Void) {
    body(self)
    mask?.forEachInTree(body)
    for sublayer in sublayers { sublayer.forEachInTree(body) }
  }

  /// Whether this layer or any below it, masks included, satisfies `predicate`.
  public func treeContains(where predicate: (Layer) -> Bool) -> Bool {
    predicate(self) || (mask?.treeContains(where: predicate) ?? false) || sublayers.contains { $0.treeContains(where: predicate) }
  }

  /// This tree with `transform` applied to every layer, its sublayers and mask first.
  public func mappingTree(_ transform: (Layer) throws -> Layer) rethrows -> Layer {
    var layer = self
    layer.sublayers = try sublayers.map { try $0.mappingTree(transform) }
    layer.mask = try mask.map { try $0.mappingTree(transform) }
    return try transform(layer)
  }
}

extension Scene {
  /// Calls `body` with every layer of the scene's tree, masks included (not the backdrop).
  public func forEachLayer(_ body: (Layer) -> Void) {
    for layer in layers { layer.forEachInTree(body) }
  }

  /// Whether any layer of the scene's tree satisfies `predicate`.
  public func containsLayer(where predicate: (Layer) -> Bool) -> Bool {
    layers.contains { $0.treeContains(where: predicate) }
  }

  /// The scene with `transform` applied to every layer of its tree, sublayers and masks first.
  public func mappingLayers(_ transform: (Layer) throws -> Layer) rethrows -> Scene {
    var scene = self
    scene.layers = try layers.map { try $0.mappingTree(transform) }
    return scene
  }
}
