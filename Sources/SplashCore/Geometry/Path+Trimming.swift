/// Trimming a path to a fraction of its length, as `strokeStart` / `strokeEnd` do.
extension Path {
  /// The part of this path between two fractions of its total arc length.
  ///
  /// This is what a `CAShapeLayer` strokes for `strokeStart` and `strokeEnd`: the fractions
  /// measure length along the whole path (all subpaths in order, closing segments included), not
  /// the curves' parameters, so `strokeEnd = 0.5` on a circle covers exactly half of it. A
  /// subpath cut by the trim is left open. Curves are cut exactly (de Casteljau); only the place
  /// of the cut is found numerically.
  ///
  /// # Tolerance
  /// Each curve's length is measured over `samplesPerCurve` chords. The default, 64, puts a cut
  /// within about 1e-5 of the curve's length of its true place for curves of up to a quarter turn.
  ///
  /// - Parameters:
  ///   - start: Where the kept part begins, as a fraction of the length (clamped to 0...1).
  ///   - end: Where the kept part ends, as a fraction of the length (clamped to 0...1).
  /// - Returns: The kept part; an empty path when `end <= start` or the path has no length.
  public func trimmed(from start: Double, to end: Double, samplesPerCurve: Int = 64) -> Path {
    let start = start.clampedToUnit
    let end = end.clampedToUnit
    // Nothing is measured for a trim that keeps all or nothing.
    if start <= 0 && end >= 1 { return self }
    guard end > start else { return Path() }
    return MeasuredPath(self, samplesPerCurve: samplesPerCurve).trimmed(from: start, to: end)
  }

  /// The total arc length of the path, closing segments included.
  public func length(samplesPerCurve: Int = 64) -> Double {
    CurveSegment.segments(of: self, samplesPerCurve: samplesPerCurve, keepingLengths: false).reduce(0) { $0 + $1.length }
  }
}
