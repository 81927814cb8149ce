extension Animation {
  /// Where the animation sets the same values throughout (or nothing), as spans of its
  /// parent's time: before it begins and after it ends, and within its one pass where its
  /// keyframes rest (a hold, or a pause between moves).
  ///
  ///     parent time ───────( before )─b─(rest)──(moving)──(rest)─e─( after )──────▶
  ///
  /// Within the pass, only what `holdsSteady` tells steady counts, and only for a keyframe
  /// animation played once, forwards, from its start, with linear pacing: a Lottie file's
  /// every animation. Groups, repeats, springs and the rest are steady before and after alone.
  var steadySpans: SteadySpans {
    guard case .property(let animation) = self else { return .never }
    let timing = animation.timing
    guard timing.speed > 0, timing.speed.isFinite, timing.beginTime.isFinite else { return .never }
    let begin = timing.beginTime
    let end = begin + timing.activeDurationInParent
    var spans = [SteadySpans.Span(lower: -.infinity, upper: begin)]
    let playsOnce = timing.timeOffset == 0 && !timing.autoreverses && timing.activeDuration <= timing.effectiveDuration
    let isLinear = animation.timingFunction == nil || animation.timingFunction == .linear
    // Progress p is reached at begin + p × duration ÷ speed (`MediaTiming.iteration`).
    let scale = timing.effectiveDuration / timing.speed
    if playsOnce, isLinear, scale.isFinite, case .keyframes(let track) = animation.values {
      for span in track.steadyProgressSpans {
        let lower = max(begin + span.lower * scale, begin)
        let upper = min(begin + span.upper * scale, end)
        if lower < upper { spans.append(SteadySpans.Span(lower: lower, upper: upper)) }
      }
    }
    if end.isFinite { spans.append(SteadySpans.Span(lower: end, upper: .infinity)) }
    return SteadySpans(spans: spans)
  }
}
