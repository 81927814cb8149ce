/// A path with the length of each of its segments measured, to be trimmed many times.
///
/// Trimming measures every curve of the path (`Path.trimmed`): 64 chords a curve, most of a
/// trim's cost. A Lottie trim animates `strokeStart` and `strokeEnd` over a path that stays
/// the same, so a renderer that keeps the measure from frame to frame trims the path again
/// without measuring it again (LottieLogo1 measured the same letter strokes in every frame:
/// 15 % of its display list's instructions).
///
///     frame n      path ──measure──▶ MeasuredPath ──trimmed(s, e)──▶ piece
///     frame n + 1  same path? ─yes─▶ MeasuredPath ──trimmed(s', e')─▶ piece
///
/// The pieces are the very ones `Path.trimmed` cuts, which trims through this type.
///
/// A curve a cut falls in is measured along its length (where the cut lies in it), once, and
/// kept for the next trims: a trim's ends move a little each frame and fall in the same
/// curves again (honey-sack-hud's 73 trims spent 12 % of its display list measuring them anew).
public final class MeasuredPath: Sendable {
  /// The path measured.
  public let path: Path
  /// Chords a curve was measured over.
  public let samplesPerCurve: Int
  let segments: [CurveSegment]
  let totalLength: Double
  /// The curves cut so far, measured along their length, by index in `segments`. Locked: a
  /// node's measure may be cut by the display lists of two frames drawn at once.
  private let curvesMeasuredAlong = Locked<[Int: CurveSegment]>([:])

  /// Measures `path`, each curve over `samplesPerCurve` chords.
  public init(_ path: Path, samplesPerCurve: Int = 64) {
    self.path = path
    self.samplesPerCurve = samplesPerCurve
    // Only the two curves a cut falls in need their lengths along them: those are measured
    // again when cut, to the same numbers.
    segments = CurveSegment.segments(of: path, samplesPerCurve: samplesPerCurve, keepingLengths: false)
    totalLength = segments.reduce(0) { $0 + $1.length }
  }

  /// Whether this measures `other`, at `samplesPerCurve` chords a curve: the same storage is
  /// told at once, an equal path element by element.
  public func measures(_ other: Path, samplesPerCurve: Int = 64) -> Bool {
    self.samplesPerCurve == samplesPerCurve && (path.elements.sharesStorage(with: other.elements) || path == other)
  }

  /// The part of the path between two fractions of its total arc length (see `Path.trimmed`).
  public func trimmed(from start: Double, to end: Double) -> Path {
    let start = start.clampedToUnit
    let end = end.clampedToUnit
    if start <= 0 && end >= 1 { return path }
    guard end > start, totalLength > 0 else { return Path() }
    let startLength = start * totalLength
    let endLength = end * totalLength

    var result = Path()
    var walked = 0.0
    var needsMove = true
    var previousSubpath = -1
    for (index, segment) in segments.enumerated() {
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
      let piece = (from > 0 || to < 1 ? measuredAlong(index) : segment).piece(fromFraction: from, toFraction: to)
      if needsMove {
        result.move(to: piece.start)
        needsMove = false
      }
      result.elements.append(piece.element)
    }
    return result
  }

  /// Segment `index` with its lengths along it: a curve measured the first time it is cut
  /// and kept (the same numbers as measuring it again), a line as it is.
  private func measuredAlong(_ index: Int) -> CurveSegment {
    let segment = segments[index]
    guard case .cubic = segment.shape else { return segment }
    return curvesMeasuredAlong.withLock { measured in
      if let kept = measured[index] { return kept }
      let measuring = segment.withLengths(samples: samplesPerCurve)
      measured[index] = measuring
      return measuring
    }
  }

  /// How many curves have been measured along their length for cuts (for a test).
  var curvesMeasuredForCuts: Int { curvesMeasuredAlong.withLock { $0.count } }
}
