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
    if start <= 0 && end >= 1 { return self }
    guard end > start else { return Path() }

    // Every curve is measured for the total, but only the two the cut falls in need their
    // lengths along them: those are measured again, to the same numbers.
    let segments = CurveSegment.segments(of: self, samplesPerCurve: samplesPerCurve, keepingLengths: false)
    let totalLength = segments.reduce(0) { $0 + $1.length }
    guard totalLength > 0 else { return Path() }
    let startLength = start * totalLength
    let endLength = end * totalLength

    var result = Path()
    var walked = 0.0
    var needsMove = true
    var previousSubpath = -1
    for segment in segments {
      let segmentStart = walked
      let segmentEnd = walked + segment.length
      walked = segmentEnd
      if segment.subpath != previousSubpath {
        needsMove = true
        previousSubpath = segment.subpath
      }
      // Zero-length segments carry no stroke; skipping them keeps cuts exact.
      guard segment.length > 0, segmentEnd > startLength, segmentStart < endLength else { continue }
      let from = max(0, (startLength - segmentStart) / segment.length)
      let to = min(1, (endLength - segmentStart) / segment.length)
      let piece = (from > 0 || to < 1 ? segment.withLengths(samples: samplesPerCurve) : segment)
        .piece(fromFraction: from, toFraction: to)
      if needsMove {
        result.move(to: piece.start)
        needsMove = false
      }
      result.elements.append(piece.element)
    }
    return result
  }

  /// The total arc length of the path, closing segments included.
  public func length(samplesPerCurve: Int = 64) -> Double {
    CurveSegment.segments(of: self, samplesPerCurve: samplesPerCurve, keepingLengths: false).reduce(0) { $0 + $1.length }
  }
}
