import SplashCore

/// A path item of a shape layer as read (`sh`, `rc`, `el`, `sr`), with the rounded corners
/// (`rd`) after it that round it.
///
/// A path is keyframed point by point; the parametric shapes are kept as their parameters,
/// since the path they draw at a frame is not an interpolation of their keyframes' paths.
/// Building the layers samples them once per frame (`LottieGeometry+Path`).
struct LottieGeometry {
  enum Shape {
    /// `sh`: a path, constant or keyframed.
    case path(LottieProperty<Path>)
    /// `rc`: a rectangle centred on `p`, of size `s`, its corners rounded by `r`.
    case rectangle(center: LottieProperty<[Double]>, size: LottieProperty<[Double]>, roundness: LottieProperty<[Double]>, isReversed: Bool)
    /// `el`: an ellipse centred on `p`, of size `s`.
    case ellipse(center: LottieProperty<[Double]>, size: LottieProperty<[Double]>, isReversed: Bool)
    /// `sr`: a star or a polygon.
    case star(LottieStar)
  }

  var shape: Shape
  /// The radii of the rounded-corner items after it, applied in turn.
  var cornerRadii: [LottieProperty<Double>] = []

  init(_ shape: Shape) {
    self.shape = shape
  }
}
