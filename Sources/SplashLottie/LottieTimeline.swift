/// Where a layer's own frames fall in scene seconds.
///
/// A Lottie layer counts frames in its composition's time, shifted by its start time `st` and
/// stretched by `sr`; a precomposition's layers count in the precomposition's time, which its
/// layer maps onto the parent's in turn. Scene time is the root composition's frame divided by
/// its frame rate, so for layer-local frame f:
///
///     parent frame = f × sr + st          scene seconds = root frame ÷ fr
///
///     root comp   0 ─── ip ━━━━━━━━━━━━━━━━━━━━━━━ op ──▶ frames
///     precomp          st ━━ (f × sr) ━━▶              its layers' keyframes, in its frames
struct LottieTimeline {
  /// Scene seconds of layer-local frame 0.
  var offset: Double
  /// Scene seconds per layer-local frame.
  var secondsPerFrame: Double

  /// The root composition's timeline at `framesPerSecond`.
  init(framesPerSecond: Double) {
    offset = 0
    secondsPerFrame = 1 / framesPerSecond
  }

  private init(offset: Double, secondsPerFrame: Double) {
    self.offset = offset
    self.secondsPerFrame = secondsPerFrame
  }

  /// Scene seconds of frame `frame` of this timeline.
  func seconds(_ frame: Double) -> Double { offset + frame * secondsPerFrame }

  /// The timeline of frames counted from `startTime`, each `stretch` of this one's (a layer's
  /// `st` and `sr`, or a precomposition's).
  func shifted(startTime: Double, stretch: Double) -> LottieTimeline {
    LottieTimeline(offset: seconds(startTime), secondsPerFrame: secondsPerFrame * stretch)
  }
}
