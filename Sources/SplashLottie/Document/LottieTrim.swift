import SplashCore
import SplashModel

/// `tm`: trim paths, which keep a stretch of the paths before them, from `s` to `e` percent
/// of their length, shifted by `o` degrees (360° is the whole length).
///
/// For a stroke this is `CAShapeLayer`'s `strokeStart` and `strokeEnd`. A stretch that runs
/// past the end of the path wraps round to its start, which one shape layer cannot show, so a
/// trimmed stroke is two layers: the stretch up to the path's end, and the part that wrapped.
///
///     path     0 ───────────────────────────── 1
///     trim                      start ━━━━━━━━━━│━━━━ end (> 1)
///     layer A                   start ━━━━━━━━━ 1
///     layer B  0 ━━━━ end − 1
///
/// `m: 1` trims each path on its own ("simultaneously"); `m: 2` trims the paths as one
/// sequence ("individually"), which is what one shape layer holding them all does.
///
/// Several trims after a path stack, as players apply them: the nearest trims the path, the
/// next trims what the nearest kept, and so on (`then`). A later trim whose stretch would wrap
/// round the kept piece is cut at the piece's end (warned).
struct LottieTrim {
  /// Where the trim is written: tells trims apart, and names one in a warning.
  var jsonPath: String
  var start: LottieProperty<Double>
  var end: LottieProperty<Double>
  var offset: LottieProperty<Double>
  /// Whether the paths are trimmed as one sequence (`m: 2`).
  var isSequential: Bool
  /// The trims farther from the path, applied in turn to what this one keeps.
  var then: [LottieTrim] = []

  init(_ cursor: LottieCursor, limits: LottieLimits) throws {
    jsonPath = cursor.jsonPath
    start = try cursor["s"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(0)
    end = try cursor["e"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(100)
    offset = try cursor["o"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(0)
    isSequential = (try cursor["m"]?.number()) == 2
  }

  var isAnimated: Bool { start.isAnimated || end.isAnimated || offset.isAnimated || then.contains { $0.isAnimated } }

  /// Whether the trim keeps every path whole whatever the frame: 0 % to 100 % (any offset).
  var keepsEverything: Bool {
    guard case .constant(let first) = start, case .constant(let last) = end else { return false }
    return abs(last - first) >= 100 && then.allSatisfy(\.keepsEverything)
  }

  /// `trims` (nearest first) as one stacked trim, leaving out those that keep everything;
  /// `nil` when none trims anything.
  static func stacked(_ trims: [LottieTrim]) -> LottieTrim? {
    let cutting = trims.filter { !$0.keepsEverything }
    guard var nearest = cutting.first else { return nil }
    nearest.then = Array(cutting.dropFirst())
    return nearest
  }

  /// Tells stacks apart: the places of the trims in it.
  var identity: String { ([jsonPath] + then.map(\.jsonPath)).joined(separator: " ") }

  /// Whether a later trim's stretch wraps round the piece the trims before it keep at any of
  /// `frames` (drawn cut at the piece's end).
  func wrapsWithinPiece(at frames: [Double]) -> Bool {
    !then.isEmpty && frames.contains { frame in then.contains { $0.ownRange(at: frame).upper > 1 } }
  }

  /// The kept stretch at layer-local frame `frame`, as fractions of the length: `lower` in
  /// 0..<1 and `upper` ≥ `lower` (above 1 when it wraps), or the whole path. Stacked trims
  /// narrow it in turn.
  func range(at frame: Double) -> (lower: Double, upper: Double) {
    var (lower, upper) = ownRange(at: frame)
    for later in then {
      let (innerLower, innerUpper) = later.ownRange(at: frame)
      let width = upper - lower
      (lower, upper) = (lower + innerLower * width, lower + min(innerUpper, 1) * width)
    }
    let wraps = lower.rounded(.down)
    return (lower - wraps, upper - wraps)
  }

  /// This trim's own stretch, as `range(at:)` describes it.
  private func ownRange(at frame: Double) -> (lower: Double, upper: Double) {
    var first = start.value(at: frame) / 100
    var last = end.value(at: frame) / 100
    if first > last { swap(&first, &last) }
    first = first.clampedToUnit
    last = last.clampedToUnit
    if last - first >= 1 { return (0, 1) }
    let shift = offset.value(at: frame) / 360
    let lower = first + shift
    let wraps = lower.rounded(.down)
    return (lower - wraps, last + shift - wraps)
  }

}
