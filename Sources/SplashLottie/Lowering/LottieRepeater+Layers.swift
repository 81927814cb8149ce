import SplashCore
import SplashModel

extension LottieRepeater {
  /// `content` (what the items before the repeater draw) repeated, on `timeline`.
  func replicate(_ content: [Layer], id: String, timeline: LottieTimeline, sampler: LottieSampler, limits: LottieLimits) -> Layer {
    // An animated count makes as many copies as ever show, each hidden while the count is
    // not past it.
    let count = copyCount
    func shown(at frame: Double) -> Int { copies.isAnimated ? min(shownCopies(at: frame), count) : count }
    // Every copy keeps its own sampled track, so the copies share one copy's sampling limit.
    let frames =
      isAnimated
      ? sampler.frames(
        of: [
          anchor, position, scale, rotation.map { [$0] }, offset.map { [$0] }, startOpacity.map { [$0] }, endOpacity.map { [$0] },
          copies.map { [$0] },
        ],
        limit: max(8, limits.sampledFrames / max(count, 1)))
      : []
    let times = frames.map(timeline.seconds)
    // The copies shown at each sampled frame, counted once for all the copies.
    let shownCounts = frames.map(shown)
    /// A track of `value` at each sampled frame, given the frame's place in `frames`.
    func animation<Value>(_ target: LayerProperty<Value>, discrete: Bool = false, _ value: (Int) -> Value) -> Animation? {
      guard frames.count > 1,
        let (sampled, timing) = LottieAnimations.track(
          times: times, values: frames.indices.map { value($0).animatableValue }, timingFunctions: [])
      else { return nil }
      var track = sampled
      if discrete { track.calculationMode = .discrete }
      return .property(
        PropertyAnimation(keyPath: target.keyPath, timing: timing, values: .keyframes(track), isRemovedOnCompletion: false))
    }

    var repeated = Layer(id: "\(id) (repeater)")
    repeated.sublayers = (0..<count).map { index in
      var copy = Layer(id: "\(id) (copy \(index))", sublayers: content)
      LayerPropertyRegistry.transform.set(transform(copy: index, at: 0), in: &copy.properties)
      LayerPropertyRegistry.opacity.set(opacity(copy: index, of: shown(at: 0), at: 0), in: &copy.properties)
      // Sampled per frame: a copy's transform is one matrix made of several animated parts,
      // which keyframes of the matrix would not interpolate as the parts do.
      copy.animations = [
        movesCopies ? animation(LayerPropertyRegistry.transform) { transform(copy: index, at: frames[$0]) } : nil,
        animation(LayerPropertyRegistry.opacity) { opacity(copy: index, of: shownCounts[$0], at: frames[$0]) },
      ].compactMap { $0 }
      if copies.isAnimated {
        LayerPropertyRegistry.hidden.set(index >= shown(at: 0), in: &copy.properties)
        // Shown from the frame the count passes it, at once, as the players show it.
        if shownCounts.contains(where: { index >= $0 }),
          let visibility = animation(LayerPropertyRegistry.hidden, discrete: true, { index >= shownCounts[$0] })
        {
          copy.animations.append(visibility)
        }
      }
      return copy
    }
    return repeated
  }
}
