import SplashCore
import Testing

@testable import SplashModel

/// Subtrees that hold steady from the earlier frame's time to this frame's are taken whole
/// from the earlier frame (`Layer.presentsAsBefore`), from spans of time worked out once
/// (`SteadySpans`): the trees must stay those evaluated alone, wherever the times fall.
@Suite("Subtrees holding steady since the earlier frame are that frame's subtrees")
struct SteadySubtreeTests {
  static let probe = Scene.motionProbeInterval

  /// x rests at 0 until 0.4 s, slides to 50 by 0.6 s and rests there; filled both ways.
  static func restSlideRest(
    beginTime: Double = 0, repeatCount: Double = 0, timingFunction: TimingFunction? = nil,
    mode: CalculationMode = .linear
  ) -> Animation {
    .property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionX.keyPath,
        timing: MediaTiming(beginTime: beginTime, duration: 1, repeatCount: repeatCount, fillMode: .both),
        values: .keyframes(
          KeyframeTrack(
            values: [.scalar(0), .scalar(0), .scalar(50), .scalar(50)], keyTimes: [0, 0.4, 0.6, 1],
            calculationMode: mode)),
        timingFunction: timingFunction))
  }

  /// y slides from 0 to 100 over `duration` from `beginTime`, without rest.
  static func slideDown(beginTime: Double = 0, duration: Double = 1) -> Animation {
    .property(
      PropertyAnimation(
        keyPath: LayerPropertyRegistry.positionY.keyPath,
        timing: MediaTiming(beginTime: beginTime, duration: duration, fillMode: .both),
        values: .keyframes(KeyframeTrack(values: [.scalar(0), .scalar(100)], keyTimes: [0, 1]))))
  }

  @Test("spans apart from moments, and where two kinds of steadiness meet, stop short of each moment")
  func spans() {
    let apart = SteadySpans(apartFrom: [3, 1, .infinity])
    #expect(apart.holds(-5, 0.5) && apart.holds(2, 2.9) && apart.holds(3.5, 100))
    #expect(!apart.holds(0.5, 1.5) && !apart.holds(2, 4), "across a moment")
    #expect(!apart.holds(1, 2) && !apart.holds(0.5, 1), "on a moment itself")
    let both = SteadySpans(apartFrom: [1]).intersection(SteadySpans(apartFrom: [2]))
    #expect(both.holds(1.5, 1.9) && both.holds(0, 0.9) && both.holds(2.1, 9))
    #expect(!both.holds(0.5, 1.5) && !both.holds(1.5, 2.5))
    #expect(both.holds(1.2, 1.3, 1.4, 1.5) && !both.holds(1.2, 1.3, 1.4, 2.5))
    #expect(SteadySpans.always.holds(-1e300, 1e300) && !SteadySpans.never.holds(0, 0))
  }

  @Test("an animation holds steady before it begins, where its keyframes rest, and after it ends")
  func animationSpans() {
    let spans = Self.restSlideRest(beginTime: 1).steadySpans
    #expect(spans.holds(0, 0.9), "before it begins (filled backwards)")
    #expect(spans.holds(1.1, 1.3), "the first rest")
    #expect(spans.holds(1.7, 1.9), "the second rest")
    #expect(spans.holds(2.5, 9), "past its end")
    #expect(!spans.holds(1.3, 1.5) && !spans.holds(1.2, 1.8), "into the slide; two rests at different values")
    #expect(!spans.holds(1.3, 1.4) && !spans.holds(0.9, 1.1), "a frame on a key time, or on the begin time")
    #expect(Self.restSlideRest(mode: .discrete).steadySpans.holds(0.45, 0.55), "a discrete track between key times")
    // What a pass does not tell: repeats, an eased pass, groups; before and after still hold.
    let repeating = Self.restSlideRest(repeatCount: 2).steadySpans
    #expect(!repeating.holds(0.1, 0.3) && repeating.holds(2.5, 3))
    let eased = Self.restSlideRest(timingFunction: .easeIn).steadySpans
    #expect(!eased.holds(0.1, 0.3) && eased.holds(1.5, 2) && eased.holds(-1, -0.5))
    let group = Animation.group(AnimationGroup(timing: MediaTiming(duration: 1), animations: [Self.restSlideRest()]))
    #expect(group.steadySpans == .never)
  }

  /// Whether `layer`, presented at `earlier` below a superlayer moving or not (`moves.0`),
  /// presents at `now` (below one moving or not, `moves.1`) as it did then.
  static func presentsAsBefore(_ layer: Layer, from earlier: Double, to now: Double, moves: (Bool, Bool) = (false, false))
    -> Bool
  {
    let stills = StillPresentations(layer)
    func probe(_ time: Double, _ moves: Bool) -> Layer.MotionProbe {
      Layer.MotionProbe(time: time + Self.probe, animationTime: time + Self.probe, superlayerMoves: moves, scope: MotionScope(layer))
    }
    var earlierLayer = layer.presentation(
      at: earlier, animationTime: earlier, tint: .white, detail: .drawn, motion: probe(earlier, moves.0), stills: stills)
    return withUnsafePointer(to: &earlierLayer) { pointer in
      layer.presentsAsBefore(
        pointer, at: Layer.EarlierTimes(time: earlier, animationTime: earlier, probeTime: earlier + Self.probe), time: now,
        animationTime: now, motion: probe(now, moves.1), steady: stills.steady)
    }
  }

  @Test("a subtree is taken whole while all of it rests and its superlayer moves as before")
  func decisions() {
    let icon = Layer(id: "icon", sublayers: [Layer(id: "dot", animations: [Self.restSlideRest()])])
    #expect(Self.presentsAsBefore(icon, from: 0.1, to: 0.3))
    #expect(Self.presentsAsBefore(icon, from: 0.7, to: 2.5) == false, "the rest and the fill past the end are apart")
    #expect(Self.presentsAsBefore(icon, from: 1.5, to: 2.5))
    #expect(!Self.presentsAsBefore(icon, from: 0.3, to: 0.5), "a sublayer slides")
    #expect(!Self.presentsAsBefore(icon, from: 0.1, to: 0.3999995), "the probe a moment later falls in the slide")
    #expect(Self.presentsAsBefore(icon, from: 0.1, to: 0.3, moves: (true, true)))
    #expect(!Self.presentsAsBefore(icon, from: 0.1, to: 0.3, moves: (true, false)), "the superlayer stopped: marked otherwise")
    let mortal = Layer(
      id: "icon", sublayers: [Layer(id: "dot", animations: [Self.restSlideRest()], lifetime: LayerLifetime(addedAt: 0.2))])
    #expect(!Self.presentsAsBefore(mortal, from: 0.1, to: 0.3), "a sublayer added between the two times")
    #expect(Self.presentsAsBefore(mortal, from: 0.25, to: 0.3))
    let masked = Layer(id: "icon", mask: Layer(id: "shade", animations: [Self.slideDown()]))
    #expect(!Self.presentsAsBefore(masked, from: 0.1, to: 0.3), "its mask slides")
    let remapping = Layer(
      id: "icon", sublayers: [Layer(id: "dot")],
      timeRemap: TimeRemap(track: KeyframeTrack(values: [.scalar(0)]), beginTime: 0, duration: 0))
    #expect(!Self.presentsAsBefore(remapping, from: 0.1, to: 0.3), "below a time remap times run otherwise")
  }

  @Test("trees shared with any earlier frame are the trees evaluated alone: moving superlayers, lifetimes, masks, remaps")
  func sharedTreesAsAlone() {
    let icon = Layer(
      id: "icon",
      sublayers: [
        Layer(id: "dot", animations: [Self.restSlideRest()]),
        Layer(id: "late", animations: [Self.restSlideRest(beginTime: 0.5)], lifetime: LayerLifetime(addedAt: 0.45, removedAt: 1.6)),
      ],
      mask: Layer(id: "shade", animations: [Self.restSlideRest(beginTime: 0.2)]))
    // The card slides down from 1.8 s to 2.2 s, carrying the icon (resting from 1.6 s) with it.
    let card = Layer(id: "card", animations: [Self.slideDown(beginTime: 1.8, duration: 0.4)], sublayers: [icon])
    let remap = TimeRemap(track: KeyframeTrack(values: [.scalar(0.3), .scalar(1.3)], keyTimes: [0, 1]), beginTime: 0, duration: 1)
    let host = Layer(id: "host", sublayers: [Layer(id: "inner", sublayers: [icon])], timeRemap: remap)
    let scene = Scene(
      canvasSize: Size(width: 100, height: 100), backgroundColor: .black, layers: [card, icon, host],
      clip: ClipWindow(start: 0, cycle: 3))
    let evaluator = SceneEvaluator(scene)
    let times = [0, 0.05, 0.1, 0.3, 0.3999995, 0.4, 0.45, 0.5, 0.7, 0.95, 0.9995, 1, 1.2, 1.55, 1.7, 1.9, 2.1, 2.5]
    var differing: [String] = []
    for earlier in times {
      let earlierTree = evaluator.presentation(at: earlier)
      for now in times where evaluator.presentation(at: now, sharingWith: earlierTree) != scene.presentation(at: now) {
        differing.append("\(now) after \(earlier)")
      }
    }
    #expect(differing.isEmpty, "shared trees unlike the trees alone: \(differing.prefix(5))")
  }

  @Test("a subtree keeps at most SteadySpans.mostKept spans; past that it is never taken whole, and its sublayers keep theirs")
  func spansKeptAtMost() {
    /// x holds at each of `holds` values in turn for 0.7 s, then steps to the next in 0.3 s;
    /// from `beginTime`.
    func steps(_ holds: Int, beginTime: Double = 0) -> Animation {
      let values = (0..<holds).flatMap { [AnimatableValue.scalar(Double($0)), .scalar(Double($0))] }
      let keyTimes = (0..<holds).flatMap { [Double($0) / Double(holds), (Double($0) + 0.7) / Double(holds)] }
      return .property(
        PropertyAnimation(
          keyPath: LayerPropertyRegistry.positionX.keyPath,
          timing: MediaTiming(beginTime: beginTime, duration: Double(holds), fillMode: .both),
          values: .keyframes(KeyframeTrack(values: values, keyTimes: keyTimes))))
    }
    let few = StillPresentations(Layer(id: "few", sublayers: [Layer(id: "dot", animations: [steps(100)])]))
    #expect(few.steady.spans.count > 100 && few.steady.holds(50.3, 50.4))
    let many = StillPresentations(
      Layer(id: "many", sublayers: [Layer(id: "dot", animations: [steps(SteadySpans.mostKept + 10)])]))
    #expect(many.steady == .never)
    #expect(many.sublayers[0].steady == .never, "its own spans are past the bound too")
    // Two sublayers within the bound whose holds overlap by halves: together past it.
    let beside = StillPresentations(
      Layer(
        id: "beside",
        sublayers: [Layer(id: "a", animations: [steps(3000)]), Layer(id: "b", animations: [steps(3000, beginTime: 0.5)])]))
    #expect(beside.steady == .never)
    #expect(beside.sublayers.allSatisfy { $0.steady != .never }, "each sublayer within the bound keeps its spans")
  }
}
