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
struct LottieTrim {
  /// Where the trim is written: tells trims apart, and names one in a warning.
  var jsonPath: String
  var start: LottieProperty<Double>
  var end: LottieProperty<Double>
  var offset: LottieProperty<Double>
  /// Whether the paths are trimmed as one sequence (`m: 2`).
  var isSequential: Bool

  init(_ cursor: LottieCursor, limits: LottieLimits) throws {
    jsonPath = cursor.jsonPath
    start = try cursor["s"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(0)
    end = try cursor["e"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(100)
    offset = try cursor["o"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(0)
    isSequential = (try cursor["m"]?.number()) == 2
  }

  var isAnimated: Bool { start.isAnimated || end.isAnimated || offset.isAnimated }

  /// The kept stretch at layer-local frame `frame`, as fractions of the length: `lower` in
  /// 0..<1 and `upper` ≥ `lower` (above 1 when it wraps), or the whole path.
  func range(at frame: Double) -> (lower: Double, upper: Double) {
    var first = start.value(at: frame) / 100
    var last = end.value(at: frame) / 100
    if first > last { swap(&first, &last) }
    first = min(max(first, 0), 1)
    last = min(max(last, 0), 1)
    if last - first >= 1 { return (0, 1) }
    let shift = offset.value(at: frame) / 360
    let lower = first + shift
    let wraps = lower.rounded(.down)
    return (lower - wraps, last + shift - wraps)
  }

  /// The frames to sample an animated trim at (none for a constant one).
  func sampleFrames(limit: Int) -> [Double] {
    LottieSampling.frames(of: [start, end, offset].map { $0.map { [$0] } }, limit: limit)
  }
}

extension LottieProperty where Value == Double {
  /// The value at layer-local frame `frame`.
  func value(at frame: Double) -> Double {
    map { [$0] }.value(at: frame).first ?? 0
  }
}
