/// How much of a Lottie file splashvid reads before refusing it: far beyond real animations,
/// small enough that a hostile file cannot exhaust memory or time.
struct LottieLimits {
  var layers = 10_000
  var keyframesPerProperty = 10_000
  var shapeItems = 100_000
  var pathVertices = 100_000
  /// Precompositions inside each other (a reference cycle is refused before this).
  var precompositionDepth = 32
  /// Animated rectangles, ellipses and stars are sampled once per frame; at most this many.
  var sampledFrames = 10_000
  /// Sampled frames of all values of one file together (`LottieSamplingBudget`): some 350 MB
  /// of sampled paths at most (a sampled ellipse drawn by a fill and a stroke takes about 900
  /// bytes a frame), ten times what a busy real animation samples.
  var sampledFramesInAll = 400_000
  /// Points of a star or polygon (`sr`'s `pt`).
  var starPoints = 1_000
  /// Vertices (of a star) or colour stops (of a gradient) in all the samples of one animated
  /// value together: a large value is sampled less often than once per frame.
  var sampledElements = 250_000
  /// Evaluations of expressions in one file (one per expression and frame): some seconds of
  /// scripts at most, a hundred times what a busy real animation needs.
  var expressionEvaluations = 200_000
  /// Characters in one text document (each may be a layer of its own).
  var textCharacters = 10_000
}
