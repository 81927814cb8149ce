import SplashCore

/// A scene made ready to be evaluated frame after frame: what never changes is presented once.
///
/// Most of a Lottie file's layers are still subtrees: shape groups with no animation, no
/// lifetime, no mask, no time remap, whose presentation is the same at every time
/// (issue_1949: 320 of its 359 layers, in 137 such subtrees). `Scene.presentation(at:)`
/// evaluated each of them again in every frame, and the display list and the caches after it
/// compared them again field by field. The evaluator presents each still subtree once, resting
/// and moving (its superlayer's motion is all that can change in it), and hands the same
/// values out in every frame: equal to what `Scene.presentation(at:)` computes, and sharing
/// their storage, so that what compares them later finds them identical at once.
///
///     Scene ──SceneEvaluator.init──▶ still subtrees presented (once)
///                                         │
///     time ──presentation(at:)────────────┴──▶ PresentationTree (the rest evaluated at time)
///
/// It holds a copy of the scene, so a scene changed afterwards is not seen: make an evaluator
/// of the scene that is drawn.
public struct SceneEvaluator: Sendable {
  public let scene: Scene
  private let stills: SceneStills

  public init(_ scene: Scene) {
    self.scene = scene
    let copies = AnimatedCopies(scene.layers)
    stills = SceneStills(
      layers: scene.layers.map { StillPresentations($0, copies: copies) },
      backdrop: scene.backdrop.map { StillPresentations($0, copies: copies) },
      motionScope: MotionScope(above: scene.layers), hasAnimatedCopies: copies.count > 0)
  }

  /// The presentation tree at scene time `time`: the same tree as `scene.presentation(at:)`.
  public func presentation(at time: Double) -> PresentationTree {
    scene.presentation(at: time, detail: .drawn, stills: stills)
  }

  /// The presentation tree at scene time `time`, its layers equal to `previous`'s sharing their
  /// storage (see `PresentationTree+Sharing.swift`): for a renderer that keeps its last tree,
  /// so that its display list takes the nodes of what did not change.
  public func presentation(at time: Double, sharingWith previous: PresentationTree?) -> PresentationTree {
    scene.presentation(at: time, detail: .drawn, stills: stills, earlier: previous)
  }
}

/// The still parts of a scene's top-level layers and of its backdrop, and where the motion
/// probe looks among its layers.
struct SceneStills: Sendable {
  var layers: [StillPresentations]
  var backdrop: StillPresentations?
  var motionScope: MotionScope
  /// Whether layers hold the very same model values and animations as others
  /// (`AnimatedCopies`): each frame then keeps the values applied for them
  /// (`AppliedAnimations`).
  var hasAnimatedCopies = false
}

/// What a layer's subtree presents the same at every time: the whole subtree, presented once,
/// when it is still; otherwise the same for each sublayer and the mask, and the layer as it
/// shows outside its lifetime when it has one.
final class StillPresentations: Sendable {
  /// A presentation made once at rest and once moving with its superlayer: a superlayer's
  /// motion is all that can change in it.
  struct RestingAndMoving: Sendable {
    let resting: PresentationLayer
    let moving: PresentationLayer

    init(_ present: (_ moving: Bool) -> PresentationLayer) {
      resting = present(false)
      moving = present(true)
    }
  }

  /// The whole subtree, when it is still.
  let subtree: RestingAndMoving?
  let sublayers: [StillPresentations]
  let mask: StillPresentations?
  /// The layer outside its lifetime (hidden, at its model values, nothing below it), for a
  /// layer with a lifetime: issue_1717 shows about 85 of its 498 layers at a time, and
  /// presenting each of the others copied its properties in every frame.
  let removed: RestingAndMoving?
  /// Where the whole subtree presents the same, in the time its superlayer sees: the earlier
  /// frame's subtree is then this frame's (see `Layer.presentation`). Always, for a still
  /// subtree.
  let steady: SteadySpans
  /// Whether two or more of the sublayers hold the very same sublayers (a Lottie repeater's
  /// copies of the items before it), which the first to present them hands to the others
  /// (`SiblingSublayers`).
  let sublayersShareTheirs: Bool
  /// The number of this layer's pair of model values and animations, when another layer of
  /// the scene holds the very same (`AnimatedCopies`): the values its animations set at a time
  /// are then kept for the others (`AppliedAnimations`).
  let animatedCopy: Int?

  /// The whole subtree as presented at rest or moving, when it is still. Read field by field:
  /// a copy of the pair would retain both presentations.
  func subtree(moving: Bool) -> PresentationLayer? { moving ? subtree?.moving : subtree?.resting }

  /// The layer outside its lifetime, at rest or moving, when it has a lifetime.
  func removed(moving: Bool) -> PresentationLayer? { moving ? removed?.moving : removed?.resting }

  /// Sublayer `index`'s, or `nil` within a still subtree (presented whole).
  func sublayer(_ index: Int) -> StillPresentations? { index < sublayers.count ? sublayers[index] : nil }

  init(_ layer: Layer, copies: AnimatedCopies? = nil) {
    animatedCopy = copies?.number(of: layer)
    if layer.isStillSubtree {
      // Times do not matter to a still subtree; the probe only tells it whether it moves.
      subtree = RestingAndMoving { moving in
        layer.presentation(
          at: 0, animationTime: 0, tint: .white, detail: .drawn,
          motion: Layer.MotionProbe(
            time: Scene.motionProbeInterval, animationTime: Scene.motionProbeInterval, superlayerMoves: moving,
            scope: MotionScope(layer)))
      }
      sublayers = []
      mask = nil
    } else {
      subtree = nil
      sublayers = layer.sublayers.map { StillPresentations($0, copies: copies) }
      mask = layer.mask.map { StillPresentations($0, copies: copies) }
    }
    steady = subtree != nil ? .always : Self.steadySpans(of: layer, sublayers: sublayers, mask: mask)
    removed =
      layer.lifetime == nil ? nil : RestingAndMoving { moving in layer.removedPresentation(id: layer.id, tint: .white, moving: moving) }
    sublayersShareTheirs = subtree == nil && SiblingSublayers.share(layer.sublayers)
  }
}

extension StillPresentations {
  /// Where `layer` and its subtree (whose sublayers' and mask's still parts are `sublayers`
  /// and `mask`) present the same: where its lifetime does not begin or end and each of its
  /// animations, sublayers and mask holds steady. Never for a replicator (whose instances'
  /// delays shift their times), a video, or a time remap (below which times run otherwise),
  /// nor past `SteadySpans.mostKept` spans.
  static func steadySpans(of layer: Layer, sublayers: [StillPresentations], mask: StillPresentations?) -> SteadySpans {
    guard layer.kind != .replicator, !layer.hasTimeRemapOrVideo else { return .never }
    var steady = layer.lifetime.map { SteadySpans(apartFrom: [$0.addedAt, $0.removedAt]) } ?? .always
    for animation in layer.animations where !steady.spans.isEmpty {
      steady = steady.intersection(animation.steadySpans)
    }
    for sublayer in sublayers where !steady.spans.isEmpty { steady = steady.intersection(sublayer.steady) }
    if let mask { steady = steady.intersection(mask.steady) }
    return steady.spans.count > SteadySpans.mostKept ? .never : steady
  }
}

extension Layer {
  /// Whether the layer and everything below it show the same at every time: no animation,
  /// lifetime, time remap, video or mask anywhere, and no replicator (whose instances carry
  /// ids and tints of their own).
  var isStillSubtree: Bool {
    isStill && kind != .replicator && sublayers.allSatisfy(\.isStillSubtree)
  }
}
