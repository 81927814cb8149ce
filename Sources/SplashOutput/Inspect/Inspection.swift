import SplashModel

/// What `inspect` prints, for any front end that shows it (`inspect`, the preview's layer
/// panel): the presentation values of a scene at a time, as JSON text.
public enum Inspection {
  /// The whole tree: time, canvas, background and every layer with its mask and sublayers.
  public static func tree(of scene: Scene, at time: Double) -> String {
    let tree = scene.presentation(at: time)
    let angles = AnimatedAngles(scene: scene, time: time)
    return JSONText.object([
      ("time", .number(time)), ("canvasSize", .size(tree.canvasSize)),
      ("backgroundColor", .color(tree.backgroundColor)),
      ("layers", .array(tree.layers.map { $0.inspectionTree(angles: angles) })),
    ]).rendered()
  }

  /// One flat object of the properties of the layer `id`, or `nil` when no layer has that id.
  public static func layer(_ id: String, of scene: Scene, at time: Double) -> String? {
    guard let layer = scene.presentation(at: time).layer(withID: id) else { return nil }
    return JSONText.object(layer.inspectionProperties(angles: AnimatedAngles(scene: scene, time: time))).rendered()
  }

  /// Every layer's id at `time`, depth first, masks before sublayers.
  public static func layerIDs(of scene: Scene, at time: Double) -> [String] {
    scene.presentation(at: time).layers.flatMap(\.allIDs)
  }
}

extension PresentationLayer {
  /// This layer's id and those of its mask and sublayers, depth first.
  var allIDs: [String] {
    [id] + (mask?.allIDs ?? []) + sublayers.flatMap(\.allIDs)
  }
}
