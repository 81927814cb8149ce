/// How much of a Lottie file splashvid reads before refusing it: far beyond real animations,
/// small enough that a hostile file cannot exhaust memory or time.
struct LottieLimits {
  /// Layers built, a precomposition's each time it is used and each parent's copy in the
  /// layers it holds (a parented layer sits in transform-only copies of its parents).
  var layers = 10_000
  /// Parents of parents: rigs of real animations chain a few, a character's limbs some ten.
  var parentDepth = 64
  /// Shape groups inside groups.
  var groupDepth = 64
  /// The largest frame number `ip` and `op` may name, far past any real timeline; it keeps
  /// scene times where a Double still tells frames apart.
  var frameNumbers = 10_000_000.0
  /// The longest composition: an hour (a loader is seconds long, a long intro minutes).
  var compositionSeconds = 3_600.0
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
