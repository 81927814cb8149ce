import SplashCore

/// The values animations set at one time, kept for the other layers of the frame that hold the
/// very same model values and animations: the copies of a precomposition used several times.
///
/// A Lottie file compiles a precomposition once for each use, and `Layer.shareEqualProperties`
/// gives the copies' layers one storage of values and one array of animations. Presented one
/// by one, each copy applied the same animations to the same values at the same time:
/// 1643-exploding-star shows 98 copies of one composition of four dots, and each dot's
/// keyframes were interpolated 98 times a frame, and 98 times more by the motion probe. What
/// animations set depends on the values they start from, the animations and the time alone,
/// so the values applied for one copy are every copy's:
///
///     copy 1 ── dot ── apply(model values, animations, t) ──▶ values   kept
///     copy 2 ── dot ───────────── same storage, same t ──────▶ values   taken
///     copy 3 ── dot ───────────── same storage, same t ──────▶ values   taken
///
/// Each pair of model storage and animations that several layers hold is numbered once for the
/// scene (`AnimatedCopies`); a frame keeps, for each, the values last applied and their time,
/// and the same for placement alone (the motion probe). One is made for each frame presented,
/// and asked only for layers that have copies.
final class AppliedAnimations {
  /// Values applied at a time.
  private struct Applied {
    var time: Double
    var values: CopyOnWrite<LayerProperties>
  }

  /// The last values applied for a pair of model values and animations, two entries for each
  /// pair's number (`AnimatedCopies.number(of:)`): all of them, then placement alone. Only
  /// the pairs presented in the frame have one: a file may number hundreds of pairs and show
  /// a few of them at a time (issue_1717 counted some 400 before copies that never show
  /// together were left out), and an array of them all, made and destroyed each frame, cost
  /// more than the entries saved.
  private var applied: [Int: Applied] = [:]

  /// `layer`'s model values with its animations applied at `animationTime` (placement alone
  /// when `placementOnly`): those applied last for a layer with the same values and
  /// animations (the pair numbered `pair`), when that was at the same time, or applied now and
  /// kept.
  ///
  /// One entry a pair and a kind, found by its number: copies of one composition are
  /// presented one after another, the same layers of each in the same order.
  func values(of layer: Layer, pair: Int, at animationTime: Double, placementOnly: Bool) -> CopyOnWrite<LayerProperties> {
    let entry = 2 * pair + (placementOnly ? 1 : 0)
    if let kept = applied[entry], kept.time == animationTime { return kept.values }
    var values = layer.propertiesStorage
    layer.applyAnimations(at: animationTime, to: &values, placementOnly: placementOnly)
    applied[entry] = Applied(time: animationTime, values: values)
    return values
  }
}

/// The layers of a scene that hold the very same model values and animations as another layer
/// of it (`Layer.shareEqualProperties` made equal ones one) that may show at the same time,
/// each such pair numbered: those whose applied values `AppliedAnimations` keeps for the
/// others.
///
/// Copies that never show together gain nothing and would pay for keeping what they apply:
/// issue_1717 uses its scenes' composition twice, one use after the other. Each layer may show
/// while it and every layer above it are in the tree (their lifetimes, in scene time down to a
/// time remap, below which they count in other times and are not looked at); a pair counts
/// when two of its layers' spans meet.
struct AnimatedCopies {
  private struct Pair: Hashable {
    var model: UnsafeRawPointer
    var animations: UnsafeRawPointer
  }

  /// Scene seconds where a layer may show: from `start` up to `end`.
  private struct Span {
    var start = -Double.infinity
    var end = Double.infinity
  }

  private var numbers: [Pair: Int] = [:]

  /// How many pairs have copies.
  var count: Int { numbers.count }

  /// The copies among `layers`, their sublayers and masks, each array of layers counted once
  /// however many layers hold it (a repeater's copies hold one, presented once for all,
  /// `SiblingSublayers`).
  init(_ layers: [Layer]) {
    var spans: [Pair: [Span]] = [:]
    var arrays: Set<UnsafeRawPointer> = []
    func visit(_ layers: [Layer], within outer: Span, remapped: Bool) {
      guard let address = layers.storageAddress, arrays.insert(address).inserted else { return }
      for layer in layers {
        var span = outer
        if !remapped, let lifetime = layer.lifetime {
          span.start = max(span.start, lifetime.addedAt)
          span.end = min(span.end, lifetime.removedAt)
        }
        guard span.start < span.end else { continue }
        if let pair = Self.pair(of: layer) { spans[pair, default: []].append(span) }
        // A mask lives at its layer's time; sublayers at the remapped time below a remap.
        visit(layer.sublayers, within: span, remapped: remapped || layer.timeRemap != nil)
        visit(layer.maskStorage, within: span, remapped: remapped)
      }
    }
    visit(layers, within: Span(), remapped: false)
    for (pair, held) in spans where held.count > 1 && Self.meet(held) { numbers[pair] = numbers.count }
  }

  /// Whether two of `spans` share a moment.
  private static func meet(_ spans: [Span]) -> Bool {
    let sorted = spans.sorted { $0.start < $1.start }
    var end = sorted[0].end
    for span in sorted.dropFirst() {
      if span.start < end { return true }
      end = max(end, span.end)
    }
    return false
  }

  /// The number of `layer`'s pair of model values and animations, when another layer holds
  /// the very same and may show at the same time.
  func number(of layer: Layer) -> Int? {
    guard let pair = Self.pair(of: layer) else { return nil }
    return numbers[pair]
  }

  /// The addresses that tell `layer`'s values and animations apart; `nil` for a layer without
  /// animations.
  private static func pair(of layer: Layer) -> Pair? {
    guard let animations = layer.animations.storageAddress else { return nil }
    return Pair(model: UnsafeRawPointer(layer.propertiesStorage.storage.address), animations: animations)
  }
}
