import SplashCore
import SplashModel

/// `gf` and `gs`: a gradient that fills, or strokes, the paths before it, as a
/// `CAGradientLayer` masked by the paths, as lottie-ios's Core Animation engine draws it
/// (`ShapeItemLayer.swift`: a `GradientRenderLayer` under a `CAShapeLayer` mask that fills
/// the path in black, or for a gradient stroke strokes it with the stroke's width, caps,
/// joins and dashes and no fill).
///
///     gradient layer  (kind gradient: colours, locations, start and end points, opacity o)
///       mask          the paths, drawn by the same layers a fill or stroke would use, opaque
///
/// Lottie gives the start `s` and end `e` in the coordinates of the paths; a gradient layer's
/// points are fractions of its bounds. The layer's bounds are a box in those coordinates
/// (`LottieGradientBox`), its anchor point their origin placed at the box's origin, so its
/// coordinates are the paths' and a point p is at (p − origin) ÷ size. That map is affine in
/// each axis, so the keyframes of `s` and `e` map one by one, with their easing.
///
/// - linear (`t: 1`): the start and end points are `s` and `e`.
/// - radial (`t: 2`): a circle around `s` through `e`. A radial `CAGradientLayer` reaches its
///   end point along each axis separately (an ellipse in a box that is not square), so the
///   end point is s + (r, r) with r = |e − s|, as lottie-ios's `GradientAnimations.swift`
///   sets it: a circle of radius r in any box. Since r is not linear in `s` and `e`, the end
///   point is sampled per frame when either moves (lottie-ios refuses animated radial points).
///   A highlight (`h`, `a`: a focal point off the centre) has no `CAGradientLayer`
///   equivalent and is warned about unless its length is 0.
///
/// Colours (`g`) become `colors` and `locations` (see `LottieGradientStops`); keyframes whose
/// stops sit at the same offsets map one by one, others are sampled per frame. The opacity
/// `o` is the gradient layer's, as a fill's is its shape layer's.
struct LottieGradient {
  /// What the gradient paints: the inside of the paths (by a fill rule) or a stroke along them.
  enum Paint {
    case fill(FillRule)
    case stroke(LottieStroke)
  }

  var kind: GradientStyle.Kind
  var startPoint: LottieProperty<[Double]>
  var endPoint: LottieProperty<[Double]>
  /// `g.k`: colour stops, then opacity stops (see `LottieGradientStops`).
  var colors: LottieProperty<[Double]>
  /// `g.p`: how many colour stops `colors` begins with.
  var colorCount: Int
  /// Percent.
  var opacity: LottieProperty<Double>
  var paint: Paint
  /// At most this many samples of an animated point.
  var sampleLimit: Int
  /// At most this many samples of animated colours (fewer for many stops).
  var colorSampleLimit: Int

  /// Most colour stops a gradient may have.
  static let maximumColorCount = 10_000

  /// Reads the `gf` or `gs` item at `cursor`.
  init(_ cursor: LottieCursor, context: LottieContext) throws {
    let limits = context.limits
    kind = (try cursor["t"]?.number()) == 2 ? .radial : .axial
    startPoint = try .read(try cursor.required("s"), limits: limits) { try $0.numbers() }
    endPoint = try .read(try cursor.required("e"), limits: limits) { try $0.numbers() }
    let gradient = try cursor.required("g")
    let stops = try gradient.required("k")
    let count = try gradient["p"].map {
      let expected = "a number of colour stops from 0 to \(Self.maximumColorCount)"
      return Int(try $0.number(in: 0...Double(Self.maximumColorCount), expected: expected))
    }
    colors = try .read(stops, limits: limits) { value in
      let numbers = try value.numbers()
      if let count, numbers.count < 4 * count {
        throw value.error(
          expected: "at least \(4 * count) numbers: offset, red, green and blue of each of the \(count) colour stops (p)")
      }
      return numbers
    }
    // Files from before `p` existed hold colour stops only.
    colorCount = count ?? colors.initialValue.count / 4
    opacity = try cursor["o"].map { try .read($0, limits: limits) { try $0.scalar() } } ?? .constant(100)
    if (try cursor["ty"]?.string()) == "gs" {
      var stroke = try LottieStroke(cursor, color: .constant([0, 0, 0, 1]), context: context)
      // The opacity is the gradient layer's: the mask stays opaque.
      stroke.opacity = .constant(100)
      paint = .stroke(stroke)
    } else {
      paint = .fill((try cursor["r"]?.number()) == 2 ? .evenOdd : .nonZero)
    }
    sampleLimit = limits.sampledFrames
    // Each sample holds at most one stop per two numbers of the longest value.
    let longest = ([colors.initialValue] + colors.keyframeValues).map(\.count).max() ?? 0
    colorSampleLimit = max(2, min(limits.sampledFrames, limits.sampledElements / max(longest / 2, 1)))
    if kind == .radial, let highlight = cursor["h"],
      try LottieProperty<Double>.read(highlight, limits: limits, { try $0.scalar() }).isNonZero
    {
      context.warnings.note(
        "radial gradient highlights (h, a) are not applied: the gradient is centred on its start point", at: highlight.jsonPath)
    }
  }

  /// The opaque fill or stroke that draws the paths into the gradient's mask.
  var maskStyle: LottieShapeItem {
    switch paint {
    case .fill(let rule): .fill(LottieFill(maskRule: rule))
    case .stroke(let stroke): .stroke(stroke)
    }
  }

}

extension LottieFill {
  /// Opaque black by `rule`: how a gradient fill's paths draw into its mask.
  init(maskRule rule: FillRule) {
    color = .constant([0, 0, 0, 1])
    opacity = .constant(100)
    self.rule = rule
  }
}
