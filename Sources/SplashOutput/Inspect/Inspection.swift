import SplashModel

/// What `inspect` prints, for any front end that shows it (`inspect`, the preview's layer
/// panel): the presentation values of a scene at a time, as JSON text.
public enum Inspection {
  /// The whole tree: time, canvas, background and every layer with its mask and sublayers.
  ///
  /// - Parameter archive: For a dotLottie archive, its animations and the id of the one drawn:
  ///   listed before the layers, so that the other ids are at hand for `--animation`.
  public static func tree(
    of scene: Scene, at time: Double, archive: (animations: [DotLottieArchive.Summary], drawn: String)? = nil
  ) -> String {
    let tree = scene.presentation(at: time, keepsHiddenSubtrees: true)
    let angles = AnimatedAngles(scene: scene, time: time)
    var members: [(String, JSONText)] = [
      ("time", .number(time)), ("canvasSize", .size(tree.canvasSize)), ("backgroundColor", .color(tree.backgroundColor)),
    ]
    if let archive {
      members.append(("animations", .array(archive.animations.map { listing($0, drawn: $0.id == archive.drawn) })))
    }
    members.append(("layers", .array(tree.layers.map { $0.inspectionTree(angles: angles) })))
    return JSONText.object(members).rendered()
  }

  /// One animation of an archive: its id, whether it is the default and the one drawn, and
  /// what its document says of its canvas (`size`, points), rate (`fps`) and length (`duration`, s).
  private static func listing(_ summary: DotLottieArchive.Summary, drawn: Bool) -> JSONText {
    var members: [(String, JSONText)] = [("id", .string(summary.id)), ("default", .bool(summary.isDefault)), ("drawn", .bool(drawn))]
    if let size = summary.size { members.append(("size", .array([.number(size.width), .number(size.height)]))) }
    if let rate = summary.framesPerSecond { members.append(("fps", .number(rate))) }
    if let duration = summary.duration { members.append(("duration", .number(duration))) }
    return .object(members)
  }

  /// The tree's shape alone: each layer's id and type, with its mask and sublayers, for a
  /// layer list (the whole tree's values run to hundreds of kilobytes for a tiled scene).
  public static func outline(of scene: Scene, at time: Double) -> String {
    JSONText.object([("layers", .array(scene.presentation(at: time, keepsHiddenSubtrees: true).layers.map(\.outline)))]).rendered()
  }

  /// One flat object of the properties of the layer `id`, or `nil` when no layer has that id.
  public static func layer(_ id: String, of scene: Scene, at time: Double) -> String? {
    guard let layer = scene.presentation(at: time, keepsHiddenSubtrees: true).layer(withID: id) else { return nil }
    return JSONText.object(layer.inspectionProperties(angles: AnimatedAngles(scene: scene, time: time))).rendered()
  }

  /// Every layer's id at `time`, depth first, masks before sublayers.
  public static func layerIDs(of scene: Scene, at time: Double) -> [String] {
    scene.presentation(at: time, keepsHiddenSubtrees: true).layers.flatMap(\.allIDs)
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
