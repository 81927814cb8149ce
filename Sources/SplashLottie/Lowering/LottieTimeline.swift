/// Where a composition's frames fall in scene seconds.
///
/// Every layer counts its keyframes and its in and out points (`ip`, `op`) in the frames of the
/// composition that holds it. A precomposition layer's start time `st` and stretch `sr` change
/// only the time its precomposition's layers see: their frame g is the holding composition's
/// frame st + g × sr (lottie-web's `ICompElement.prepareFrame` gives its layers
/// (frame − st) ÷ sr; lottie-ios's `PreCompositionLayer` and rlottie do the same). A shape
/// layer's own `st` moves nothing: keyframes at frames 0 and 10 of a layer with `st: 20` play
/// at frames 0 and 10. Scene time is the root composition's frame divided by its rate `fr`:
///
///     root comp     0 ── ip ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ op ──▶ root frames
///     precomp layer        ip ━━━━━━━━━━━━━━━━━━━━━━ op        (its own keys: root frames)
///                    st ─┬──────────────────────▶               its contents' frame g
///                        └ g = (root frame − st) ÷ sr            at root frame st + g × sr
///
///     scene seconds = root frame ÷ fr
struct LottieTimeline {
  /// Scene seconds of frame 0 of this composition.
  var offset: Double
  /// Scene seconds per frame of this composition.
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

  /// The timeline a precomposition layer's contents see, when the layer is held on this one
  /// with start time `startTime` and stretch `stretch` (its `st` and `sr`): their frame 0 is
  /// this one's frame `startTime`, and each of their frames lasts `stretch` of this one's.
  func precomposition(startTime: Double, stretch: Double) -> LottieTimeline {
    LottieTimeline(offset: seconds(startTime), secondsPerFrame: secondsPerFrame * stretch)
  }
}
