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

  /// The tree's shape alone: each layer's id and type, with its mask and sublayers, for a
  /// layer list (the whole tree's values run to hundreds of kilobytes for a tiled scene).
  public static func outline(of scene: Scene, at time: Double) -> String {
    JSONText.object([("layers", .array(scene.presentation(at: time).layers.map(\.outline)))]).rendered()
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
  /// This layer's id and type, with its mask's and sublayers' outlines.
  var outline: JSONText {
    var members: [(String, JSONText)] = [("id", .string(id)), ("type", .string(kind.rawValue))]
    if let mask { members.append(("mask", mask.outline)) }
    members.append(("sublayers", .array(sublayers.map(\.outline))))
    return .object(members)
  }

  /// This layer's id and those of its mask and sublayers, depth first.
  var allIDs: [String] {
    [id] + (mask?.allIDs ?? []) + sublayers.flatMap(\.allIDs)
  }
}
