import SplashCore
import SplashModel

/// Lottie keyframes as Core Animation keyframe animations.
///
/// A Lottie property shows its first value before its first keyframe and its last after the
/// last, for ever: the animation is a `CAKeyframeAnimation` from the first keyframe's time to
/// the last's, filled both ways and never removed. Each segment's easing is its timing
/// function; a hold segment becomes a flat segment that jumps a microsecond before the next
/// keyframe, since a keyframe animation's calculation mode cannot change per segment.
///
///     keyframes  k0 ──ease0──▶ k1 ══hold══╗ k2 ──ease2──▶ k3
///     animation  |beginTime = t(k0)       ╚▶ (jump at t(k2) − 1 µs)      t(k3)|
///                 fill backwards                                          fill forwards
enum LottieAnimations {
  /// How long before the next keyframe a hold jumps.
  static let holdJump = 1e-6

  /// The animation of the layer property `target` playing `property` on `timeline`, or `nil`
  /// for a constant.
  ///
  /// `value` turns a Lottie value into the registry property's own type, so a Lottie value
  /// bound to a property of another kind (a colour to `opacity`) does not compile.
  static func animation<Source, Value>(
    _ property: LottieProperty<Source>, of target: LayerProperty<Value>, dimension: Int = 0, timeline: LottieTimeline,
    value: (Source) -> Value
  ) -> Animation? {
    guard let (track, timing) = keyframes(property, dimension: dimension, timeline: timeline, value: { value($0).animatableValue })
    else { return nil }
    return .property(
      PropertyAnimation(keyPath: target.keyPath, timing: timing, values: .keyframes(track), isRemovedOnCompletion: false))
  }

  /// Binds `layer`'s property `target` to `property`: the layer's own value becomes
  /// `property`'s first, through `target`'s typed setter, and the animation returned plays the
  /// rest (`nil` for a constant). One entry and one conversion serve both, so the value a layer
  /// starts with and the one its animation starts from cannot disagree.
  ///
  /// A property the layer's kind does not have is this compiler's mistake, never the file's,
  /// so it stops here rather than write a value nothing draws.
  static func bind<Source, Value>(
    _ target: LayerProperty<Value>, to property: LottieProperty<Source>, on layer: inout Layer, timeline: LottieTimeline,
    value: (Source) -> Value
  ) -> Animation? {
    precondition(target.layerKinds.contains(layer.kind), "\(target.name) bound on a \(layer.kind.rawValue) layer")
    target.set(value(property.initialValue), in: &layer.properties)
    return animation(property, of: target, timeline: timeline, value: value)
  }

  /// The keyframe track and timing that play `property` on `timeline`, or `nil` for a constant.
  static func keyframes<Value>(
    _ property: LottieProperty<Value>, dimension: Int = 0, timeline: LottieTimeline, value: (Value) -> AnimatableValue
  ) -> (KeyframeTrack, MediaTiming)? {
    guard case .animated(let keyframes) = property else { return nil }
    var times: [Double] = []
    var values: [AnimatableValue] = []
    var timingFunctions: [TimingFunction] = []
    for (index, keyframe) in keyframes.enumerated() {
      let time = timeline.seconds(keyframe.frame)
      if let last = times.last, time <= last {
        // Two keyframes at one frame: the later one wins from that moment, a jump.
        times.append(last + holdJump / 2)
      } else {
        times.append(time)
      }
      values.append(value(keyframe.value))
      guard index + 1 < keyframes.count else { break }
      let next = timeline.seconds(keyframes[index + 1].frame)
      if keyframe.isHold {
        timingFunctions.append(.linear)
        if next - holdJump > time {
          times.append(next - holdJump)
          values.append(value(keyframe.value))
          timingFunctions.append(.linear)
        }
      } else {
        timingFunctions.append(keyframe.easing(of: dimension))
      }
    }
    return track(times: times, values: values, timingFunctions: timingFunctions)
  }

  /// A position that moves along the Bézier its spatial tangents describe (`to`, `ti`), as a
  /// `CAKeyframeAnimation` with a `path`: one path segment per keyframe segment, timed by the
  /// keyframes and eased by their first dimension, travelled by arc length as Lottie's players
  /// travel it. `rotatesAlongPath` turns the layer with the path (a layer's auto-orient).
  static func pathAnimation(
    _ property: LottieProperty<[Double]>, timeline: LottieTimeline, rotatesAlongPath: Bool
  ) -> Animation? {
    guard case .animated(let keyframes) = property else { return nil }
    func offset(_ tangent: [Double]) -> Point { tangent.count >= 2 ? Point(x: tangent[0], y: tangent[1]) : .zero }
    var path = Path()
    path.move(to: Point(lottie: keyframes[0].value))
    var times = [timeline.seconds(keyframes[0].frame)]
    var timingFunctions: [TimingFunction] = []
    for index in 0..<(keyframes.count - 1) {
      let keyframe = keyframes[index]
      let start = Point(lottie: keyframe.value)
      let end = Point(lottie: keyframes[index + 1].value)
      let nextTime = max(timeline.seconds(keyframes[index + 1].frame), (times.last ?? 0) + holdJump / 2)
      if keyframe.isHold {
        // Stay, then jump: a segment that goes nowhere, then a straight one at the end.
        path.addLine(to: start)
        times.append(max(nextTime - holdJump, (times.last ?? 0) + holdJump / 4))
        timingFunctions.append(.linear)
        path.addLine(to: end)
        timingFunctions.append(.linear)
      } else {
        path.addCurve(to: end, control1: start + offset(keyframe.outTangent), control2: end + offset(keyframe.inTangent))
        timingFunctions.append(keyframe.easing(of: 0))
      }
      times.append(nextTime)
    }
    guard let first = times.first, let last = times.last, last > first else { return nil }
    let keyTimes = times.map { ($0 - first) / (last - first) }
    let motion = KeyframePath(
      path: path, keyTimes: keyTimes, timingFunctions: timingFunctions, rotationMode: rotatesAlongPath ? .auto : nil,
      segmentTravel: .arcLength)
    return .property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.position.keyPath, timing: MediaTiming(beginTime: first, duration: last - first, fillMode: .both),
        values: .keyframePath(motion), isRemovedOnCompletion: false))
  }

  /// The track through `values` at scene `times`, and its timing, filled both ways.
  static func track(
    times: [Double], values: [AnimatableValue], timingFunctions: [TimingFunction]
  ) -> (KeyframeTrack, MediaTiming)? {
    guard let first = times.first, let last = times.last, last > first, values.count == times.count else { return nil }
    let track = KeyframeTrack(
      values: values, keyTimes: times.map { ($0 - first) / (last - first) },
      timingFunctions: timingFunctions.count == values.count - 1 ? timingFunctions : [])
    return (track, MediaTiming(beginTime: first, duration: last - first, fillMode: .both))
  }
}
