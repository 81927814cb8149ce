import SplashDocument
import SplashModel

/// One keyframe of an animated Lottie property: its value from this frame on, and how the
/// segment to the next keyframe runs.
struct LottieKeyframe<Value> {
  /// The layer-local frame number (`t`).
  var frame: Double
  var value: Value
  /// The easing of the segment that starts here, per dimension (`o` and `i`: a cubic Bézier
  /// from (0, 0) to (1, 1), the same curve a `CAMediaTimingFunction` is); one entry when every
  /// dimension eases alike.
  var easing: [TimingFunction]
  /// Whether the value holds until the next keyframe and then jumps (`h: 1`).
  var isHold: Bool
  /// A position's spatial tangents (`to` and `ti`), relative to this keyframe's value and to
  /// the next one's: the path between them is a cubic Bézier.
  var outTangent: [Double]
  var inTangent: [Double]

  /// The easing of dimension `dimension`.
  func easing(of dimension: Int) -> TimingFunction {
    easing.isEmpty ? .linear : easing[min(dimension, easing.count - 1)]
  }
}

/// A Lottie property (`{ a, k }`): a constant, or keyframes.
enum LottieProperty<Value> {
  case constant(Value)
  case animated([LottieKeyframe<Value>])

  /// The value shown before the first keyframe (and the model value of the layer).
  var initialValue: Value {
    switch self {
    case .constant(let value): value
    case .animated(let keyframes): keyframes[0].value
    }
  }

  var isAnimated: Bool {
    if case .animated = self { true } else { false }
  }

  /// Reads a property whose values `read` reads (a keyframe's `s`, or the constant `k`).
  ///
  /// Keyframes older exporters write with an end value (`e`) and a last keyframe without a
  /// start value are read as bodymovin defines them: a segment runs from its `s` to the next
  /// keyframe's `s`, or to its own `e` when the next has none.
  static func read(
    _ cursor: LottieCursor, limits: LottieLimits, _ read: (LottieCursor) throws -> Value
  ) throws -> LottieProperty<Value> {
    let content = try cursor.required("k")
    guard isKeyframeList(content) else { return .constant(try read(content)) }
    let entries = try content.array()
    guard entries.count <= limits.keyframesPerProperty else {
      throw content.error(expected: "at most \(limits.keyframesPerProperty) keyframes")
    }
    var keyframes: [LottieKeyframe<Value>] = []
    var previousEnd: Value?
    for entry in entries {
      let frame = try entry.required("t").number()
      let value: Value
      if let start = entry["s"] {
        value = try read(start)
      } else if let end = previousEnd {
        value = end
      } else {
        throw entry.error(expected: "a keyframe with a start value \"s\"")
      }
      previousEnd = try entry["e"].map(read)
      if let last = keyframes.last, frame < last.frame {
        throw try entry.required("t").error(expected: "a frame at or after the previous keyframe's (\(last.frame))")
      }
      keyframes.append(
        LottieKeyframe(
          frame: frame, value: value, easing: try easing(entry), isHold: entry["h"]?.flag ?? false,
          outTangent: try entry["to"]?.numbers() ?? [], inTangent: try entry["ti"]?.numbers() ?? []))
    }
    guard !keyframes.isEmpty else { throw content.error(expected: "at least one keyframe") }
    if keyframes.count == 1 { return .constant(keyframes[0].value) }
    return .animated(keyframes)
  }

  /// Whether `k` holds keyframes: an array of objects with a frame `t`.
  private static func isKeyframeList(_ content: LottieCursor) -> Bool {
    guard case .array(let elements) = content.value, case .object(let first)? = elements.first else { return false }
    return first["t"] != nil
  }

  /// The per-dimension easing of the segment a keyframe starts, from its `o` (out of this
  /// keyframe) and `i` (into the next). An x outside 0…1 is clamped, as players do: time
  /// cannot run backwards within a segment.
  private static func easing(_ entry: LottieCursor) throws -> [TimingFunction] {
    guard let out = entry["o"], let into = entry["i"] else { return [] }
    let outX = try out.required("x").numbers()
    let outY = try out.required("y").numbers()
    let inX = try into.required("x").numbers()
    let inY = try into.required("y").numbers()
    let count = max(outX.count, outY.count, inX.count, inY.count)
    guard count > 0 else { return [] }
    func component(_ list: [Double], _ index: Int) -> Double { list.isEmpty ? 0 : list[min(index, list.count - 1)] }
    return (0..<count).map { dimension in
      TimingFunction(
        min(max(component(outX, dimension), 0), 1), component(outY, dimension),
        min(max(component(inX, dimension), 0), 1), component(inY, dimension))
    }
  }
}

extension LottieProperty where Value == [Double] {
  /// Whether the segments ease every dimension alike, so one animation of the whole value
  /// is faithful; otherwise each dimension gets its own.
  var easesDimensionsAlike: Bool {
    guard case .animated(let keyframes) = self else { return true }
    return keyframes.allSatisfy { keyframe in keyframe.easing.allSatisfy { $0 == keyframe.easing.first } }
  }

  /// Dimension `dimension` on its own (0 where a value is shorter).
  func component(_ dimension: Int) -> LottieProperty<Double> {
    func pick(_ value: [Double]) -> Double { dimension < value.count ? value[dimension] : 0 }
    switch self {
    case .constant(let value): return .constant(pick(value))
    case .animated(let keyframes):
      return .animated(
        keyframes.map {
          LottieKeyframe(
            frame: $0.frame, value: pick($0.value), easing: [$0.easing(of: dimension)], isHold: $0.isHold,
            outTangent: [], inTangent: [])
        })
    }
  }
}

extension LottieProperty {
  /// Every value mapped through `transform`, the timing kept.
  func map<Mapped>(_ transform: (Value) throws -> Mapped) rethrows -> LottieProperty<Mapped> {
    switch self {
    case .constant(let value):
      return .constant(try transform(value))
    case .animated(let keyframes):
      return .animated(
        try keyframes.map {
          LottieKeyframe(
            frame: $0.frame, value: try transform($0.value), easing: $0.easing, isHold: $0.isHold,
            outTangent: $0.outTangent, inTangent: $0.inTangent)
        })
    }
  }
}
