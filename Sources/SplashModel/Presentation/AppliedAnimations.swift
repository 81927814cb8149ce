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
  /// the pairs presented in the frame have one: issue_1717 numbers some 400 pairs and presents
  /// about ten a frame, and an array of them all, made and destroyed each frame, cost more
  /// than the entries saved.
  private var applied: [Int: Applied] = [:]

  /// `layer`'s model values with its animations applied at `animationTime` (placement alone
  /// when `placementOnly`): those applied last for a layer with the same values and
  /// animations (the pair numbered `pair`), when that was at the same time, or applied now and
  /// kept.
  ///
  /// One entry a pair and a kind, found by its number: copies of one composition are
  /// presented one after another, and most of a file's pairs are never alive twice at once
  /// (issue_1717 uses its scenes' composition twice, each at its own times), where hashing a
  /// key and keeping every entry cost more than applying saved.
  func values(of layer: Layer, pair: Int, at animationTime: Double, placementOnly: Bool) -> CopyOnWrite<LayerProperties> {
    let entry = 2 * pair + (placementOnly ? 1 : 0)
    if let kept = applied[entry], kept.time == animationTime { return kept.values }
    // Applied as `Layer.presentation` and `Layer.motion` apply them.
    var values = layer.propertiesStorage
    for animation in layer.animations {
      animation.apply(atParentTime: animationTime, isTopLevel: true, to: &values.wrappedValue, placementOnly: placementOnly)
    }
    applied[entry] = Applied(time: animationTime, values: values)
    return values
  }
}

/// The layers of a scene that hold the very same model values and animations as another layer
/// of it (`Layer.shareEqualProperties` made equal ones one), each such pair numbered: those
/// whose applied values `AppliedAnimations` keeps for the others.
struct AnimatedCopies {
  private struct Pair: Hashable {
    var model: UnsafeRawPointer
    var animations: UnsafeRawPointer
  }

  private var numbers: [Pair: Int] = [:]

  /// How many pairs have copies.
  var count: Int { numbers.count }

  /// The copies among `layers`, their sublayers and masks, each array of layers counted once
  /// however many layers hold it (a repeater's copies hold one, presented once for all,
  /// `SiblingSublayers`).
  init(_ layers: [Layer]) {
    var seen: Set<Pair> = []
    var found: [Pair: Int] = [:]
    var arrays: Set<UnsafeRawPointer> = []
    func visit(_ layers: [Layer]) {
      guard let address = layers.storageAddress, arrays.insert(address).inserted else { return }
      for layer in layers {
        if let pair = Self.pair(of: layer), !seen.insert(pair).inserted, found[pair] == nil { found[pair] = found.count }
        visit(layer.sublayers)
        visit(layer.maskStorage)
      }
    }
    visit(layers)
    numbers = found
  }

  /// The number of `layer`'s pair of model values and animations, when another layer holds
  /// the very same.
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
